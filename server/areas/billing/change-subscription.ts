import type Stripe from 'stripe';
import { AppError } from '#shared/errors.ts';
import { plans } from '#shared/plans.ts';
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

/** What became of a change: applied, or waiting for the owner to pay its invoice on Stripe's page. */
export interface SubscriptionChangeOutcome {
  /** The invoice's hosted payment page while Stripe holds the change pending its payment. */
  paymentUrl: string | null;
}

/**
 * Moves a live subscription (requireLiveSubscription) to another plan or period, prorated, and
 * withdraws a cancellation asked for earlier: choosing a plan means keeping a subscription. An
 * upgrade is invoiced at once for the rest of the period (`always_invoice`): its higher limits apply
 * as soon as Stripe confirms, so they are paid then, not at the next renewal. A downgrade leaves the
 * difference as a credit on the next invoice (`create_prorations`). A change of period restarts the
 * billing cycle, which Stripe invoices at once either way.
 *
 * Nothing is granted before it is paid (`pending_if_incomplete`): when the invoice of the change
 * cannot be paid now (a refused card, or one that needs the owner's action), Stripe keeps the
 * subscription as it was, holds the change as a pending update, and applies it only once that
 * invoice is paid; the owner is sent to the invoice's payment page. The plan state is not touched
 * here: Stripe's event for the change updates it, as for every other change.
 */
export async function changeSubscription(
  deps: Pick<BillingDependencies, 'stripe' | 'prices'>,
  subscription: Pick<SubscriptionRow, 'stripeSubscriptionId' | 'plan' | 'interval'>,
  choice: PlanPrice,
): Promise<SubscriptionChangeOutcome> {
  const id = subscription.stripeSubscriptionId;
  const itemId = await subscriptionItemOf(deps, id);
  const price = await deps.prices.priceIdOf(choice);
  const changed = await callStripe('subscription change', () =>
    deps.stripe.subscriptions.update(id, {
      items: [{ id: itemId, price }],
      proration_behavior: isUpgrade(subscription, choice) ? 'always_invoice' : 'create_prorations',
      payment_behavior: 'pending_if_incomplete',
      cancel_at_period_end: false,
      expand: ['latest_invoice'],
    }),
  );
  return { paymentUrl: changed.pending_update === null ? null : paymentPageOf(changed) };
}

/** The hosted page of the invoice a pending update waits for. */
function paymentPageOf(subscription: Stripe.Subscription): string {
  const invoice = subscription.latest_invoice;
  const url = typeof invoice === 'object' ? invoice?.hosted_invoice_url : undefined;
  if (url == null)
    throw new Error(`Stripe held the change of ${subscription.id} without an invoice page to pay`);
  return url;
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
