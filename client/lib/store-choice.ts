import type { Shop, ShopList } from '#shared/schemas/shops.ts';

/**
 * Which of the owner's stores a screen shows, and whether its copy is there yet: shared by every
 * screen that works on one store at a time (client/lib/use-chosen-store.ts). Pure: tested in Node
 * (tests/unit/client-store-choice.test.ts).
 */

/** How often the stores are read again while the store shown has its first import running. */
export const storeImportPollIntervalMs = 1500;

/**
 * The store the screens show: the one the address names (`?shop=`) when it is the owner's, else the
 * first whose copy is ready, else the first. Null when the owner has no store.
 */
export function chosenStore(
  list: Pick<ShopList, 'shops'>,
  requestedId: string | null,
): Shop | null {
  const requested = list.shops.find((shop) => shop.id === requestedId);
  if (requested !== undefined) return requested;
  return list.shops.find((shop) => shop.state === 'ready') ?? list.shops[0] ?? null;
}

/**
 * Whether the store has a copy the screens can read: its first import is done (a store imported
 * once keeps its copy while it imports again or waits to be reconnected). `importing` while the
 * first import runs; `unavailable` when it failed before finishing.
 */
export type StoreReadiness = 'ready' | 'importing' | 'unavailable';

export function storeReadiness(shop: Pick<Shop, 'state' | 'lastSyncedAt'>): StoreReadiness {
  if (shop.lastSyncedAt !== null || shop.state === 'ready') return 'ready';
  return shop.state === 'connecting' || shop.state === 'importing' ? 'importing' : 'unavailable';
}

/** The stores' refetch interval: every moment while the shown store's first import runs. */
export function storesRefetchInterval(
  list: Pick<ShopList, 'shops'> | undefined,
  requestedId: string | null,
): number | false {
  if (list === undefined) return false;
  const shop = chosenStore(list, requestedId);
  return shop !== null && storeReadiness(shop) === 'importing' ? storeImportPollIntervalMs : false;
}
