import { recordLiveEvent } from '#server/areas/live/index.ts';
import { randomUUID } from 'node:crypto';
import { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import {
  exchangeAuthorizationCode,
  type ShopifyTokenGrant,
} from '#server/platform/shopify/oauth.ts';
import type { ShopifyApp } from '#server/platform/shopify/shopify-app.ts';
import type { TokenCipher } from '#server/platform/token-cipher.ts';
import type { ShopCatalog } from './shop-catalog.ts';
import { shopifyFailure } from './shopify-failure.ts';
import { shopTokenBinding } from './shop-tokens.ts';
import {
  countShopsOfOwner,
  findShopRowByDomain,
  insertShop,
  listShopsOfOwner,
  lockOwnerConnections,
  takeOauthState,
  updateShop,
  type ShopRow,
} from './shops-repository.ts';
import { verifiedShopifyQuery } from './shopify-query.ts';
import { hashOauthState, type AuthorizationRequester } from './start-shop-authorization.ts';
import { recordStoreActivity } from './store-activity.ts';
import { pausedStoreIds, storeLimitOf, storeLimitReached, type StoreLimit } from './store-limit.ts';

export interface CompleteShopAuthorizationDependencies {
  db: Database;
  shopify: ShopifyApp;
  /** The cipher of the stores' tokens (shop-tokens.ts). */
  shopTokens: TokenCipher;
  catalog: Pick<ShopCatalog, 'queueImport'>;
  now?: () => Date;
}

/**
 * Shopify's redirect back after the owner chose Install, as the BFF forwards its query. In this
 * order, and nothing else before: the signature (constant time), the time, the store's domain, then
 * the state (single use, issued to this account and session for this store, ten minutes). Only
 * then is the code traded for the store's tokens, server to server, and the tokens stored
 * encrypted; the import of the catalog is queued last.
 *
 * The state is spent before the code is traded: a callback replayed after a failure finds it used.
 */
export async function completeShopAuthorization(
  deps: CompleteShopAuthorizationDependencies,
  requester: AuthorizationRequester,
  request: { query: string },
): Promise<{ shopId: string; shopDomain: string }> {
  const now = deps.now?.() ?? new Date();
  const { params, shopDomain } = verifiedShopifyQuery(deps.shopify.apiSecret, request.query, now);
  const taken = await takeOauthState(deps.db, {
    stateHash: hashOauthState(params.get('state') ?? ''),
    uid: requester.uid,
    sessionBinding: requester.sessionBinding,
    shopDomain,
    now,
  });
  if (!taken) {
    throw new AppError('oauth_state_invalid', 400, {
      message: 'The state is unknown, used, expired, or was issued to another session or store',
    });
  }
  const code = params.get('code');
  if (code === null || code === '') {
    throw new AppError('oauth_denied', 400, { message: 'Shopify sent no authorization code' });
  }

  // Checked before the code is traded: a token Shopify issues may replace the one another account
  // holds for this store, and one beyond the plan's limit would be thrown away.
  const limit = await storeLimitOf(deps.db, requester.uid);
  await ensureConnectable(deps.db, requester.uid, shopDomain, limit);

  let grant: ShopifyTokenGrant;
  try {
    grant = await exchangeAuthorizationCode(deps.shopify, shopDomain, code);
  } catch (error) {
    throw shopifyFailure(error, 'The authorization code');
  }

  // Counted and inserted under the owner's lock, in one transaction: of two callbacks completing at
  // once for two new stores, the second counts the first and finds the limit reached.
  const shopId = await deps.db.transaction(async (tx) => {
    await lockOwnerConnections(tx, requester.uid);
    const existing = await ensureConnectable(tx, requester.uid, shopDomain, limit);
    const id = existing?.id ?? randomUUID();
    const row = { ...encryptedTokens(deps.shopTokens, id, grant), scopes: grant.scope };
    if (existing === undefined) {
      await insertShop(tx, {
        id,
        ownerUid: requester.uid,
        shopDomain,
        status: 'active',
        connectedAt: now,
        ...row,
      });
    } else {
      // A reconnection: the same store, new tokens, the copy kept. Its connection time moves to
      // now; a store active among paused ones is marked kept active so that it stays so.
      const keptActiveAt = (await staysActiveOnReconnection(tx, existing, limit))
        ? now
        : existing.keptActiveAt;
      await updateShop(tx, id, {
        status: 'active',
        errorCode: null,
        connectedAt: now,
        keptActiveAt,
        ...row,
      });
    }
    await recordStoreActivity(tx, id, { kind: 'store.connected', actor: 'owner' });
    await recordLiveEvent(tx, { ownerUid: requester.uid, shopId: id, type: 'store.connected' });
    return id;
  });
  await deps.catalog.queueImport(shopId);
  return { shopId, shopDomain };
}

/**
 * The store's row if this owner already has it; throws when another account has it, or when a new
 * store would go past the plan's limit.
 */
async function ensureConnectable(
  db: Parameters<typeof findShopRowByDomain>[0],
  ownerUid: string,
  shopDomain: string,
  limit: StoreLimit,
): Promise<ShopRow | undefined> {
  const existing = await findShopRowByDomain(db, shopDomain);
  if (existing !== undefined && existing.ownerUid !== ownerUid) {
    throw new AppError('shop_connected_elsewhere', 409, {
      message: 'This store is connected to another Vitrine account',
    });
  }
  if (existing === undefined) {
    const connected = await countShopsOfOwner(db, ownerUid);
    if (connected >= limit.maxStores) throw storeLimitReached(limit, connected + 1);
  }
  return existing;
}

/**
 * Whether a reconnected store must be marked kept active: it is active while others are paused, and
 * nothing but its connection time (which the reconnection moves to now) keeps it ahead of them.
 */
async function staysActiveOnReconnection(
  db: Parameters<typeof listShopsOfOwner>[0],
  store: ShopRow,
  limit: StoreLimit,
): Promise<boolean> {
  if (store.keptActiveAt !== null) return false;
  const paused = pausedStoreIds(await listShopsOfOwner(db, store.ownerUid), limit.maxStores);
  return paused.size > 0 && !paused.has(store.id);
}

/** The token columns of a grant, each encrypted and bound to its store and column. */
export function encryptedTokens(cipher: TokenCipher, shopId: string, grant: ShopifyTokenGrant) {
  return {
    accessTokenEncrypted: cipher.encrypt(
      grant.accessToken,
      shopTokenBinding(shopId, 'access_token'),
    ),
    accessTokenExpiresAt: grant.accessTokenExpiresAt,
    refreshTokenEncrypted:
      grant.refreshToken === null
        ? null
        : cipher.encrypt(grant.refreshToken, shopTokenBinding(shopId, 'refresh_token')),
    refreshTokenExpiresAt: grant.refreshTokenExpiresAt,
  };
}
