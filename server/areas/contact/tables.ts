import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The contact form's outbox: a message is stored here before anything is mailed, so a mail failure
 * loses nothing. `mailed_at` stays null until the inbox has accepted it; `attempts` counts the sends
 * tried.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    /** The store the message is about, as the sender named it; null when they named none. */
    store: text('store'),
    message: text('message').notNull(),
    language: text('language', { enum: ['en', 'fr'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [
    // The per-user hourly limit counts a user's recent messages.
    index('contact_messages_uid_created_at_idx').on(table.uid, table.createdAt),
    // The sweep looks for old unmailed messages only; mailed ones never need this index.
    index('contact_messages_unmailed_idx')
      .on(table.createdAt)
      .where(sql`${table.mailedAt} is null`),
  ],
);
