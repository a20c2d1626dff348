import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/database.ts';
import { currentSubscriptionOf, type SubscriptionRow } from './plan-state.ts';

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
