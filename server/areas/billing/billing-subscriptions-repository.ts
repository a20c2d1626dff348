import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/database.ts';
import type { SubscriptionRow } from './plan-state.ts';
import { billingCustomers, billingSubscriptions } from './tables.ts';

/** A subscription as read from Stripe, ready to store; when it was first seen past due is ours. */
export type SubscriptionState = Omit<
  typeof billingSubscriptions.$inferInsert,
  'pastDueSince' | 'syncedAt'
>;

/**
 * Stores the subscription as Stripe says it is now. `past_due_since` is the time this product first
 * saw it past due on a renewal (`graceApplies`): set then, kept while it stays past due (however
 * many events say so again), and cleared once it is not past due any more, so that a later failure
 * starts a new grace period. Past due on anything else, it stays null: no grace period runs.
 */
export async function upsertSubscription(
  db: Queryable,
  state: SubscriptionState,
  { graceApplies }: { graceApplies: boolean },
): Promise<SubscriptionRow> {
  const inGrace = state.status === 'past_due' && graceApplies;
  const [row] = await db
    .insert(billingSubscriptions)
    .values({ ...state, pastDueSince: inGrace ? sql`now()` : null })
    .onConflictDoUpdate({
      target: billingSubscriptions.stripeSubscriptionId,
      set: {
        uid: state.uid,
        stripeCustomerId: state.stripeCustomerId,
        plan: state.plan,
        interval: state.interval,
        status: state.status,
        currentPeriodEnd: state.currentPeriodEnd,
        cancelAtPeriodEnd: state.cancelAtPeriodEnd,
        discountedPriceCents: state.discountedPriceCents ?? null,
        stripeCreatedAt: state.stripeCreatedAt,
        pastDueSince: inGrace
          ? sql`coalesce(${billingSubscriptions.pastDueSince}, now())`
          : sql`null`,
        syncedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** A subscription as stored before, if it was. */
export async function findSubscription(
  db: Queryable,
  stripeSubscriptionId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.stripeSubscriptionId, stripeSubscriptionId));
  return row;
}

/** The account whose Stripe customer this is, if the product created it. */
export async function findCustomerOwner(
  db: Queryable,
  stripeCustomerId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ uid: billingCustomers.uid })
    .from(billingCustomers)
    .where(eq(billingCustomers.stripeCustomerId, stripeCustomerId));
  return row?.uid;
}
