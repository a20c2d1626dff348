import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '#shared/errors.ts';
import { shopDomainFrom } from '#shared/shop-domain.ts';
import type { Database } from '#server/db/database.ts';
import { shopifyAuthorizeUrl, storeExistsAtShopify } from '#server/platform/shopify/oauth.ts';
import type { ShopifyApp } from '#server/platform/shopify/shopify-app.ts';
import { countShopsOfOwner, findShopRowByDomain, insertOauthState } from './shops-repository.ts';
import { storeLimitOf, storeLimitReached } from './store-limit.ts';

export interface ShopAuthorizationDependencies {
  db: Database;
  shopify: ShopifyApp;
  /** Where Shopify sends the owner back: the BFF's /oauth/shopify, as registered with Shopify. */
  redirectUri: string;
  now?: () => Date;
}

/** Who asks: the account, and a value tied to the BFF session the request came through. */
export interface AuthorizationRequester {
  uid: string;
  sessionBinding: string;
}

/** How long the owner has between asking and coming back from Shopify's install screen. */
export const oauthStateLifetimeMs = 10 * 60 * 1000;

export function hashOauthState(state: string): string {
  return createHash('sha256').update(state, 'utf8').digest('hex');
}

/**
 * Starts connecting a store: checks the address, the plan's limit and that Shopify has such a store
 * (shop_does_not_exist otherwise, told beside the address), keeps a new state for this
 * account, session and store (its hash only), and answers Shopify's install screen for the store.
 * Whether the store is connected to another account is told only once Shopify has vouched that the
 * owner administers it (at the callback): asked here, anyone could probe which stores use Vitrine.
 */
export async function startShopAuthorization(
  deps: ShopAuthorizationDependencies,
  requester: AuthorizationRequester,
  request: { shop: string },
): Promise<{ authorizeUrl: string; shopDomain: string }> {
  const shopDomain = shopDomainFrom(request.shop);
  if (shopDomain === null) {
    throw new AppError('invalid_shop_domain', 400, {
      message: 'Not the address of a Shopify store (name.myshopify.com)',
      field: 'shop',
    });
  }
  // A store already connected to this account may reconnect, paused or not: it is not a new store.
  const reconnecting = (await findShopRowByDomain(deps.db, shopDomain))?.ownerUid === requester.uid;
  if (!reconnecting) {
    const connected = await countShopsOfOwner(deps.db, requester.uid);
    const limit = await storeLimitOf(deps.db, requester.uid);
    if (connected >= limit.maxStores) throw storeLimitReached(limit, connected + 1);
  }
  if (!(await storeExistsAtShopify(deps.shopify, shopDomain))) {
    throw new AppError('shop_does_not_exist', 404, {
      message: 'No Shopify store has this address',
      field: 'shop',
    });
  }

  const now = deps.now?.() ?? new Date();
  const state = randomBytes(32).toString('hex');
  await insertOauthState(deps.db, {
    stateHash: hashOauthState(state),
    uid: requester.uid,
    sessionBinding: requester.sessionBinding,
    shopDomain,
    createdAt: now,
    expiresAt: new Date(now.getTime() + oauthStateLifetimeMs),
  });
  const authorizeUrl = shopifyAuthorizeUrl(deps.shopify, {
    shopDomain,
    redirectUri: deps.redirectUri,
    state,
  });
  return { authorizeUrl, shopDomain };
}
