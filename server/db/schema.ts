import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SessionUser } from '../../shared/schemas/session.ts';

/** The backend account of a Firebase user (spec §3 "Backend account"). */
export const accounts = pgTable('accounts', {
  uid: text('uid').primaryKey(),
  email: text('email').notNull(),
  displayName: text('display_name').notNull(),
  accountType: text('account_type', { enum: ['email', 'google'] }).notNull(),
  subscriptionPlan: text('subscription_plan').notNull().default('free'),
  language: text('language', { enum: ['en', 'fr'] })
    .notNull()
    .default('en'),
  theme: text('theme', { enum: ['light', 'dark', 'system'] })
    .notNull()
    .default('system'),
  emailVerified: boolean('email_verified').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A BFF session. The cookie holds a random id; only its SHA-256 hash is stored. The Firebase tokens
 * are encrypted with AES-256-GCM under a key derived from SESSION_SECRET.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    uid: text('uid').notNull(),
    claims: jsonb('claims').$type<SessionUser>().notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted').notNull(),
    idTokenEncrypted: text('id_token_encrypted').notNull(),
    idTokenExpiresAt: timestamp('id_token_expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('sessions_uid_idx').on(table.uid),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);

/**
 * The contact form's outbox (issue 4 §3): a message is stored here before anything is mailed, so a
 * mail failure loses nothing. `mailed_at` stays null until the inbox has accepted it; `attempts`
 * counts the sends tried.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uid: text('uid').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
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

/**
 * Keys the server makes for itself and shares between its instances through the database (the
 * contact form token's HMAC key): made once, never configured, never sent anywhere.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
