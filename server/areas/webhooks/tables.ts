import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/**
 * A webhook delivery, recorded once: a provider retries a delivery (same webhook id) until it is
 * answered 2xx, so the pair (provider, webhook id) is unique and a replay finds its row taken.
 *
 * The payload is kept only until its handler has run, and never for the privacy topics, whose
 * payloads name a store's customers (we keep no customer data).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['shopify'] }).notNull(),
    webhookId: text('webhook_id').notNull(),
    topic: text('topic').notNull(),
    shopDomain: text('shop_domain').notNull(),
    /** When the provider says the event happened (X-Shopify-Triggered-At), if it said. */
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [
    unique('webhook_deliveries_provider_webhook_id_unique').on(table.provider, table.webhookId),
    index('webhook_deliveries_received_at_idx').on(table.receivedAt),
  ],
);
