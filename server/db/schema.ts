import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
