import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import {
  billingOverviewSchema,
  billingRedirectSchema,
  subscriptionChangeAcceptedSchema,
  subscriptionChangeSchema,
  type BillingOverview,
  type CancelSubscriptionBody,
  type ChangeSubscriptionBody,
} from '#shared/schemas/billing.ts';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';

/**
 * The subscription's calls, through the BFF, read with the API's own schemas
 * (shared/schemas/billing.ts). Here rather than in one feature because three places call them: the
 * pricing page starts a checkout, the subscription screen manages the plan, and the signed-in
 * frame warns of a failed payment.
 */

export const billingPath = '/api/v1/billing';

/** The plan in force, the subscription behind it, usage against each limit and the stores. */
export async function fetchBillingOverview(): Promise<BillingOverview> {
  const answer = await apiRequest('GET', billingPath, billingOverviewSchema);
  return answer.data;
}

/** Stripe's hosted Checkout for the plan and period: the address the browser goes to next. */
export async function startCheckout(plan: PaidPlanId, interval: BillingInterval): Promise<string> {
  const answer = await apiRequest(
    'POST',
    `${billingPath}/checkout-sessions`,
    billingRedirectSchema,
    { plan, interval },
  );
  return followableAddress(answer.data.url, 'POST checkout-sessions');
}

/** Stripe's customer portal (payment method, invoices, tax id): where the browser goes next. */
export async function startPortalSession(): Promise<string> {
  const answer = await apiRequest(
    'POST',
    `${billingPath}/portal-sessions`,
    billingRedirectSchema,
    {},
  );
  return followableAddress(answer.data.url, 'POST portal-sessions');
}

/**
 * Another plan or period; Stripe's event, not this answer, changes the plan in force. The address of
 * the change's invoice when Stripe holds the change until it is paid (the browser goes there
 * next), else null.
 */
export async function changeSubscription(body: ChangeSubscriptionBody): Promise<string | null> {
  const answer = await apiRequest(
    'POST',
    `${billingPath}/subscription/change`,
    subscriptionChangeSchema,
    body,
  );
  const { paymentUrl } = answer.data;
  return paymentUrl === null ? null : followableAddress(paymentUrl, 'POST subscription/change');
}

/** Ends the subscription at the end of the period paid for. */
export async function cancelSubscription(body: CancelSubscriptionBody): Promise<void> {
  await apiRequest(
    'POST',
    `${billingPath}/subscription/cancel`,
    subscriptionChangeAcceptedSchema,
    body,
  );
}

/** Undoes a cancellation before the date it takes effect. */
export async function resumeSubscription(): Promise<void> {
  await apiRequest(
    'POST',
    `${billingPath}/subscription/resume`,
    subscriptionChangeAcceptedSchema,
    {},
  );
}

/**
 * The address of a Stripe page the API answered, when it is a web address; null otherwise (a
 * `javascript:` URL from a broken answer must never be followed).
 */
export function webAddressOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
}

/** The redirect's address, or the contract's failure when it is not one the browser may follow. */
function followableAddress(url: string, call: string): string {
  const address = webAddressOf(url);
  if (address === null) throw new ApiError(201, 'internal_error', `${call}: not a web address`);
  return address;
}
