import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import { billingContracts as contracts } from '#shared/contracts/billing.ts';
import type {
  BillingOverview,
  CancelSubscriptionBody,
  ChangeSubscriptionBody,
} from '#shared/schemas/billing.ts';
import { ApiError } from './api-error.ts';
import { callApi } from './call-api.ts';

/**
 * The subscription's calls, through the BFF, by their contracts (shared/contracts/billing.ts). Here rather than in one feature because three places call them: the
 * pricing page starts a checkout, the subscription screen manages the plan, and the signed-in
 * frame warns of a failed payment.
 */

/** The plan in force, the subscription behind it, usage against each limit and the stores. */
export async function fetchBillingOverview(): Promise<BillingOverview> {
  return (await callApi(contracts.overview, {})).data;
}

/** Stripe's hosted Checkout for the plan and period: the address the browser goes to next. */
export async function startCheckout(plan: PaidPlanId, interval: BillingInterval): Promise<string> {
  const answer = await callApi(contracts.startCheckout, { body: { plan, interval } });
  return followableAddress(answer.data.url, 'POST checkout-sessions');
}

/** Stripe's customer portal (payment method, invoices, tax id): where the browser goes next. */
export async function startPortalSession(): Promise<string> {
  const answer = await callApi(contracts.startPortalSession, { body: {} });
  return followableAddress(answer.data.url, 'POST portal-sessions');
}

/**
 * Another plan or period; Stripe's event, not this answer, changes the plan in force. The address of
 * the change's invoice when Stripe holds the change until it is paid (the browser goes there
 * next), else null.
 */
export async function changeSubscription(body: ChangeSubscriptionBody): Promise<string | null> {
  const answer = await callApi(contracts.changeSubscription, { body });
  const { paymentUrl } = answer.data;
  return paymentUrl === null ? null : followableAddress(paymentUrl, 'POST subscription/change');
}

/** Ends the subscription at the end of the period paid for. */
export async function cancelSubscription(body: CancelSubscriptionBody): Promise<void> {
  await callApi(contracts.cancelSubscription, { body });
}

/** Undoes a cancellation before the date it takes effect. */
export async function resumeSubscription(): Promise<void> {
  await callApi(contracts.resumeSubscription, { body: {} });
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
