import type { WebhookDelivery } from '../../platform/shopify/webhook-delivery.ts';

/** What to do for each topic; the composition root gathers the areas' handlers into one map. */
export type WebhookHandlers = Readonly<
  Record<string, (delivery: WebhookDelivery) => Promise<void>>
>;

/**
 * The privacy topics: their payloads name a store's customers, which Vitrine keeps nothing about.
 * They are recorded, to show they were answered, without their payload.
 */
export const privacyTopics: ReadonlySet<string> = new Set([
  'customers/data_request',
  'customers/redact',
  'shop/redact',
]);
