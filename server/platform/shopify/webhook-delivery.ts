/**
 * A webhook as the handler of its topic receives it, once its signature was checked
 * (webhook-signature.ts) and the delivery recorded (server/areas/webhooks): what Shopify's headers
 * and body said. Declared here, beneath every area, so that the webhooks area which hands it out and
 * the areas which handle topics share this one declaration.
 */
export interface WebhookDelivery {
  provider: 'shopify';
  /** `products/update`, `app/uninstalled`…: X-Shopify-Topic. */
  topic: string;
  shopDomain: string;
  /** The provider's id of the delivery; the same on every retry. */
  webhookId: string;
  /** When the event happened, as the provider says; null when it did not say. */
  triggeredAt: Date | null;
  /**
   * What the handlers read of the body (the resource's id and `updated_at`, the store it names:
   * server/areas/webhooks/receive-webhook.ts); null for the privacy topics, whose payloads are not kept.
   */
  payload: unknown;
}
