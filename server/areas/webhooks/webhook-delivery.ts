import type { WebhookDelivery } from '#server/platform/shopify/webhook-delivery.ts';

/** What to do for each topic; the composition root gathers the areas' handlers into one map. */
export type WebhookHandlers = Readonly<
  Record<string, (delivery: WebhookDelivery) => Promise<void>>
>;

/**
 * A Stripe event as its handler receives it, once its signature was checked and it was recorded
 * (receive-stripe-event.ts): its id, its type, and the ids of its object (the only part kept).
 */
export interface StripeEventDelivery {
  eventId: string;
  /** `customer.subscription.updated`, `invoice.paid`…: the event's type. */
  type: string;
  payload: unknown;
}

/** What to do with Stripe's events; the composition root hands it the billing area's handler. */
export type StripeEventHandler = (event: StripeEventDelivery) => Promise<void>;

/**
 * The privacy topics: their payloads name a store's customers, which Vitrine keeps nothing about.
 * They are recorded, to show they were answered, without their payload.
 */
export const privacyTopics: ReadonlySet<string> = new Set([
  'customers/data_request',
  'customers/redact',
  'shop/redact',
]);
