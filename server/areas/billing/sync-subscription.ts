import Stripe from 'stripe';
import {
  billingIntervals,
  paidPlanIds,
  priceLookupKey,
  subscriptionStatuses,
  type BillingInterval,
  type PaidPlanId,
  type SubscriptionStatus,
} from '../../../shared/billing.ts';
import type { Database } from '../../db/database.ts';
import type { JobLog } from '../../jobs/job-queue.ts';
import {
  findCustomerOwner,
  findSubscriptionOwner,
  upsertSubscription,
  withSubscriptionLock,
  type Queryable,
} from './billing-subscriptions-repository.ts';

export interface SyncSubscriptionDependencies {
  db: Database;
  /** Vitrine's Stripe account (server/platform/stripe/stripe-client.ts). */
  stripe: Stripe;
  log: Pick<JobLog, 'info' | 'warn'>;
}

/**
 * What became of a subscription read back from Stripe: stored, or left out because its price is
 * none of the plans', its status is one this product does not know, it belongs to no account of
 * this product, or Stripe has no such subscription.
 */
export type SyncOutcome =
  'stored' | 'unknown price' | 'unknown status' | 'unknown account' | 'not at Stripe';

/** Each price lookup key (shared/billing.ts), with the plan and the period it sells. */
const planOfPrice = new Map<string, { plan: PaidPlanId; interval: BillingInterval }>(
  paidPlanIds.flatMap((plan) =>
    billingIntervals.map(
      (interval) => [priceLookupKey(plan, interval), { plan, interval }] as const,
    ),
  ),
);

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
 * The account a subscription belongs to: the one the checkout wrote in its metadata, else the one
 * it was stored under before, else the owner of its customer.
 */
async function ownerOf(
  tx: Queryable,
  subscription: Stripe.Subscription,
): Promise<string | undefined> {
  const fromMetadata = subscription.metadata?.uid;
  if (typeof fromMetadata === 'string' && fromMetadata !== '') return fromMetadata;
  return (
    (await findSubscriptionOwner(tx, subscription.id)) ??
    (await findCustomerOwner(tx, idOf(subscription.customer)))
  );
}

/**
 * Reads the subscription back from Stripe and stores what Stripe says now. Whatever event led here,
 * however late, repeated or out of order, the row ends as Stripe has it: the event only says which
 * subscription to read. Reading and storing happen under the subscription's lock, so two runs at
 * once cannot store an older reading over a newer one. A subscription deleted at Stripe reads back
 * `canceled`. A failure to reach Stripe is thrown, for the job to try again.
 */
export async function syncSubscription(
  deps: SyncSubscriptionDependencies,
  subscriptionId: string,
): Promise<SyncOutcome> {
  return withSubscriptionLock(deps.db, subscriptionId, async (tx) => {
    const subscription = await retrieveSubscription(deps.stripe, subscriptionId);
    if (subscription === undefined) {
      deps.log.warn({ subscriptionId }, 'Stripe has no such subscription; nothing stored');
      return 'not at Stripe';
    }
    const item = subscription.items.data[0];
    const lookupKey = item?.price.lookup_key ?? null;
    const sold = lookupKey === null ? undefined : planOfPrice.get(lookupKey);
    if (item === undefined || sold === undefined) {
      deps.log.warn(
        { subscriptionId, lookupKey },
        'subscription to a price that is none of the plans; ignored',
      );
      return 'unknown price';
    }
    if (!isSubscriptionStatus(subscription.status)) {
      deps.log.warn({ subscriptionId, status: subscription.status }, 'unknown status; ignored');
      return 'unknown status';
    }
    const uid = await ownerOf(tx, subscription);
    if (uid === undefined) {
      deps.log.warn({ subscriptionId }, 'subscription of no known account; skipped');
      return 'unknown account';
    }
    await upsertSubscription(tx, {
      stripeSubscriptionId: subscription.id,
      uid,
      stripeCustomerId: idOf(subscription.customer),
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
