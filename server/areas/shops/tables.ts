import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * A Shopify store connected to a Vitrine account. A store connects to one account only: Shopify
 * keeps one offline token per app and store, so a second account connecting it would silently take
 * the first one's access away.
 *
 * The tokens are encrypted with AES-256-GCM (server/platform/token-cipher.ts), each bound to its row
 * and column; they are null once the connection has ended (app removed, refresh refused).
 */
export const shops = pgTable(
  'shops',
  {
    id: uuid('id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    shopDomain: text('shop_domain').notNull().unique(),
    /**
     * `active`: the tokens work as far as we know; `needs_reconnecting`: Shopify refused them (see
     * `error_code`); `uninstalled`: the owner removed the app in Shopify's admin.
     */
    status: text('status', { enum: ['active', 'needs_reconnecting', 'uninstalled'] }).notNull(),
    errorCode: text('error_code'),
    scopes: text('scopes').notNull(),
    accessTokenEncrypted: text('access_token_encrypted'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenEncrypted: text('refresh_token_encrypted'),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull(),
    /**
     * When the owner chose this store to stay active while the plan allows fewer stores than are
     * connected; the stores beyond the limit are paused (store-limit.ts), their data kept.
     */
    keptActiveAt: timestamp('kept_active_at', { withTimezone: true }),
    /**
     * The claim of the process refreshing the store's tokens (shop-access.ts): an id only it knows,
     * and when the claim lapses if that process dies. Shopify replaces the refresh token at every
     * use, so two refreshes of one pair must never run at once; a claim, unlike a row lock, holds no
     * connection while Shopify answers.
     */
    refreshClaimId: uuid('refresh_claim_id'),
    refreshClaimExpiresAt: timestamp('refresh_claim_expires_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('shops_owner_uid_idx').on(table.ownerUid)],
);

/**
 * An authorization under way: the `state` handed to Shopify, kept as its SHA-256 hash, for the
 * account and the BFF session that asked and the store they named. Used once, within ten minutes.
 */
export const shopOauthStates = pgTable(
  'shop_oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    uid: text('uid').notNull(),
    /** A value derived from the BFF session that asked (server/bff/session-binding.ts). */
    sessionBinding: text('session_binding').notNull(),
    shopDomain: text('shop_domain').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('shop_oauth_states_expires_at_idx').on(table.expiresAt)],
);
