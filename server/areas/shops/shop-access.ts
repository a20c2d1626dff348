import { timingSafeEqual } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import {
  endsTheGrant,
  isAccessTokenAccepted,
  refreshAccessToken,
  type ShopifyTokenGrant,
} from '#server/platform/shopify/oauth.ts';
import type { ShopifyApp } from '#server/platform/shopify/shopify-app.ts';
import type { TokenCipher } from '#server/platform/token-cipher.ts';
import { encryptedTokens } from './complete-shop-authorization.ts';
import { shopifyFailure } from './shopify-failure.ts';
import { shopTokenBinding } from './shop-tokens.ts';
import {
  changeTokensUnderClaim,
  claimTokenRefresh,
  connectionEnded,
  findShop,
  findShopRowByDomain,
  releaseTokenRefreshClaim,
  type ShopRow,
  type TokenRefreshClaim,
} from './shops-repository.ts';

export interface ShopAccessDependencies {
  db: Database;
  shopify: ShopifyApp;
  /** The cipher of the stores' tokens (shop-tokens.ts). */
  shopTokens: TokenCipher;
  /**
   * The waits before each new attempt at a refresh Shopify could not answer (408, 429, 5xx, no
   * answer); default: oauth.ts's defaultRefreshRetryDelaysMs.
   */
  refreshRetryDelaysMs?: readonly number[];
}

export interface ShopAccess {
  shopId: string;
  shopDomain: string;
  accessToken: string;
}

/** An access token with less than this left is refreshed before it is handed out. */
export const accessTokenRefreshMarginMs = 5 * 60 * 1000;

/** How long a refresh's claim lasts if its process dies: well past a refresh's tries and waits. */
const refreshClaimLifetimeMs = 2 * 60 * 1000;
/** How often a process waiting for another's refresh looks again. */
const refreshClaimPollMs = 100;

/**
 * A valid access token for the store, refreshed first when it has less than five minutes left.
 *
 * One process at a time refreshes a store: it claims the refresh (tables.ts, `refresh_claim_id`);
 * the others wait, holding no connection, then find the new token and use it. Shopify replaces the
 * refresh token at every use, so the new pair is stored before the token is handed out. No
 * transaction is open while Shopify answers. Only Shopify saying the grant is over
 * (`invalid_grant`) ends the connection: the store is marked needs_reconnecting and
 * `shop_needs_reconnecting` (409) is thrown. Shopify not answering (no answer, 408, 429, 5xx, each
 * tried again a few times) is `shopify_unavailable` (503), and any other refusal `shopify_refused`
 * (502): the tokens are kept.
 */
export async function shopAccess(
  deps: ShopAccessDependencies,
  shopId: string,
): Promise<ShopAccess> {
  const access = await underRefreshClaim(
    deps,
    shopId,
    (shop) => {
      if (shop === undefined) throw shopNotFound();
      // Another process may have refreshed while this one waited for the claim.
      return needsRefresh(shop, new Date()) ? undefined : accessOf(deps.shopTokens, shop);
    },
    (claimed, claim) => refreshClaimed(deps, claimed, claim, 'shopify_refused'),
  );
  if (access === 'ended') throw needsReconnecting();
  return access;
}

/**
 * Reads the store and, unless `settled` gives the answer from what it holds, claims its refresh
 * and reads it again under the claim, then runs `refresh`. While another process holds the claim,
 * waits and starts again, holding no connection. A refresh whose claim lapsed meanwhile (`lapsed`:
 * another process took it over and stored a newer pair) starts again from the newer pair. The
 * claim is given back however `refresh` ends.
 */
async function underRefreshClaim<T>(
  deps: ShopAccessDependencies,
  shopId: string,
  settled: (shop: ShopRow | undefined) => T | undefined,
  refresh: (claimed: ShopRow, claim: TokenRefreshClaim) => Promise<T | 'lapsed'>,
): Promise<T> {
  for (;;) {
    const known = settled(await findShop(deps.db, shopId));
    if (known !== undefined) return known;
    const claimed = await claimTokenRefresh(deps.db, shopId, refreshClaimLifetimeMs);
    if (claimed === undefined) {
      await delay(refreshClaimPollMs);
      continue;
    }
    try {
      const knownNow = settled(claimed.shop);
      if (knownNow !== undefined) return knownNow;
      const outcome = await refresh(claimed.shop, claimed.claim);
      if (outcome !== 'lapsed') return outcome;
    } finally {
      await releaseTokenRefreshClaim(deps.db, claimed.claim);
    }
  }
}

