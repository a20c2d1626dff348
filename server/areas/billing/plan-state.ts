import { desc, eq } from 'drizzle-orm';
import { pastDueGraceDays } from '#shared/billing.ts';
import type { PlanId } from '#shared/plans.ts';
import type { Queryable } from '#server/db/database.ts';
import { billingSubscriptions } from './tables.ts';

export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;

const dayMs = 86_400_000;

/** What an account's plan is now, and the subscription behind it if it has one. */
export interface PlanState {
  /** The plan whose limits apply now. */
  plan: PlanId;
  /** The account's current subscription (currentSubscriptionOf); null if it never subscribed. */
  subscription: SubscriptionRow | null;
  /** For a subscription past due: when its grace period ends (or ended). */
  graceEndsAt: Date | null;
}

/**
 * The plan a subscription grants at `now`. Active and trialing subscriptions grant their plan, also
 * when cancelling at the period's end (Stripe ends them then, and its event says so). A past-due one
 * keeps its plan for the grace period after the renewal first failed; past due on a change that was
 * not paid (no grace period started: sync-subscription.ts), it grants the plan recorded, the one the
 * period was paid for. Every other status (unpaid, canceled, incomplete, paused) grants Free: the
 * data stays, the limits are Free's.
 */
export function planGrantedBy(subscription: SubscriptionRow | null, now: Date): PlanId {
  if (subscription === null) return 'free';
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.plan;
    case 'past_due': {
      const graceEndsAt = graceEndOf(subscription);
      if (graceEndsAt === null) return subscription.plan;
      return now < graceEndsAt ? subscription.plan : 'free';
    }
    default:
      return 'free';
  }
}

export function graceEndOf(subscription: Pick<SubscriptionRow, 'pastDueSince'>): Date | null {
  return subscription.pastDueSince === null
    ? null
    : new Date(subscription.pastDueSince.getTime() + pastDueGraceDays * dayMs);
}

/**
 * Statuses of a subscription that still bills the owner (a past-due one is being retried): an owner
 * with one changes its plan rather than subscribing again.
 */
const liveStatuses: ReadonlySet<string> = new Set<SubscriptionRow['status']>([
  'active',
  'trialing',
  'past_due',
]);

/** Whether a subscription, as recorded or as Stripe answers it, still bills the owner. */
export function isLive(subscription: { status: string }): boolean {
  return liveStatuses.has(subscription.status);
}

/** Every subscription recorded for the account, newest first. */
export async function subscriptionsOf(db: Queryable, uid: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.uid, uid))
    .orderBy(desc(billingSubscriptions.stripeCreatedAt));
}

/**
 * The account's current subscription: the newest one that still grants a plan or bills the owner,
 * else the newest of all. A subscription canceled after a newer one started (an old one ending
 * late, a second one refunded) must not hide the one the owner pays for.
 */
export async function currentSubscriptionOf(
  db: Queryable,
  uid: string,
  now = new Date(),
): Promise<SubscriptionRow | null> {
  const rows = await subscriptionsOf(db, uid);
  return rows.find((row) => planGrantedBy(row, now) !== 'free' || isLive(row)) ?? rows[0] ?? null;
}

export async function planStateOf(
  db: Queryable,
  uid: string,
  now = new Date(),
): Promise<PlanState> {
  const subscription = await currentSubscriptionOf(db, uid, now);
  return {
    plan: planGrantedBy(subscription, now),
    subscription,
    graceEndsAt: subscription === null ? null : graceEndOf(subscription),
  };
}

/** The plan whose limits apply to the account now: what the other areas check their limits with. */
export async function effectivePlanOf(
  db: Queryable,
  uid: string,
  now = new Date(),
): Promise<PlanId> {
  return (await planStateOf(db, uid, now)).plan;
}
