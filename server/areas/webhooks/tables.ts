import { sql } from 'drizzle-orm';
import {
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * A webhook delivery, recorded once: a provider retries a delivery (same webhook id) until it is
 * answered 2xx, so the pair (provider, webhook id) is unique and a replay finds its row taken; and
 * a Shopify event is recorded once per topic whatever webhook ids it comes under (its event id).
 *
 * The payload is kept only until its handler has run, and never for the privacy topics, whose
 * payloads name a store's customers (we keep no customer data).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider', { enum: ['shopify', 'stripe'] }).notNull(),
    webhookId: text('webhook_id').notNull(),
    /**
     * The event the delivery tells of (X-Shopify-Event-Id): the same on every delivery of one event,
     * whatever its webhook id (Shopify sends one per subscription to the topic, and may send an event
     * again under a new webhook id). Null when the provider gave none.
     */
    eventId: text('event_id'),
    topic: text('topic').notNull(),
    /** The store a Shopify delivery is about; null for Stripe's events, which are about accounts. */
    shopDomain: text('shop_domain'),
    /** When the provider says the event happened (X-Shopify-Triggered-At), if it said. */
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    payload: jsonb('payload'),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /**
     * A job handling the delivery claims it until then, and renews the claim while its handler runs;
     * null when no job holds it. A claim past this time is free again (its job's process stopped).
     */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** Which run holds the claim, so that a run whose claim was taken over touches it no more. */
    claimedBy: uuid('claimed_by'),
  },
  (table) => [
    unique('webhook_deliveries_provider_webhook_id_unique').on(table.provider, table.webhookId),
    // One event of a topic is recorded once, under the first webhook id it came with.
    uniqueIndex('webhook_deliveries_provider_topic_event_id_unique')
      .on(table.provider, table.topic, table.eventId)
      .where(sql`${table.eventId} is not null`),
    index('webhook_deliveries_received_at_idx').on(table.receivedAt),
    // The sweep and the metrics look for the unprocessed ones, the metrics for the recent ones.
    index('webhook_deliveries_unprocessed_received_at_idx')
      .on(table.receivedAt)
      .where(sql`${table.processedAt} is null`),
    index('webhook_deliveries_processed_at_idx').on(table.processedAt),
  ],
);
