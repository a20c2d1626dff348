import type { BillingDependencies } from './billing-dependencies.ts';
import type { SubscriptionRow } from './plan-state.ts';
import { callStripe } from './stripe-failure.ts';

type LiveSubscription = Pick<SubscriptionRow, 'stripeSubscriptionId'>;

/**
 * Ends a live subscription (requireLiveSubscription) at the end of the period paid for: the owner
 * keeps the plan until then, and gets the Free plan's limits after. Stripe's event records it.
 */
export async function cancelSubscription(
  deps: Pick<BillingDependencies, 'stripe'>,
  subscription: LiveSubscription,
): Promise<void> {
  await callStripe('subscription cancellation', () =>
    deps.stripe.subscriptions.update(subscription.stripeSubscriptionId, {
      cancel_at_period_end: true,
    }),
  );
}

/** Withdraws a cancellation at the period's end: the subscription renews again. */
export async function resumeSubscription(
  deps: Pick<BillingDependencies, 'stripe'>,
  subscription: LiveSubscription,
): Promise<void> {
  await callStripe('subscription resumption', () =>
    deps.stripe.subscriptions.update(subscription.stripeSubscriptionId, {
      cancel_at_period_end: false,
    }),
  );
}
