import * as z from 'zod/mini';
import { recordActivity } from '#server/areas/activity/index.ts';
import { findSubscription } from './billing-subscriptions-repository.ts';
import { syncSubscription, type SyncSubscriptionDependencies } from './sync-subscription.ts';

/** The events that may change a subscription, and so the plan of its account. */
export const subscriptionEventTypes: ReadonlySet<string> = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.pending_update_applied',
  'customer.subscription.pending_update_expired',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
]);

const optionalId = z.nullish(z.string());

/** What the handler reads of a recorded event (server/areas/webhooks/receive-stripe-event.ts). */
const recordedEventSchema = z.object({
  data: z.object({
    object: z.object({
      id: optionalId,
      subscription: optionalId,
      parent: z.nullish(
        z.object({ subscription_details: z.nullish(z.object({ subscription: optionalId })) }),
      ),
    }),
  }),
});
type EventObject = z.infer<typeof recordedEventSchema>['data']['object'];

/**
 * The subscription an event is about: a Checkout Session's, the subscription itself, or an invoice's
 * (which since 2025 names it under `parent.subscription_details`). Null for a Checkout Session that
 * sold no subscription or an invoice of none.
 */
export function subscriptionIdOf(type: string, object: EventObject): string | null {
  if (type.startsWith('checkout.session.')) return object.subscription ?? null;
  if (type.startsWith('customer.subscription.')) return object.id ?? null;
  if (type.startsWith('invoice.')) return object.parent?.subscription_details?.subscription ?? null;
  return null;
}

/**
 * Handles one of Stripe's events, recorded once its signature was checked: an event that may change
 * a subscription has that subscription read back from Stripe and stored (sync-subscription.ts); the
 * event's own account of the subscription is never used. Other types are recorded only.
 */
export async function handleStripeEvent(
  deps: SyncSubscriptionDependencies,
  event: { eventId: string; type: string; payload: unknown },
): Promise<void> {
  if (!subscriptionEventTypes.has(event.type)) {
    deps.log.info({ eventId: event.eventId, type: event.type }, 'Stripe event recorded only');
    return;
  }
  const parsed = recordedEventSchema.safeParse(event.payload);
  const subscriptionId = parsed.success
    ? subscriptionIdOf(event.type, parsed.data.data.object)
    : null;
  if (subscriptionId === null) {
    deps.log.info(
      { eventId: event.eventId, type: event.type },
      'Stripe event about no subscription; nothing to sync',
    );
    return;
  }
  await syncSubscription(deps, subscriptionId);
  const payment = paymentKinds[event.type];
  if (payment !== undefined) {
    const subscription = await findSubscription(deps.db, subscriptionId);
    if (subscription !== undefined) {
      await recordActivity(deps.db, {
        ownerUid: subscription.uid,
        kind: payment,
        actor: 'stripe',
        details: { plan: subscription.plan },
      });
    }
  }
}

/** The invoices' events the owner's timeline tells (one of the two Stripe sends for a payment). */
const paymentKinds: Partial<Record<string, 'payment.succeeded' | 'payment.failed'>> = {
  'invoice.paid': 'payment.succeeded',
  'invoice.payment_failed': 'payment.failed',
};
