import {
  billingIntervals,
  paidPlanIds,
  type BillingInterval,
  type PaidPlanId,
} from '#shared/billing.ts';
import { plans, type PlanId } from '#shared/plans.ts';
import type { BillingOverview, BillingStore, Subscription } from '#shared/schemas/billing.ts';

/**
 * What the subscription screen and the signed-in frame make of the API's billing overview: the
 * plan's standing in words the owner understands, the changes on offer, when a change waits for
 * the owner to choose which store stays active, and whether the change asked for has arrived.
 * Pure: tested in Node (tests/unit/client-subscription-state.test.ts).
 */

/**
 * - `free`: no subscription (never subscribed, or it ended);
 * - `active`: paid, renewing on `currentPeriodEnd`;
 * - `cancelling`: paid, ending on `currentPeriodEnd`;
 * - `past-due`: a renewal failed; the plan is kept until `graceEndsAt`;
 * - `lapsed`: still unpaid after the grace period (or Stripe gave up): Free's limits apply until
 *   the payment succeeds;
 * - `incomplete`: the first payment has not gone through yet.
 */
export type PlanStanding =
  | { kind: 'free' }
  | { kind: 'active'; subscription: Subscription }
  | { kind: 'cancelling'; subscription: Subscription }
  | { kind: 'past-due'; subscription: Subscription }
  | { kind: 'lapsed'; subscription: Subscription }
  | { kind: 'incomplete'; subscription: Subscription };

export function planStanding(
  overview: Pick<BillingOverview, 'plan' | 'subscription'>,
): PlanStanding {
  const { subscription } = overview;
  if (subscription === null) return { kind: 'free' };
  switch (subscription.status) {
    case 'canceled':
    case 'incomplete_expired':
      return { kind: 'free' };
    case 'incomplete':
      return { kind: 'incomplete', subscription };
    case 'past_due':
      // The API says which plan applies now: the subscription's during the grace period, Free after.
      return overview.plan === 'free'
        ? { kind: 'lapsed', subscription }
        : { kind: 'past-due', subscription };
    case 'unpaid':
    case 'paused':
      return { kind: 'lapsed', subscription };
    case 'active':
    case 'trialing':
      return subscription.cancelAtPeriodEnd
        ? { kind: 'cancelling', subscription }
        : { kind: 'active', subscription };
  }
}

/** A change of a running subscription the owner may ask for, or its cancellation. */
export type PlannedChange =
  | {
      kind: 'upgrade' | 'downgrade' | 'switch-interval';
      plan: PaidPlanId;
      interval: BillingInterval;
    }
  | { kind: 'cancel' };

/** The changes on offer for a subscription that renews: another period, and the other plan. */
export function changesOnOffer(
  subscription: Pick<Subscription, 'plan' | 'interval'>,
): PlannedChange[] {
  const otherInterval = subscription.interval === 'month' ? 'year' : 'month';
  return [
    subscription.plan === 'pro'
      ? { kind: 'upgrade', plan: 'business', interval: subscription.interval }
      : { kind: 'downgrade', plan: 'pro', interval: subscription.interval },
    { kind: 'switch-interval', plan: subscription.plan, interval: otherInterval },
  ];
}

/** The plan a change leads to: a cancellation ends on Free. */
export function planAfter(change: PlannedChange): PlanId {
  return change.kind === 'cancel' ? 'free' : change.plan;
}

export function storeLimitOf(plan: PlanId): number {
  return plans.find((candidate) => candidate.id === plan)?.limits.stores ?? 1;
}

/**
 * True when the plan a change leads to allows fewer stores than are connected: the owner then
 * chooses the store that stays active (`keepStoreId`), and the others are paused.
 */
export function needsStoreChoice(change: PlannedChange, stores: readonly BillingStore[]): boolean {
  return storeLimitOf(planAfter(change)) < stores.length;
}

/** The store chosen before the owner picks one: the first that is active now. */
export function defaultKeptStore(stores: readonly BillingStore[]): string | null {
  return (stores.find((store) => !store.paused) ?? stores[0])?.id ?? null;
}

/**
 * `?start=pro-month` (the pricing page's sign-up, on its way to checkout): the plan and period, or
 * null for anything else, which is ignored.
 */
