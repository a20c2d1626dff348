import type { ShopDisconnection } from '../../../shared/schemas/shops.ts';
import { uninstallApp } from '../../platform/shopify/oauth.ts';
import type { ShopCatalog } from './shop-catalog.ts';
import { shopAccess, shopNotFound, type ShopAccessDependencies } from './shop-access.ts';
import { deleteShop, findShopOfOwner } from './shops-repository.ts';

export interface DisconnectShopDependencies extends ShopAccessDependencies {
  catalog: Pick<ShopCatalog, 'deleteStoreCopy'>;
  /** Hears of an uninstall Shopify could not confirm; the disconnection goes on. */
  onUninstallFailure?: (error: unknown) => void;
}

/**
 * Disconnects one of the owner's stores: removes the app from the store at Shopify (best effort: a
 * store where it is gone already, or a Shopify that cannot be reached, does not keep the owner
 * connected), then deletes the copy of the catalog, then the store's row and its tokens with it.
 * A failure part-way leaves the row, so the owner can try again.
 */
export async function disconnectShop(
  deps: DisconnectShopDependencies,
  ownerUid: string,
  shopId: string,
): Promise<ShopDisconnection> {
  const shop = await findShopOfOwner(deps.db, ownerUid, shopId);
  if (shop === undefined) throw shopNotFound();

  let uninstalled = false;
  if (shop.status === 'active') {
    try {
      const access = await shopAccess(deps, shopId);
      uninstalled = await uninstallApp(deps.shopify, shop.shopDomain, access.accessToken);
    } catch (error) {
      deps.onUninstallFailure?.(error);
    }
  }
  const removed = await deps.catalog.deleteStoreCopy(shopId);
  await deleteShop(deps.db, shopId);
  return { shopDomain: shop.shopDomain, uninstalled, removed };
}
