import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../../shared/errors.ts';
import type { Database } from '../../db/database.ts';
import {
  refreshAccessToken,
  ShopifyRefusedError,
  type ShopifyTokenGrant,
} from '../../platform/shopify/oauth.ts';
import type { ShopifyApp } from '../../platform/shopify/shopify-app.ts';
import type { TokenCipher } from '../../platform/token-cipher.ts';
import { encryptedTokens } from './complete-shop-authorization.ts';
import { shopifyFailure } from './shopify-failure.ts';
import { shopTokenBinding } from './shop-tokens.ts';
import {
  endShopConnection,
  findShop,
  findShopForUpdate,
  findShopRowByDomain,
  updateShop,
  type ShopRow,
} from './shops-repository.ts';

export interface ShopAccessDependencies {
  db: Database;
  shopify: ShopifyApp;
  /** The cipher of the stores' tokens (shop-tokens.ts). */
  shopTokens: TokenCipher;
}

export interface ShopAccess {
  shopId: string;
  shopDomain: string;
  accessToken: string;
}

/** An access token with less than this left is refreshed before it is handed out. */
export const accessTokenRefreshMarginMs = 5 * 60 * 1000;

/**
 * A valid access token for the store, refreshed first when it has less than five minutes left.
 *
 * A refresh holds the store's row locked (SELECT … FOR UPDATE) from the read to the commit, so one
 * process at a time refreshes a store: the others wait, then find the new token and use it. Shopify
 * replaces the refresh token at every use, so the new pair is stored, in the same transaction,
 * before the token is handed out. When Shopify refuses the refresh, the store is marked
 * needs_reconnecting and `shop_needs_reconnecting` (409) is thrown; when Shopify cannot be reached,
 * `shopify_unavailable` (503), the tokens kept.
 *
 * `refusedAccessToken` is a token Shopify has just answered 401 to, although its expiry as stored
 * said it was still good: unless another process has replaced it since, the pair is refreshed now,
 * whatever that expiry says, so that a caller can tell a token that merely expired early from an
 * app that is gone.
 */
export async function shopAccess(
  deps: ShopAccessDependencies,
  shopId: string,
  options: { refusedAccessToken?: string } = {},
): Promise<ShopAccess> {
  const mustRefresh = (shop: ShopRow) =>
    needsRefresh(shop, new Date()) ||
    (options.refusedAccessToken !== undefined &&
      holdsToken(deps.shopTokens, shop, options.refusedAccessToken));
  const shop = await findShop(deps.db, shopId);
  if (shop === undefined) throw shopNotFound();
  if (!mustRefresh(shop)) return accessOf(deps.shopTokens, shop);

  let refused: AppError | undefined;
  const access = await deps.db.transaction(async (tx) => {
    const locked = await findShopForUpdate(tx, shopId);
    if (locked === undefined) throw shopNotFound();
    // Another process may have refreshed while this one waited for the lock.
    if (!mustRefresh(locked)) return accessOf(deps.shopTokens, locked);

    const refreshToken = readToken(deps.shopTokens, locked, 'refresh_token');
    if (refreshToken === null) {
      // A token that does not expire has nothing to refresh it.
      if (locked.accessTokenExpiresAt === null) return accessOf(deps.shopTokens, locked);
      await endShopConnection(tx, shopId, 'needs_reconnecting', 'shopify_refused');
      refused = needsReconnecting();
      return undefined;
    }
    let grant: ShopifyTokenGrant;
    try {
      grant = await refreshAccessToken(deps.shopify, locked.shopDomain, refreshToken);
    } catch (error) {
      if (!(error instanceof ShopifyRefusedError)) throw shopifyFailure(error, 'The refresh');
      await endShopConnection(tx, shopId, 'needs_reconnecting', 'shopify_refused');
      refused = needsReconnecting();
      return undefined;
    }
    await updateShop(tx, shopId, encryptedTokens(deps.shopTokens, shopId, grant));
    return { shopId, shopDomain: locked.shopDomain, accessToken: grant.accessToken };
  });
  // Thrown once the transaction that recorded the refusal has committed.
  if (access === undefined) throw refused ?? needsReconnecting();
  return access;
}

