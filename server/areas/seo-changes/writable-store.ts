import type { Database } from '#server/db/database.ts';
import { shopNotFound, shopOwnerOf, requireActiveStore } from '#server/areas/shops/index.ts';

/**
 * Throws `plan_limit_reached` (limit `stores`, with the plan that lifts it) when the owner's plan
 * pauses the store: its changes stay readable and editable as drafts, but nothing is written to a
 * paused store until the plan allows it again. `shop_not_found` when it is no longer connected.
 */
export async function requireWritableStore(db: Database, shopId: string): Promise<void> {
  const ownerUid = await shopOwnerOf(db, shopId);
  if (ownerUid === undefined) throw shopNotFound();
  await requireActiveStore(db, ownerUid, shopId);
}
