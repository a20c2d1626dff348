import type { Shop, ShopList, ShopState } from '#shared/schemas/shops.ts';
import type { Database } from '#server/db/database.ts';
import {
  noRecords,
  type ShopCatalog,
  type StoreCopyState,
  type StoreCopySummary,
} from './shop-catalog.ts';
import { listShopsOfOwner, type ShopRow } from './shops-repository.ts';
import { pausedStoreIds, storeLimitOf } from './store-limit.ts';

/** A store as the list shows it, less the records its copy holds. */
export type ShopConnection = Omit<Shop, 'counts' | 'partialCopy'>;

/**
 * The owner's stores as the client shows them: each connection with what the copy of its catalog
 * says, how many stores the owner's plan allows, and which stores it pauses beyond that.
 */
export async function listShops(
  deps: { db: Database; catalog: Pick<ShopCatalog, 'summaries'> },
  ownerUid: string,
): Promise<ShopList> {
  const { rows, plan, maxStores, paused } = await ownerStores(deps.db, ownerUid);
  const summaries =
    rows.length === 0 ? new Map() : await deps.catalog.summaries(rows.map((row) => row.id));
  return {
    shops: rows.map((row) => {
      const copy: StoreCopySummary | undefined = summaries.get(row.id);
      return {
        ...presentConnection(row, copy, paused.has(row.id)),
        counts: copy?.counts ?? noRecords,
        partialCopy: copy?.partialCopy ?? [],
      };
    }),
    plan,
    maxStores,
  };
}

/**
 * The owner's stores as listShops answers them, without counting the records of their copies
 * (a scan of each kind's keys, tens of milliseconds on a large store): what the dashboard needs.
 */
export async function listShopConnections(
  deps: { db: Database; catalog: Pick<ShopCatalog, 'states'> },
  ownerUid: string,
): Promise<Omit<ShopList, 'shops'> & { shops: ShopConnection[] }> {
  const { rows, plan, maxStores, paused } = await ownerStores(deps.db, ownerUid);
  const states =
    rows.length === 0 ? new Map() : await deps.catalog.states(rows.map((row) => row.id));
  return {
    shops: rows.map((row) => presentConnection(row, states.get(row.id), paused.has(row.id))),
    plan,
    maxStores,
  };
}

async function ownerStores(db: Database, ownerUid: string) {
  const [rows, { plan, maxStores }] = await Promise.all([
    listShopsOfOwner(db, ownerUid),
    storeLimitOf(db, ownerUid),
  ]);
  return { rows, plan, maxStores, paused: pausedStoreIds(rows, maxStores) };
}

function presentConnection(
  row: ShopRow,
  copy: StoreCopyState | undefined,
  paused: boolean,
): ShopConnection {
  const connected = row.status === 'active';
  return {
    id: row.id,
    shopDomain: row.shopDomain,
    name: copy?.name ?? null,
    primaryDomain: copy?.primaryDomain ?? null,
    currency: copy?.currency ?? null,
    locales: copy?.locales ?? [],
    state: connected ? stateOfCopy(copy) : 'needs_reconnecting',
    errorCode: connected ? (copy?.errorCode ?? null) : endedConnectionCode(row),
    progress: connected && copy?.phase === 'importing' ? copy.progress : null,
    connectedAt: row.connectedAt.toISOString(),
    lastSyncedAt: copy?.lastSyncedAt ?? null,
    paused,
  };
}

/**
 * Why a connection ended, as the owner reads it: the app removed in Shopify's admin has words of its
 * own (reconnecting installs it again), whatever code the removal was recorded with; otherwise the
 * code recorded, and credentials Shopify no longer honours when none was.
 */
function endedConnectionCode(row: ShopRow): string {
  if (row.status === 'uninstalled') return 'app_uninstalled';
  return row.errorCode ?? 'shopify_refused';
}

function stateOfCopy(copy: StoreCopyState | undefined): ShopState {
  switch (copy?.phase) {
    case undefined:
    case 'queued':
      return 'connecting';
    case 'importing':
      return 'importing';
    case 'ready':
      return 'ready';
    case 'error':
      return 'error';
  }
}
