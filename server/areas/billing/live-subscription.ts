import { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import { currentSubscriptionOf, isLive, type SubscriptionRow } from './plan-state.ts';

/** Statuses after which Stripe bills nothing more and the subscription can never come back. */
const endedStatuses: ReadonlySet<string> = new Set<SubscriptionRow['status']>([
  'canceled',
  'incomplete_expired',
]);

/**
 * Whether a subscription, as recorded or as Stripe answers it, has ended for good. One that has not
 * (unpaid, incomplete, paused too) may still be paid and come back to life: while an account has
 * one, it may not start another, which would bill it twice.
 */
export function hasEnded(subscription: { status: string }): boolean {
  return endedStatuses.has(subscription.status);
}

/** The account's current subscription when it is live; `no_subscription` (409) otherwise. */
export async function requireLiveSubscription(db: Database, uid: string): Promise<SubscriptionRow> {
  const subscription = await currentSubscriptionOf(db, uid);
  if (subscription === null || !isLive(subscription)) {
    throw new AppError('no_subscription', 409, {
      message: 'The account has no subscription to change; start one from the Free plan',
    });
  }
  return subscription;
}
