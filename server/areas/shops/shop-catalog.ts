import type {
  CatalogCounts,
  ImportProgress,
  PartialCopy,
  ShopLocale,
} from '#shared/schemas/shops.ts';

/**
 * What the shops area asks of a store's copy of its catalog, which another area keeps. The
 * composition root gives these functions (bound to the database), so that connecting, listing and
 * disconnecting a store compose with the copy without this area importing that one.
 */
export interface ShopCatalog {
  /** Queues the first import of a store just connected. */
  queueImport(shopId: string): Promise<void>;
  /** Where each store's copy stands and what it read of the store, without counting records. */
  states(shopIds: readonly string[]): Promise<ReadonlyMap<string, StoreCopyState>>;
  /** What the copy knows of each store, with its records counted. */
  summaries(shopIds: readonly string[]): Promise<ReadonlyMap<string, StoreCopySummary>>;
  /** Deletes everything kept of the store's catalog; returns what was removed. */
  deleteStoreCopy(shopId: string): Promise<CatalogCounts>;
}

/** Where one store's copy stands: what the dashboard shows of the store. */
export interface StoreCopyState {
  /** Undefined until an import was asked for (the store shows as connecting). */
  phase: 'queued' | 'importing' | 'ready' | 'error' | undefined;
  errorCode: string | null;
  progress: ImportProgress | null;
  name: string | null;
  primaryDomain: string | null;
  currency: string | null;
  /** The store's IANA time zone (`Europe/Paris`), in which its owner's days are judged. */
  timeZone: string | null;
  locales: ShopLocale[];
  /** ISO 8601. */
  lastSyncedAt: string | null;
}

/** One store's copy as the list of stores shows it. */
export interface StoreCopySummary extends StoreCopyState {
  counts: CatalogCounts;
  /** The kinds the copy holds only in part, as the owner's plan bounds it. */
  partialCopy: PartialCopy[];
}

export const noRecords: CatalogCounts = {
  products: 0,
  collections: 0,
  pages: 0,
  blogs: 0,
  articles: 0,
  media: 0,
  translations: 0,
};
