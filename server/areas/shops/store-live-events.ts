import type { Queryable } from '#server/db/database.ts';
import { recordLiveEvent } from '#server/areas/live/index.ts';
import type { LiveEventType } from '#shared/schemas/live.ts';
import { findShop } from './shops-repository.ts';

/**
 * Records a live event about a store for its owner's open screens (the areas that act on a store
 * know it by id; this area knows whose it is). Within a transaction, the event is announced only if
 * it commits. A store no longer connected has nobody to tell.
 */
export async function recordStoreEvent(
  db: Queryable,
  shopId: string,
  type: LiveEventType,
): Promise<void> {
  const ownerUid = (await findShop(db, shopId))?.ownerUid;
  if (ownerUid === undefined) return;
  await recordLiveEvent(db, { ownerUid, shopId, type });
}
