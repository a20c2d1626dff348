import type { Shop, ShopList, ShopState } from '#shared/schemas/shops.ts';
import type { Database } from '#server/db/database.ts';
import { noRecords, type ShopCatalog, type StoreCopySummary } from './shop-catalog.ts';
import { listShopsOfOwner, type ShopRow } from './shops-repository.ts';
import { pausedStoreIds, storeLimitOf } from './store-limit.ts';

/**
 * The owner's stores as the client shows them: each connection with what the copy of its catalog
 * says, how many stores the owner's plan allows, and which stores it pauses beyond that.
 */
export async function listShops(
  deps: { db: Database; catalog: Pick<ShopCatalog, 'summaries'> },
  ownerUid: string,
): Promise<ShopList> {
  const [rows, { plan, maxStores }] = await Promise.all([
    listShopsOfOwner(deps.db, ownerUid),
    storeLimitOf(deps.db, ownerUid),
  ]);
  const summaries =
    rows.length === 0 ? new Map() : await deps.catalog.summaries(rows.map((row) => row.id));
  const paused = pausedStoreIds(rows, maxStores);
  return {
    shops: rows.map((row) => presentShop(row, summaries.get(row.id), paused.has(row.id))),
    plan,
    maxStores,
  };
}

function presentShop(row: ShopRow, copy: StoreCopySummary | undefined, paused: boolean): Shop {
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
    counts: copy?.counts ?? noRecords,
    partialCopy: copy?.partialCopy ?? [],
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

function stateOfCopy(copy: StoreCopySummary | undefined): ShopState {
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
