import type { ActivityActor, ActivityDetails, ActivityKind } from '#shared/schemas/activity.ts';
import type { Queryable } from '#server/db/database.ts';
import { recordActivity } from '#server/areas/activity/index.ts';
import { findShop } from './shops-repository.ts';

/**
 * Records in its owner's timeline what happened to a store (the areas that act on a store know it
 * by id; this area knows whose it is and its address). A store no longer connected has no owner
 * left to tell.
 */
export async function recordStoreActivity(
  db: Queryable,
  shopId: string,
  entry: { kind: ActivityKind; actor: ActivityActor; details?: ActivityDetails },
  options: { mergeWithinMinutes?: number } = {},
): Promise<void> {
  const shop = await findShop(db, shopId);
  if (shop === undefined) return;
  await recordActivity(
    db,
    { ownerUid: shop.ownerUid, shopId, shopDomain: shop.shopDomain, ...entry },
    options,
  );
}
