import Stripe from 'stripe';
import { subscriptionStatuses, type SubscriptionStatus } from '#shared/billing.ts';
import type { Database } from '#server/db/database.ts';
import { recordActivity } from '#server/areas/activity/index.ts';
import type { JobLog } from '#server/jobs/job-queue.ts';
import { recordLiveEvent } from '#server/areas/live/index.ts';
import { subscriptionClaimKey, withBillingClaim } from './billing-claims-repository.ts';
import {
  findCustomerOwner,
  findSubscription,
  upsertSubscription,
} from './billing-subscriptions-repository.ts';
import { hasEnded } from './live-subscription.ts';
import type { PlanId } from '#shared/plans.ts';
import { planLimitsOf } from './plan-limits.ts';
import { effectivePlanOf, type SubscriptionRow } from './plan-state.ts';
import { planOfLookupKey } from './price-catalog.ts';

export interface SyncSubscriptionDependencies {
  db: Database;
  /** Vitrine's Stripe account (server/platform/stripe/stripe-client.ts). */
  stripe: Stripe;
  log: Pick<JobLog, 'info' | 'warn'>;
  /**
   * Called once a sync grew the page limit of the account's plan (an upgrade, a payment that
   * ended a lapse): the composition root has the SEO area audit the owner's stores again, so that
   * the pages the plan now allows are read at once rather than at the next weekly audit.
   */
  onPageLimitGrown?: (uid: string) => Promise<void>;
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
    return await stripe.subscriptions.retrieve(subscriptionId, { expand: ['latest_invoice'] });
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
      return undefined;
    }
    throw error;
  }
}

/**
 * Whether a subscription past due owes a renewal (its latest invoice is a new period's,
 * `billing_reason = subscription_cycle`), or was already in a renewal's grace period: only then
 * does the grace period apply. Past due on a change's invoice (an upgrade charged without pending
 * updates, from Stripe's Dashboard say), the owner paid for the period on the plan they had.
 */
function owesRenewal(subscription: Stripe.Subscription, stored: SubscriptionRow | undefined) {
  const invoice = subscription.latest_invoice;
  const reason = typeof invoice === 'object' ? invoice?.billing_reason : undefined;
  return reason === undefined || reason === 'subscription_cycle' || stored?.pastDueSince != null;
}

/**
 * What the current period cost after a discount, from the subscription's latest invoice: the
 * period's own (its first or a renewal) with a discount gives its total; without one, null. A paid
 * change's invoice starts a price of its own (null); an unpaid one changed nothing (`stored`).
 */
function discountedPriceOf(
  subscription: Stripe.Subscription,
  stored: SubscriptionRow | undefined,
): number | null {
  const invoice = subscription.latest_invoice;
  if (invoice === null || typeof invoice !== 'object') return stored?.discountedPriceCents ?? null;
  if (
    invoice.billing_reason === 'subscription_create' ||
    invoice.billing_reason === 'subscription_cycle'
  ) {
    const discount = (invoice.total_discount_amounts ?? []).reduce(
      (sum, { amount }) => sum + amount,
      0,
    );
    return discount > 0 ? invoice.total : null;
  }
  return invoice.status === 'paid' ? null : (stored?.discountedPriceCents ?? null);
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
 * A subscription past due on a change's invoice keeps the plan stored before the change, without
 * a grace period (owesRenewal): the grace is for renewals that failed.
 */
export async function syncSubscription(
  deps: SyncSubscriptionDependencies,
  subscriptionId: string,
): Promise<SyncOutcome> {
  const claimKey = subscriptionClaimKey(subscriptionId);
  const grown: { uid?: string } = {};
  const outcome = await withBillingClaim(deps.db, claimKey, syncClaimMs, async () => {
    const subscription = await retrieveSubscription(deps.stripe, subscriptionId);
    if (subscription === undefined) {
      deps.log.warn({ subscriptionId }, 'Stripe has no such subscription; nothing stored');
      return 'not at Stripe';
    }
    if (!isSubscriptionStatus(subscription.status)) {
      deps.log.warn({ subscriptionId, status: subscription.status }, 'unknown status; ignored');
      return 'unknown status';
    }
    const status = subscription.status;
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
    // A change refused for its payment grants nothing: the plan stays the one stored before it.
    const failedChange = subscription.status === 'past_due' && !owesRenewal(subscription, stored);
    const granted = failedChange && stored !== undefined ? stored : sold;
    const fromMetadata = subscription.metadata?.uid;
    const uid =
      typeof fromMetadata === 'string' && fromMetadata !== ''
        ? fromMetadata
        : (stored?.uid ?? customerOwner);
    // One short transaction, Stripe already read: the plan before and after the write agree.
    await deps.db.transaction(async (tx) => {
      const planBefore = await effectivePlanOf(tx, uid);
      await upsertSubscription(
        tx,
        {
          stripeSubscriptionId: subscription.id,
          uid,
          stripeCustomerId: customerId,
          plan: granted.plan,
          interval: granted.interval,
          status,
          currentPeriodEnd: new Date(item.current_period_end * 1000),
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          discountedPriceCents: discountedPriceOf(subscription, stored),
          stripeCreatedAt: new Date(subscription.created * 1000),
        },
        { graceApplies: !failedChange },
      );
      const planAfter = await effectivePlanOf(tx, uid);
      if (planAfter !== planBefore) {
        await recordActivity(tx, {
          ownerUid: uid,
          kind: 'plan.changed',
          actor: 'stripe',
          details: { plan: planAfter },
        });
      }
      if (pageLimitGrew(planBefore, planAfter)) grown.uid = uid;
      // The subscription screen, the limits and the stores it pauses follow, once this commits.
      await recordLiveEvent(tx, { ownerUid: uid, shopId: null, type: 'plan.changed' });
    });
    deps.log.info({ subscriptionId, uid, status: subscription.status }, 'subscription synced');
    return 'stored';
  });
  // Once the plan is committed, so that the audits read its limit.
  if (grown.uid !== undefined) await auditAgain(deps, grown.uid);
  return outcome;
}

function pageLimitGrew(before: PlanId, after: PlanId): boolean {
  return planLimitsOf(after).limits.pagesAudited > planLimitsOf(before).limits.pagesAudited;
}

/**
 * The stores' audit with the larger limit; not queued, it waits for the next weekly audit, and the
 * subscription stays stored (the event is not handled again for it).
 */
async function auditAgain(deps: SyncSubscriptionDependencies, uid: string): Promise<void> {
  try {
    await deps.onPageLimitGrown?.(uid);
  } catch (error) {
    deps.log.warn({ err: error, uid }, 'audit after the page limit grew not queued');
  }
}
