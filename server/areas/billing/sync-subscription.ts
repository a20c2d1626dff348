import Stripe from 'stripe';
import { subscriptionStatuses, type SubscriptionStatus } from '../../../shared/billing.ts';
import type { Database } from '../../db/database.ts';
import type { JobLog } from '../../jobs/job-queue.ts';
import { subscriptionClaimKey, withBillingClaim } from './billing-claims-repository.ts';
import {
  findCustomerOwner,
  findSubscription,
  upsertSubscription,
} from './billing-subscriptions-repository.ts';
import { hasEnded } from './live-subscription.ts';
import { planOfLookupKey } from './price-catalog.ts';

export interface SyncSubscriptionDependencies {
  db: Database;
  /** Vitrine's Stripe account (server/platform/stripe/stripe-client.ts). */
  stripe: Stripe;
  log: Pick<JobLog, 'info' | 'warn'>;
}

/**
 * What became of a subscription read back from Stripe: stored, or left out because its price is
 * none of the plans' (and it was never stored), its status is one this product does not know, its
 * customer belongs to no account of this product (any more), or Stripe has no such subscription.
 */
export type SyncOutcome =
  'stored' | 'unknown price' | 'unknown status' | 'unknown account' | 'not at Stripe';

function isSubscriptionStatus(status: string): status is SubscriptionStatus {
  return (subscriptionStatuses as readonly string[]).includes(status);
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

async function retrieveSubscription(
  stripe: Stripe,
  subscriptionId: string,
): Promise<Stripe.Subscription | undefined> {
  try {
    return await stripe.subscriptions.retrieve(subscriptionId);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return undefined;
    }
    throw error;
  }
}

/**
 * Ends now, at Stripe, a subscription whose customer no account has any more: the account was
 * deleted (its deletion cancels its subscriptions and expires its open Checkout sessions first), so
 * this one slipped through, a payment made while the account was being deleted, say. Nobody could
 * reach it to stop it any more.
 */
async function cancelOrphan(
  deps: SyncSubscriptionDependencies,
  subscription: Stripe.Subscription,
): Promise<void> {
  try {
    await deps.stripe.subscriptions.cancel(subscription.id);
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404))
      throw error;
  }
  deps.log.warn(
    {
      subscriptionId: subscription.id,
      customerId: idOf(subscription.customer),
      status: subscription.status,
    },
    'live subscription of a customer no account has (the account was deleted); cancelled at Stripe',
  );
}

/** How long a sync may hold its claim: far longer than its calls to Stripe take (each ends within
 * 20 s, server/platform/stripe/stripe-client.ts). */
const syncClaimMs = 2 * 60_000;

/**
 * Reads the subscription back from Stripe and stores what Stripe says now. Whatever event led here,
 * however late, repeated or out of order, the row ends as Stripe has it: the event only says which
 * subscription to read. Reading and storing happen under the subscription's claim, so two runs at
 * once cannot store an older reading over a newer one: the second waits, then reads Stripe after the
 * first has written. The claim is a row, not an open transaction, so no database connection waits
 * on Stripe (billing-claims-repository.ts). A subscription deleted at Stripe reads back
 * `canceled`. A failure to reach Stripe is thrown, for the job to try again.
 *
 * Nothing is stored for a customer without its `billing_customers` row (deleted with its account):
 * a late event must not bring a deleted account's subscription back, and one still live there is
 * cancelled (cancelOrphan). The plan and period come from the price's lookup key; a stored
 * subscription whose price lost its key keeps its plan and period and follows Stripe for the rest.
 */
export async function syncSubscription(
  deps: SyncSubscriptionDependencies,
  subscriptionId: string,
): Promise<SyncOutcome> {
  const claimKey = subscriptionClaimKey(subscriptionId);
  return withBillingClaim(deps.db, claimKey, syncClaimMs, async () => {
    const subscription = await retrieveSubscription(deps.stripe, subscriptionId);
    if (subscription === undefined) {
      deps.log.warn({ subscriptionId }, 'Stripe has no such subscription; nothing stored');
      return 'not at Stripe';
    }
    if (!isSubscriptionStatus(subscription.status)) {
      deps.log.warn({ subscriptionId, status: subscription.status }, 'unknown status; ignored');
      return 'unknown status';
    }
    const item = subscription.items.data[0];
    const lookupKey = item?.price.lookup_key ?? null;
    const stored = await findSubscription(deps.db, subscriptionId);
    const sold = planOfLookupKey(lookupKey) ?? stored;
    if (item === undefined || sold === undefined) {
      deps.log.warn(
        { subscriptionId, lookupKey },
        'subscription to a price that is none of the plans; ignored',
      );
      return 'unknown price';
    }
    if (planOfLookupKey(lookupKey) === undefined) {
      // Stripe moved the plan's lookup key to a new price: existing subscribers keep the old one,
      // now without a key. Their plan stays as stored; their status and period still follow Stripe.
      deps.log.warn(
        { subscriptionId, lookupKey, priceId: item.price.id, plan: sold.plan },
        "subscription's price has none of the plans' lookup keys any more; plan kept as stored",
      );
    }
    const customerId = idOf(subscription.customer);
    const customerOwner = await findCustomerOwner(deps.db, customerId);
    if (customerOwner === undefined) {
      // A customer this product made has a row until its account is deleted.
      if (!hasEnded(subscription)) await cancelOrphan(deps, subscription);
      else deps.log.warn({ subscriptionId }, 'subscription of no known account; skipped');
      return 'unknown account';
    }
    const fromMetadata = subscription.metadata?.uid;
    const uid =
      typeof fromMetadata === 'string' && fromMetadata !== ''
        ? fromMetadata
        : (stored?.uid ?? customerOwner);
    await upsertSubscription(deps.db, {
      stripeSubscriptionId: subscription.id,
      uid,
      stripeCustomerId: customerId,
      plan: sold.plan,
      interval: sold.interval,
      status: subscription.status,
      currentPeriodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      stripeCreatedAt: new Date(subscription.created * 1000),
    });
    deps.log.info({ subscriptionId, uid, status: subscription.status }, 'subscription synced');
    return 'stored';
  });
}
