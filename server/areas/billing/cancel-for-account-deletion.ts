import type Stripe from 'stripe';
import { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import { deleteBillingRows, findCustomerId } from './billing-customers-repository.ts';
import { expireOpenCheckoutSessions } from './checkout-sessions.ts';
import { hasEnded } from './live-subscription.ts';
import { describeFailure, isMissingAtStripe, StripeCallFailure } from './stripe-failure.ts';

/**
 * Before an account is deleted, expires its customer's Checkout sessions still open (one paid later
 * would start a subscription for an account that is gone), then ends at Stripe, now, every
 * subscription of its customer that has not ended: a deleted account must not be billed again.
 * Stripe is asked for the list rather than this product's copy, which lags behind its events (a
 * checkout paid a moment ago may have no row yet). A subscription already ended, or unknown to
 * Stripe, counts as done. Throws `subscription_cancel_failed` (503) if a session cannot be expired
 * or a subscription ended, and then nothing of the account may be deleted: the owner could no
 * longer reach the subscription to stop it.
 *
 * `stripe` is absent only where the API runs without billing (tests of other routes): an account
 * with a customer then cannot be deleted, rather than be deleted with a subscription left running.
 */
export async function cancelSubscriptionsForAccountDeletion(
  deps: { db: Database; stripe?: Stripe | undefined },
  uid: string,
): Promise<void> {
  const customer = await findCustomerId(deps.db, uid);
  if (customer === undefined) return;
  const { stripe } = deps;
  if (stripe === undefined) throw cancelFailed('Stripe is not configured on this API');
  try {
    // First the sessions still payable, so that no payment can start a subscription after the list.
    await expireOpenCheckoutSessions(stripe, customer);
    for await (const subscription of stripe.subscriptions.list({ customer, limit: 100 })) {
      if (!hasEnded(subscription)) await cancelNow(stripe, subscription.id);
    }
  } catch (error) {
    throw cancelFailed(describeFailure(error));
  }
}

async function cancelNow(stripe: Stripe, subscriptionId: string): Promise<void> {
  try {
    await stripe.subscriptions.cancel(subscriptionId);
  } catch (error) {
    if (isMissingAtStripe(error)) return;
    // Ended between the list and now (its period ran out, another deletion attempt): done.
    const current = await stripe.subscriptions.retrieve(subscriptionId).catch(() => undefined);
    if (current !== undefined && hasEnded(current)) return;
    throw error;
  }
}

function cancelFailed(reason: string): AppError {
  return new AppError('subscription_cancel_failed', 503, {
    message: 'The subscription could not be cancelled at Stripe, so nothing was deleted; try again',
    cause: new StripeCallFailure(`Cancelling before an account deletion failed: ${reason}`),
  });
}

/**
 * Forgets the account's Stripe customer and subscriptions, once they are cancelled. Stripe keeps the
 * customer and its invoices, which accounting law requires.
 */
export async function deleteBillingData(db: Database, uid: string): Promise<void> {
  await deleteBillingRows(db, uid);
}
