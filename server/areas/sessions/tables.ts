import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { AuthUser } from '#shared/schemas/session.ts';

/**
 * A BFF session. The cookie holds a random id; only its SHA-256 hash is stored. The Firebase tokens
 * are encrypted with AES-256-GCM under a key derived from SESSION_SECRET.
 */
export const sessions = pgTable(
  'sessions',
  {
    idHash: text('id_hash').primaryKey(),
    uid: text('uid').notNull(),
    claims: jsonb('claims').$type<AuthUser>().notNull(),
    refreshTokenEncrypted: text('refresh_token_encrypted').notNull(),
    idTokenEncrypted: text('id_token_encrypted').notNull(),
    idTokenExpiresAt: timestamp('id_token_expires_at', { withTimezone: true }).notNull(),
    /**
     * Counts the times the tokens were replaced. A refresh stores its tokens only if the version is
     * still the one it read, so a refresh that was slower than another never puts older tokens back.
     */
    tokenVersion: integer('token_version').notNull().default(0),
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