/** The store connected under this domain, and its owner. */
export async function findShopByDomain(
  db: Database,
  shopDomain: string,
): Promise<{ shopId: string; ownerUid: string } | undefined> {
  const shop = await findShopRowByDomain(db, shopDomain);
  return shop === undefined ? undefined : { shopId: shop.id, ownerUid: shop.ownerUid };
}

/**
 * What came of a 401: `ended`, the store needs reconnecting (or no longer has a connection);
 * `replaced`, the refused token is no longer the stored one and the call may be made again with
 * the current one.
 */
export type RefusedTokenOutcome = 'ended' | 'replaced';

/**
 * Shopify answered 401 to `refusedAccessToken`. If the store still holds that token, the connection
 * is over: the tokens are deleted and the owner sees the store as needing to be reconnected. If
 * another process has replaced the pair since the token was read (a refresh, whose token Shopify
 * accepts), the 401 says nothing about the new pair, which is kept: the answer is `replaced`. The
 * comparison and the deletion happen under the row lock a refresh takes, so neither can come between.
 */
export async function markShopNeedsReconnecting(
  deps: Pick<ShopAccessDependencies, 'db' | 'shopTokens'>,
  shopId: string,
  errorCode: string,
  refusedAccessToken: string,
): Promise<RefusedTokenOutcome> {
  return deps.db.transaction(async (tx) => {
    const locked = await findShopForUpdate(tx, shopId);
    if (locked === undefined || locked.status !== 'active') return 'ended';
    const stored = readToken(deps.shopTokens, locked, 'access_token');
    if (stored === null) return 'ended';
    if (!sameToken(stored, refusedAccessToken)) return 'replaced';
    await endShopConnection(tx, shopId, 'needs_reconnecting', errorCode);
    return 'ended';
  });
}

/** Whether the store's stored access token is still `accessToken`. */
function holdsToken(shopTokens: TokenCipher, shop: ShopRow, accessToken: string): boolean {
  const stored = readToken(shopTokens, shop, 'access_token');
  return stored !== null && sameToken(stored, accessToken);
}

function sameToken(stored: string, presented: string): boolean {
  const storedBytes = Buffer.from(stored, 'utf8');
  const presentedBytes = Buffer.from(presented, 'utf8');
  return (
    storedBytes.length === presentedBytes.length && timingSafeEqual(storedBytes, presentedBytes)
  );
}

function needsRefresh(shop: ShopRow, now: Date): boolean {
  if (shop.status !== 'active') throw needsReconnecting();
  return (
    shop.accessTokenExpiresAt !== null &&
    shop.accessTokenExpiresAt.getTime() - now.getTime() < accessTokenRefreshMarginMs
  );
}

function accessOf(shopTokens: TokenCipher, shop: ShopRow): ShopAccess {
  const accessToken = readToken(shopTokens, shop, 'access_token');
  if (accessToken === null) throw needsReconnecting();
  return { shopId: shop.id, shopDomain: shop.shopDomain, accessToken };
}

/**
 * The token in clear, or null when there is none. One that cannot be decrypted is not treated as
 * missing: a process started with another secret would otherwise end every store's connection that
 * the rightly configured processes can still use. It fails the call instead, loudly.
 */
function readToken(
  shopTokens: TokenCipher,
  shop: ShopRow,
  field: 'access_token' | 'refresh_token',
): string | null {
  const stored = field === 'access_token' ? shop.accessTokenEncrypted : shop.refreshTokenEncrypted;
  if (stored === null) return null;
  try {
    return shopTokens.decrypt(stored, shopTokenBinding(shop.id, field));
  } catch (error) {
    throw new AppError('internal_error', 500, {
      message: `A store's ${field} cannot be decrypted with this process's key`,
      cause: error,
    });
  }
}

export function shopNotFound(): AppError {
  return new AppError('shop_not_found', 404, { message: 'No such store on this account' });
}

function needsReconnecting(): AppError {
  return new AppError('shop_needs_reconnecting', 409, {
    message: 'Shopify no longer accepts our access to this store; reconnect it',
  });
}
