import { AppError } from '../../../shared/errors.ts';
import { plans } from '../../../shared/plans.ts';
import type { BillingDependencies } from './billing-dependencies.ts';
import type { SubscriptionRow } from './plan-state.ts';
import type { PlanPrice } from './price-catalog.ts';
import { callStripe, isMissingAtStripe, stripeFailure } from './stripe-failure.ts';

/**
 * Whether moving from one plan and period to another asks the owner for more: a plan dearer by the
 * month, or from monthly to yearly billing.
 */
export function isUpgrade(from: PlanPrice, to: PlanPrice): boolean {
  const monthly = (plan: PlanPrice['plan']) =>
    plans.find((candidate) => candidate.id === plan)!.monthlyPriceCents;
  return (
    monthly(to.plan) > monthly(from.plan) || (from.interval === 'month' && to.interval === 'year')
  );
}

/**
 * Moves a live subscription (requireLiveSubscription) to another plan or period, prorated, and
 * withdraws a cancellation asked for earlier: choosing a plan means keeping a subscription. An
 * upgrade is invoiced at once for the rest of the period (`always_invoice`): its higher limits apply
 * as soon as Stripe confirms, so they are paid then, not at the next renewal. A downgrade leaves the
 * difference as a credit on the next invoice (`create_prorations`). A change of period restarts the
 * billing cycle, which Stripe invoices at once either way. The plan state is not touched here:
 * Stripe's event for the change updates it, as for every other change.
 */
export async function changeSubscription(
  deps: Pick<BillingDependencies, 'stripe' | 'prices'>,
  subscription: Pick<SubscriptionRow, 'stripeSubscriptionId' | 'plan' | 'interval'>,
  choice: PlanPrice,
): Promise<void> {
  const id = subscription.stripeSubscriptionId;
  const itemId = await subscriptionItemOf(deps, id);
  const price = await deps.prices.priceIdOf(choice);
  await callStripe('subscription change', () =>
    deps.stripe.subscriptions.update(id, {
      items: [{ id: itemId, price }],
      proration_behavior: isUpgrade(subscription, choice) ? 'always_invoice' : 'create_prorations',
      cancel_at_period_end: false,
    }),
  );
}

/** The subscription's one item, whose price a change replaces; read from Stripe, which owns it. */
async function subscriptionItemOf(
  deps: Pick<BillingDependencies, 'stripe'>,
  subscriptionId: string,
): Promise<string> {
  try {
    const stripeSubscription = await deps.stripe.subscriptions.retrieve(subscriptionId);
    const [item] = stripeSubscription.items.data;
    if (item === undefined) throw new Error(`Stripe's subscription ${subscriptionId} has no item`);
    return item.id;
  } catch (error) {
    if (isMissingAtStripe(error)) {
      throw new AppError('no_subscription', 409, {
        message: 'Stripe no longer has this subscription',
      });
    }
    throw stripeFailure('subscription retrieval', error);
  }
}
