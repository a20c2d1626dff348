import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ActivityActor, ActivityDetails, ActivityKind } from '#shared/schemas/activity.ts';

/**
 * What happened across an owner's stores (shared/schemas/activity.ts), one row per event, written by
 * the area that caused it. Keyed by the owner, so that the timeline outlives a disconnected store
 * (its address is kept); the account's deletion erases it (user-data.ts).
 */
export const activityEntries = pgTable(
  'activity_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUid: text('owner_uid').notNull(),
    shopId: uuid('shop_id'),
    shopDomain: text('shop_domain'),
    kind: text('kind').$type<ActivityKind>().notNull(),
    actor: text('actor').$type<ActivityActor>().notNull(),
    details: jsonb('details')
      .$type<ActivityDetails>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('activity_entries_owner_idx').on(table.ownerUid, table.at, table.id)],
);
