import type { Database } from '#server/db/database.ts';
import { shopNotFound } from './shop-access.ts';
import { findShopOfOwner, updateShop } from './shops-repository.ts';

/**
 * The owner chooses which store stays active when the plan allows fewer than are connected: the
 * store chosen last comes first (store-limit.ts), whatever the plan. Throws `shop_not_found` for a
 * store that is not the owner's, as for one that does not exist.
 */
export async function keepStoreActive(
  db: Database,
  ownerUid: string,
  shopId: string,
  now = new Date(),
): Promise<void> {
  if ((await findShopOfOwner(db, ownerUid, shopId)) === undefined) throw shopNotFound();
  await updateShop(db, shopId, { keptActiveAt: now });
}