/**
 * Refreshes the pair of a store whose refresh `claim` holds, and stores the new one under the
 * claim. When Shopify says the grant is over, or the store has no refresh token (a token that does
 * not expire, refused), the connection is ended with `errorCode`: `ended`. Any other failure is
 * thrown (shopify-failure.ts), the tokens kept. `lapsed` when the claim was taken over meanwhile
 * and the store holds another pair, which is kept.
 */
async function refreshClaimed(
  deps: ShopAccessDependencies,
  claimed: ShopRow,
  claim: TokenRefreshClaim,
  errorCode: string,
): Promise<ShopAccess | 'ended' | 'lapsed'> {
  const endUnderClaim = async () =>
    (await changeTokensUnderClaim(
      deps.db,
      claim,
      claimed.refreshTokenEncrypted,
      connectionEnded('needs_reconnecting', errorCode),
    ))
      ? 'ended'
      : 'lapsed';
  const refreshToken = readToken(deps.shopTokens, claimed, 'refresh_token');
  if (refreshToken === null) return endUnderClaim();
  let grant: ShopifyTokenGrant;
  try {
    grant = await refreshAccessToken(
      deps.shopify,
      claimed.shopDomain,
      refreshToken,
      ...(deps.refreshRetryDelaysMs === undefined ? [] : [deps.refreshRetryDelaysMs]),
    );
  } catch (error) {
    if (!endsTheGrant(error)) throw shopifyFailure(error, 'The refresh');
    return endUnderClaim();
  }
  const stored = await changeTokensUnderClaim(
    deps.db,
    claim,
    claimed.refreshTokenEncrypted,
    encryptedTokens(deps.shopTokens, claimed.id, grant),
  );
  if (!stored) return 'lapsed';
  return { shopId: claimed.id, shopDomain: claimed.shopDomain, accessToken: grant.accessToken };
}

/**
 * Whether the app is still installed on the store, as Shopify says when asked with the store's
 * token (refreshed first if it is about to expire): a delivery saying it was removed is believed
 * only if Shopify confirms. False when Shopify refuses the token, or refuses its refresh as over
 * (the connection then ends as a refused refresh does); Shopify unable to say is thrown.
 */
export async function isAppStillInstalled(
  deps: ShopAccessDependencies,
  shopId: string,
): Promise<boolean> {
  let access: ShopAccess;
  try {
    access = await shopAccess(deps, shopId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'shop_needs_reconnecting') return false;
    throw error;
  }
  try {
    return await isAccessTokenAccepted(deps.shopify, access.shopDomain, access.accessToken);
  } catch (error) {
    throw shopifyFailure(error, 'The check of the store’s token');
  }
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
 * Shopify answered 401 to `refusedAccessToken`. A 401 alone does not end a connection: Shopify may
 * have let the access token lapse before the time it gave, while the refresh token still holds.
 * - If another process has replaced the pair since the token was read (a refresh), the 401 says
 *   nothing about the new pair, which is kept: `replaced`.
 * - If the store still holds that token, the pair is refreshed once: `replaced`, the call is made
 *   again with the new token. Only Shopify refusing the refresh as `invalid_grant` (or a refused
 *   token that has no refresh token) ends the connection: the tokens are deleted, the owner sees the
 *   store as needing to be reconnected, `ended`. A refresh Shopify cannot answer now throws
 *   `shopify_unavailable`, the tokens kept.
 * The comparison is made again under the refresh's claim, before the refresh and the deletion.
 */
export async function handleRefusedAccessToken(
  deps: ShopAccessDependencies,
  shopId: string,
  errorCode: string,
  refusedAccessToken: string,
): Promise<RefusedTokenOutcome> {
  return underRefreshClaim<RefusedTokenOutcome>(
    deps,
    shopId,
    (shop) => {
      if (shop === undefined || shop.status !== 'active') return 'ended';
      const stored = readToken(deps.shopTokens, shop, 'access_token');
      if (stored === null) return 'ended';
      return sameToken(stored, refusedAccessToken) ? undefined : 'replaced';
    },
    async (claimed, claim) => {
      const refreshed = await refreshClaimed(deps, claimed, claim, errorCode);
      if (refreshed === 'lapsed') return 'lapsed';
      return refreshed === 'ended' ? 'ended' : 'replaced';
    },
  );
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