export function checkoutToStart(
  value: string | null,
): { plan: PaidPlanId; interval: BillingInterval } | null {
  if (value === null) return null;
  const match = /^([a-z]+)-([a-z]+)$/.exec(value);
  if (match === null) return null;
  const [, plan, interval] = match;
  const knownPlan = paidPlanIds.find((candidate) => candidate === plan);
  const knownInterval = billingIntervals.find((candidate) => candidate === interval);
  return knownPlan === undefined || knownInterval === undefined
    ? null
    : { plan: knownPlan, interval: knownInterval };
}

/**
 * What the screen waits to see after Stripe took a request (or after Checkout): the plan state
 * changes only once Stripe's verified event has reached the API, so the overview is read again
 * until it shows the change.
 */
export type AwaitedChange =
  | { kind: 'checkout' }
  | { kind: 'change'; plan: PaidPlanId; interval: BillingInterval }
  | { kind: 'cancel' }
  | { kind: 'resume' };

/** Where the screen stands with the change it waits for (kept by use-awaited-change.ts). */
export type AwaitedState =
  | { kind: 'idle' }
  | { kind: 'waiting'; change: AwaitedChange; overdue: boolean }
  | { kind: 'arrived'; change: AwaitedChange };

/**
 * One change at a time: while the screen waits for Stripe to confirm one, the plan buttons are
 * disabled. Once the wait is overdue they are usable again, since the confirmation may never come
 * (a bookmarked return from Checkout, an event that does not reach the API): the owner is never
 * locked out of choosing a plan, and "check again" stays offered.
 */
export function changesHeldBy(awaited: AwaitedState): boolean {
  return awaited.kind === 'waiting' && !awaited.overdue;
}

/**
 * The query the subscription screen reads once, on arrival: `start` (Checkout to start),
 * `checkout` and `session_id` (back from Checkout). The screen keeps what they said in memory.
 */
const arrivalQuery = ['start', 'checkout', 'session_id'] as const;

/**
 * The address's query without the arrival query, to replace the address with as soon as it has
 * been read, so that a reload or the browser's Back neither starts Checkout again nor waits again
 * for a payment; null when there is nothing to remove.
 */
export function queryAfterArrival(query: URLSearchParams): URLSearchParams | null {
  if (!arrivalQuery.some((name) => query.has(name))) return null;
  const next = new URLSearchParams(query);
  for (const name of arrivalQuery) next.delete(name);
  return next;
}

export function awaitedChangeOf(change: PlannedChange): AwaitedChange {
  return change.kind === 'cancel'
    ? { kind: 'cancel' }
    : { kind: 'change', plan: change.plan, interval: change.interval };
}

export function changeArrived(
  awaited: AwaitedChange,
  overview: Pick<BillingOverview, 'plan' | 'subscription'> | undefined,
): boolean {
  if (overview === undefined) return false;
  const { subscription } = overview;
  switch (awaited.kind) {
    case 'checkout':
      return (
        subscription !== null &&
        (subscription.status === 'active' || subscription.status === 'trialing') &&
        overview.plan === subscription.plan
      );
    case 'change':
      return subscription?.plan === awaited.plan && subscription.interval === awaited.interval;
    case 'cancel':
      return subscription === null || subscription.cancelAtPeriodEnd;
    case 'resume':
      return subscription !== null && !subscription.cancelAtPeriodEnd;
  }
}

/** How often the overview is read while waiting, and for how long before saying it is slow. */
export const confirmationPollMs = 1000;
export const confirmationPatienceMs = 60_000;

/** The next read's delay while waiting since `since`, or false once patience has run out. */
export function confirmationPollDelay(since: number, now: number): number | false {
  return now - since < confirmationPatienceMs ? confirmationPollMs : false;
}

/**
 * The signed-in frame's warning of a failed renewal: during the grace period, the plan kept and the
 * date to pay by; after it, that Free's limits apply. Null when no payment has failed.
 */
export type PaymentWarning =
  | { kind: 'grace'; plan: PaidPlanId; graceEndsAt: string | null }
  | { kind: 'lapsed'; plan: PaidPlanId };

export function paymentWarning(
  overview: Pick<BillingOverview, 'plan' | 'subscription'>,
): PaymentWarning | null {
  const standing = planStanding(overview);
  if (standing.kind === 'past-due') {
    return {
      kind: 'grace',
      plan: standing.subscription.plan,
      graceEndsAt: standing.subscription.graceEndsAt,
    };
  }
  if (standing.kind === 'lapsed') return { kind: 'lapsed', plan: standing.subscription.plan };
  return null;
}
