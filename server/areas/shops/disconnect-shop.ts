import { recordLiveEvent } from '#server/areas/live/index.ts';
import { AppError } from '#shared/errors.ts';
import type { ShopDisconnection } from '#shared/schemas/shops.ts';
import { uninstallApp } from '#server/platform/shopify/oauth.ts';
import type { ShopCatalog } from './shop-catalog.ts';
import {
  handleRefusedAccessToken,
  shopAccess,
  shopNotFound,
  type ShopAccessDependencies,
} from './shop-access.ts';
import { deleteShop, findShopOfOwner, type ShopRow } from './shops-repository.ts';
import { recordStoreActivity } from './store-activity.ts';

export interface DisconnectShopDependencies extends ShopAccessDependencies {
  catalog: Pick<ShopCatalog, 'deleteStoreCopy'>;
  /** Hears of an uninstall Shopify could not confirm; the disconnection goes on. */
  onUninstallFailure?: (error: unknown) => void;
}

/**
 * Disconnects one of the owner's stores: removes the app from the store at Shopify (best effort: a
 * store where it is gone already, or a Shopify that cannot be reached, does not keep the owner
 * connected), then deletes the copy of the catalog, then the store's row and its tokens with it.
 * A failure part-way leaves the row, so the owner can try again. `uninstalled: false` tells the
 * owner to check Shopify's admin, where the app may still be installed.
 */
export async function disconnectShop(
  deps: DisconnectShopDependencies,
  ownerUid: string,
  shopId: string,
): Promise<ShopDisconnection> {
  const shop = await findShopOfOwner(deps.db, ownerUid, shopId);
  if (shop === undefined) throw shopNotFound();
  return disconnectStore(deps, shop, 'disconnect');
}

/**
 * Disconnects the store as the owner's disconnection does. When Shopify cannot say whether the app
 * was removed (unreachable, 5xx), `whenShopifyCannotAnswer` decides: `disconnect` all the same (the
 * owner reads that the app may be left in Shopify), or `keep` the store and throw, for a later attempt
 * to remove the app (an account deletion, after which nobody would be told).
 */
export async function disconnectStore(
  deps: DisconnectShopDependencies,
  shop: ShopRow,
  whenShopifyCannotAnswer: 'disconnect' | 'keep',
): Promise<ShopDisconnection> {
  let uninstalled = false;
  try {
    uninstalled = await removeAppAtShopify(deps, shop);
  } catch (error) {
    if (whenShopifyCannotAnswer === 'keep') throw error;
    deps.onUninstallFailure?.(error);
  }
  const removed = await deps.catalog.deleteStoreCopy(shop.id);
  await deps.db.transaction(async (tx) => {
    // Recorded while the store's row says whose it is.
    await recordStoreActivity(tx, shop.id, { kind: 'store.disconnected', actor: 'owner' });
    await deleteShop(tx, shop.id);
    await recordLiveEvent(tx, {
      ownerUid: shop.ownerUid,
      shopId: shop.id,
      type: 'store.disconnected',
    });
  });
  return { shopDomain: shop.shopDomain, uninstalled, removed };
}

/**
 * Removes the app from the store with the store's token; true when Shopify confirmed. A token
 * Shopify refuses may only have ended before the expiry it gave: it is refreshed once and the
 * removal asked again, so that false means no token of the store opens it any more (the app is
 * gone, or Shopify refused the refresh and only the owner can remove the app, in Shopify's admin).
 * A store whose connection has ended has no token left to ask with. Throws when Shopify cannot say.
 */
async function removeAppAtShopify(deps: ShopAccessDependencies, shop: ShopRow): Promise<boolean> {
  if (shop.status !== 'active') return false;
  try {
    const access = await shopAccess(deps, shop.id);
    if (await uninstallApp(deps.shopify, shop.shopDomain, access.accessToken)) return true;
    const outcome = await handleRefusedAccessToken(
      deps,
      shop.id,
      'shopify_refused',
      access.accessToken,
    );
    if (outcome === 'ended') return false;
    const fresh = await shopAccess(deps, shop.id);
    if (fresh.accessToken === access.accessToken) return false;
    return await uninstallApp(deps.shopify, shop.shopDomain, fresh.accessToken);
  } catch (error) {
    // Shopify refused the refresh: no token can be had.
    if (error instanceof AppError && error.code === 'shop_needs_reconnecting') return false;
    throw error;
  }
}
