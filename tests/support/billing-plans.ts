import { randomUUID } from 'node:crypto';
import type { PaidPlanId, SubscriptionStatus } from '#shared/billing.ts';
import { billingSubscriptions } from '#server/areas/billing/tables.ts';
import type { Database } from '#server/db/database.ts';

/**
 * Gives an account a paid plan as billing would once Stripe said so: a subscription row, newer than
 * any the account had (the newest one is the account's current subscription). Active unless told;
 * `pastDueSince` for a renewal that failed then.
 */
export async function subscribeToPlan(
  db: Database,
  uid: string,
  plan: PaidPlanId,
  options: { status?: SubscriptionStatus; pastDueSince?: Date; createdAt?: Date } = {},
): Promise<string> {
  const stripeSubscriptionId = `sub_test_${randomUUID()}`;
  await db.insert(billingSubscriptions).values({
    stripeSubscriptionId,
    uid,
    stripeCustomerId: `cus_test_${uid}`,
    plan,
    interval: 'month',
    status: options.status ?? 'active',
    currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    cancelAtPeriodEnd: false,
    pastDueSince: options.pastDueSince ?? null,
    stripeCreatedAt: options.createdAt ?? new Date(),
  });
  return stripeSubscriptionId;
}
