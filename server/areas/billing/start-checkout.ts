import type { PlanPrice } from './price-catalog.ts';
import { AppError } from '#shared/errors.ts';
import { customerOf, existingCustomerOf, type BillingAccount } from './billing-customer.ts';
import type { BillingDependencies } from './billing-dependencies.ts';
import {
  checkoutClaimKey,
  claimBillingWork,
  releaseBillingClaim,
} from './billing-claims-repository.ts';
import { expireOpenCheckoutSessions } from './checkout-sessions.ts';
import { hasEnded } from './live-subscription.ts';
import { subscriptionsOf } from './plan-state.ts';
import { callStripe } from './stripe-failure.ts';

/**
 * Opens a Stripe Checkout for a paid plan and answers its address, after expiring the account's
 * earlier sessions still open. An account with a subscription that has not ended (live, or unpaid
 * and still payable) changes its plan instead (`subscription_exists`): a second subscription would
 * bill twice.
 *
 * Nothing changes here when the owner pays: the plan follows Stripe's event (the webhook), never the
 * page Checkout sends the owner back to, which anyone could open.
 */
export async function startCheckout(
  deps: BillingDependencies,
  account: BillingAccount,
  choice: PlanPrice,
): Promise<string> {
  // One checkout start of an account at a time: two at once (two tabs) would each expire the
  // other's older sessions, then both leave a payable one open. The one that comes second is
  // refused at once rather than kept waiting, and nothing holds a database connection while Stripe
  // answers: otherwise one account sending many starts at once would take every connection.
  const claim = await claimBillingWork(deps.db, checkoutClaimKey(account.uid), checkoutClaimMs);
  if (claim === undefined) throw checkoutInProgress();
  try {
    return await openCheckout(deps, account, choice);
  } finally {
    await releaseBillingClaim(deps.db, claim);
  }
}

/**
 * How long a checkout start may hold its claim: far longer than its calls to Stripe take (each
 * ends within 20 s, server/platform/stripe/stripe-client.ts), and short enough that a start whose
 * process died does not keep the owner from checking out for long.
 */
const checkoutClaimMs = 2 * 60_000;

function checkoutInProgress(): AppError {
  return new AppError('checkout_in_progress', 409, {
    message: 'A checkout of this account is being opened; wait for it, then try again',
  });
}

async function openCheckout(
  deps: BillingDependencies,
  account: BillingAccount,
  choice: PlanPrice,
): Promise<string> {
  const recorded = await subscriptionsOf(deps.db, account.uid);
  if (recorded.some((subscription) => !hasEnded(subscription))) throw subscriptionExists();
  const known = await existingCustomerOf(deps.db, account.uid);
  if (known !== undefined) {
    // A checkout paid a moment ago may not be recorded yet (its event is on its way): Stripe knows.
    if (await hasSubscriptionAtStripe(deps, known)) throw subscriptionExists();
    // A session opened earlier stays payable for a day: paying it after this one would make a
    // second subscription. Only the newest session may be paid.
    await callStripe('checkout session expiry', () =>
      expireOpenCheckoutSessions(deps.stripe, known),
    );
  }
  const customer = known ?? (await customerOf(deps, account));
  const { publicUrl, automaticTax } = deps.settings;
  const price = await deps.prices.priceIdOf(choice);
  const session = await callStripe('checkout session creation', () =>
    deps.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer,
      line_items: [{ price, quantity: 1 }],
      // Stripe puts the session's id in place of {CHECKOUT_SESSION_ID}.
      success_url: `${publicUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${publicUrl}/subscription?checkout=cancelled`,
      locale: account.language,
      allow_promotion_codes: true,
      client_reference_id: account.uid,
      // The subscription names its account, so that its events find the account without the session.
      subscription_data: { metadata: { uid: account.uid } },
      automatic_tax: { enabled: automaticTax },
      // Stripe Tax needs the address Checkout collects to be kept on the customer.
      ...(automaticTax && { customer_update: { address: 'auto' } }),
    }),
  );
  if (session.url === null) throw new Error('Stripe answered a Checkout session without a page');
  return session.url;
}

function subscriptionExists(): AppError {
  return new AppError('subscription_exists', 409, {
    message: 'The account already has a subscription; change its plan instead',
  });
}

/** Whether Stripe has a subscription of the customer that has not ended (hasEnded). Stripe's
 * default list leaves out canceled ones only. */
async function hasSubscriptionAtStripe(
  deps: Pick<BillingDependencies, 'stripe'>,
  customer: string,
): Promise<boolean> {
  const subscriptions = await callStripe('subscription listing', () =>
    deps.stripe.subscriptions.list({ customer, limit: 100 }),
  );
  return subscriptions.data.some((subscription) => !hasEnded(subscription));
}
