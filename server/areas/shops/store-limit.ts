import type { PlanId } from '#shared/plans.ts';
import type { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import { effectivePlanOf, planLimitReached, planLimitsOf } from '#server/areas/billing/index.ts';
import { findShop, listShopsOfOwner, type ShopRow } from './shops-repository.ts';

/**
 * How many stores an owner's plan keeps active, and which of the owner's stores those are. When the
 * plan allows fewer stores than are connected (a downgrade, a cancellation that reached its end, a
 * grace period that ran out), the data of every store stays, but the stores beyond the limit are
 * paused: nothing syncs or audits them until the plan allows them again. Worked out at read time
 * from the plan billing says applies now, so a paused store comes back with the plan, without a job.
 */

export interface StoreLimit {
  plan: PlanId;
  maxStores: number;
}

export interface StoreActivity extends StoreLimit {
  /** How many stores the owner has connected, paused ones included. */
  connected: number;
  /** The ids of the stores beyond the plan's limit. */
  paused: ReadonlySet<string>;
}

export async function storeLimitOf(db: Database, ownerUid: string): Promise<StoreLimit> {
  const { plan, limits } = planLimitsOf(await effectivePlanOf(db, ownerUid));
  return { plan, maxStores: limits.stores };
}

/**
 * The stores that stay active are those the owner chose last (`keptActiveAt`, newest first), then
 * the ones connected first: by default the first store stays active.
 */
export function pausedStoreIds(
  stores: readonly Pick<ShopRow, 'id' | 'keptActiveAt' | 'connectedAt'>[],
  maxStores: number,
): Set<string> {
  const byPriority = [...stores].sort(
    (a, b) =>
      (b.keptActiveAt?.getTime() ?? -Infinity) - (a.keptActiveAt?.getTime() ?? -Infinity) ||
      a.connectedAt.getTime() - b.connectedAt.getTime() ||
      a.id.localeCompare(b.id),
  );
  return new Set(byPriority.slice(maxStores).map((store) => store.id));
}

export async function storeActivityOf(db: Database, ownerUid: string): Promise<StoreActivity> {
  const [limit, stores] = await Promise.all([
    storeLimitOf(db, ownerUid),
    listShopsOfOwner(db, ownerUid),
  ]);
  return { ...limit, connected: stores.length, paused: pausedStoreIds(stores, limit.maxStores) };
}

/** The owner's stores that the plan keeps active, in the order they were connected. */
export async function activeStoreIdsOf(db: Database, ownerUid: string): Promise<string[]> {
  const [limit, stores] = await Promise.all([
    storeLimitOf(db, ownerUid),
    listShopsOfOwner(db, ownerUid),
  ]);
  const paused = pausedStoreIds(stores, limit.maxStores);
  return stores.filter((store) => !paused.has(store.id)).map((store) => store.id);
}

/** Whether the store is paused by its owner's plan; a store no longer connected is not. */
export async function storeIsPaused(db: Database, shopId: string): Promise<boolean> {
  const store = await findShop(db, shopId);
  if (store === undefined) return false;
  return (await storeActivityOf(db, store.ownerUid)).paused.has(shopId);
}

/**
 * The pages the store's owner's plan audits, as billing says it applies now; Free's for a store no
 * longer connected. The catalog bounds the store's copy by it.
 */
export async function pagesAuditedFor(db: Database, shopId: string): Promise<number> {
  const store = await findShop(db, shopId);
  const planId = store === undefined ? 'free' : await effectivePlanOf(db, store.ownerUid);
  return planLimitsOf(planId).limits.pagesAudited;
}

/**
 * `plan_limit_reached` on stores, naming the cheapest plan that allows `needed` of them: one more
 * than connected for a new store, every store connected for a paused one to act again.
 */
export function storeLimitReached(limit: StoreLimit, needed: number): AppError {
  return planLimitReached('stores', limit.plan, needed);
}

/**
 * Throws `plan_limit_reached` (limit `stores`) when the owner's store is paused: its data stays
 * readable, but what would sync or audit it waits until the plan allows it again.
 */
export async function requireActiveStore(
  db: Database,
  ownerUid: string,
  shopId: string,
): Promise<void> {
  const activity = await storeActivityOf(db, ownerUid);
  if (activity.paused.has(shopId)) throw storeLimitReached(activity, activity.connected);
}
