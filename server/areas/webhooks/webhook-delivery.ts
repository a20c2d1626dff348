/** A webhook as its handler receives it, once its signature was checked and it was recorded. */
export interface WebhookDelivery {
  provider: 'shopify';
  /** `products/update`, `app/uninstalled`…: X-Shopify-Topic. */
  topic: string;
  shopDomain: string;
  /** The provider's id of the delivery; the same on every retry. */
  webhookId: string;
  /** When the event happened, as the provider says; null when it did not say. */
  triggeredAt: Date | null;
  /** The body, parsed; null for the privacy topics, whose payloads are not kept. */
  payload: unknown;
}

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
