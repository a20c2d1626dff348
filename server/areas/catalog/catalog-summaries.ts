import type {
  CatalogCounts,
  ImportProgress,
  PartialCopy,
  ShopLocale,
} from '#shared/schemas/shops.ts';
import type { Database } from '#server/db/database.ts';
import * as catalogRepository from './catalog-repository.ts';
import { runProgress } from './catalog-sync.ts';
import type { SyncPhase } from './tables.ts';

/**
 * Where a store's copy stands and what it read of the store, without counting its records: what
 * the dashboard shows of a store (the shops area adds the connection's side).
 */
export interface CatalogState {
  /** Undefined when no import was ever queued for the store. */
  phase: SyncPhase | undefined;
  errorCode: string | null;
  /** While importing: records stored and the total once Shopify has said it. */
  progress: ImportProgress | null;
  name: string | null;
  primaryDomain: string | null;
  currency: string | null;
  /** The store's IANA time zone, as Shopify has it. */
  timeZone: string | null;
  locales: ShopLocale[];
  lastSyncedAt: string | null;
  /**
   * The kinds of records the copy holds only up to what the owner's plan allows (operation kinds:
   * `products`, `pages`, `translations:PRODUCT`, …); empty when it holds the whole store.
   */
  partialKinds: string[];
}

/** What the stores screen shows of a store's copy: its state and how many records it holds. */
export interface CatalogSummary extends CatalogState {
  counts: CatalogCounts;
  /** The products and collections the copy holds in part: copied, and the store's count of them. */
  partialCopy: PartialCopy[];
}

/** The states of several stores' copies, by shop id (every id asked for has an entry). */
export async function catalogStates(
  db: Database,
  shopIds: readonly string[],
): Promise<Map<string, CatalogState>> {
  const [states, details] = await Promise.all([
    catalogRepository.findSyncStates(db, shopIds),
    catalogRepository.findShopDetails(db, shopIds),
  ]);
  const stateOf = new Map(states.map((state) => [state.shopId, state]));
  const detailsOf = new Map(details.map((row) => [row.shopId, row]));
  return new Map(
    shopIds.map((shopId) => [shopId, presentState(stateOf.get(shopId), detailsOf.get(shopId))]),
  );
}

/**
 * The copies of several stores, by shop id (every id asked for has an entry): their states and
 * their records counted, which on a large store takes a scan of each kind's keys.
 */
export async function catalogSummaries(
  db: Database,
  shopIds: readonly string[],
): Promise<Map<string, CatalogSummary>> {
  const [states, details, counts] = await Promise.all([
    catalogRepository.findSyncStates(db, shopIds),
    catalogRepository.findShopDetails(db, shopIds),
    catalogRepository.countRecords(db, shopIds),
  ]);
  const stateOf = new Map(states.map((state) => [state.shopId, state]));
  const detailsOf = new Map(details.map((row) => [row.shopId, row]));
  return new Map(
    shopIds.map((shopId) => {
      const state = stateOf.get(shopId);
      return [
        shopId,
        {
          ...presentState(state, detailsOf.get(shopId)),
          counts: counts.get(shopId) ?? catalogRepository.emptyCounts(),
          partialCopy: partialCopyOf(state, counts.get(shopId)),
        },
      ];
    }),
  );
}

function presentState(
  state: catalogRepository.SyncStateRow | undefined,
  shop: catalogRepository.ShopDetailsRow | undefined,
): CatalogState {
  let progress: ImportProgress | null = null;
  if (state?.phase === 'importing' || state?.phase === 'queued') {
    const { done, total } = runProgress(state.phase === 'queued' ? [] : state.operations);
    progress = {
      done,
      total,
      percent:
        total === null || total === 0 ? null : Math.min(100, Math.floor((done / total) * 100)),
    };
  }
  return {
    phase: state?.phase,
    errorCode: state?.errorCode ?? null,
    progress,
    name: shop?.name ?? null,
    primaryDomain: shop?.primaryDomainHost ?? null,
    currency: shop?.currencyCode ?? null,
    timeZone: shop?.ianaTimezone ?? null,
    locales: shop?.locales ?? [],
    lastSyncedAt: state?.lastSyncedAt?.toISOString() ?? null,
    partialKinds: state?.partialKinds ?? [],
  };
}

function partialCopyOf(
  state: catalogRepository.SyncStateRow | undefined,
  counts: CatalogCounts | undefined,
): PartialCopy[] {
  if (state === undefined) return [];
  return (['products', 'collections'] as const)
    .filter((kind) => state.partialKinds.includes(kind))
    .map((kind) => ({
      kind,
      copied: counts?.[kind] ?? 0,
      total: state.shopifyTotals[kind] ?? null,
    }));
}

/**
 * Removes everything the catalog keeps of a store (its disconnection, or Shopify's shop/redact) and
 * answers what was removed.
 */
export async function deleteStoreCopy(db: Database, shopId: string): Promise<CatalogCounts> {
  return catalogRepository.deleteShopRecords(db, shopId);
}
