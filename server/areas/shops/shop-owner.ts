import type { Database } from '#server/db/database.ts';
import { shopNotFound } from './shop-access.ts';
import { findShop, findShopOfOwner, listShopsOfOwner } from './shops-repository.ts';

/**
 * Who owns a store, for the areas that act on a store for its owner (the SEO audit reads the
 * owner's plan, and answers only the owner).
 */

/** The store's owner, or undefined when the store is not connected (any more). */
export async function shopOwnerOf(db: Database, shopId: string): Promise<string | undefined> {
  return (await findShop(db, shopId))?.ownerUid;
}

/**
 * Throws `shop_not_found` (404) unless the store is one of the caller's: a store of another owner
 * answers exactly as one that does not exist.
 */
export async function requireOwnedShop(
  db: Database,
  ownerUid: string,
  shopId: string,
): Promise<void> {
  if ((await findShopOfOwner(db, ownerUid, shopId)) === undefined) throw shopNotFound();
}

/** The ids of the owner's connected stores, paused or not. */
export async function storeIdsOfOwner(db: Database, ownerUid: string): Promise<string[]> {
  return (await listShopsOfOwner(db, ownerUid)).map((shop) => shop.id);
}
