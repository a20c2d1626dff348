import { bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What happened to an owner's data that their open screens should follow: one small row per event
 * (no texts, no secrets), written by the area that caused it and announced to every BFF instance
 * with NOTIFY (live-events-repository.ts). The rows are kept a day, for browsers that resume with
 * `Last-Event-ID`; live-event-purge-job.ts removes the older ones.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    /** The store the event is about; null for the owner's own (the plan). */
    shopId: uuid('shop_id'),
    type: text('type').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A resume reads one owner's events after an id.
    index('live_events_owner_uid_id_idx').on(table.ownerUid, table.id),
    index('live_events_at_idx').on(table.at),
  ],
);
