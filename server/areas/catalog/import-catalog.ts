import { AppError } from '#shared/errors.ts';
import { recordStoreEvent } from '#server/areas/shops/index.ts';
import type { CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import {
  copyLimitFor,
  cutKinds,
  shopifyTotalsOf,
  filesBegunAt,
  importKinds,
  newOperations,
  readShopDetails,
  runOperations,
  subscribeWebhooks,
} from './catalog-sync.ts';
import { withStoreSync } from './store-sync-lock.ts';

/** How an import call ended: done, or why it did nothing (more). */
export type ImportOutcome =
  | 'imported'
  /** Another run of the store is under way (store-sync-lock.ts): nothing was done. */
  | 'busy'
  /** The store's copy is not waiting for an import (it is ready, or failed for good). */
  | 'not queued'
  | catalogRepository.SyncStopReason;

/**
 * A store's first import, and any import asked for again: subscribes the webhooks that keep the copy
 * current, reads the shop, then runs the bulk queries of the whole catalog and streams their files
 * into the copy. At the end, what the store no longer has is removed, and the store is `ready`.
 *
 * An import that stopped (the process died, Shopify failed) resumes its run where it stopped: the
 * same bulk operations, each file from its last stored line. Webhooks that arrive meanwhile store
 * what they read with the same run number, so the end of the run keeps them.
 *
 * The copy holds at most what the owner's plan lets it (copyLimitFor): each file is read up to that
 * limit, and the run records the kinds it holds only in part; a plan that audits more pages has the
 * store imported again (docs/decisions/0020-catalog-import-cap.md).
 *
 * The import holds the store's sync lock from start to end, so that no other run of the store (an
 * import asked for again, a reconciliation) runs alongside; it does nothing and answers `busy` when
 * one does. Every write checks that its run is still the store's current one: an import whose store
 * was disconnected meanwhile, or that another run replaced, stops at its next write, having written
 * nothing more, and answers why.
 */
export async function importCatalog(
  deps: CatalogDependencies,
  shopId: string,
  options: { batchRows?: number } = {},
): Promise<ImportOutcome> {
  return withStoreSync(deps.db, shopId, async (connection) => {
    try {
      return await importHoldingLock({ ...deps, db: connection }, shopId, options);
    } catch (error) {
      if (error instanceof catalogRepository.SyncStopped) return error.reason;
      // The shops area no longer knows the store: it was disconnected.
      if (error instanceof AppError && error.code === 'shop_not_found') {
        return 'store disconnected';
      }
      throw error;
    }
  });
}

async function importHoldingLock(
  deps: CatalogDependencies,
  shopId: string,
  options: { batchRows?: number },
): Promise<ImportOutcome> {
  const existing = await catalogRepository.findSyncState(deps.db, shopId);
  if (existing === undefined) return 'store disconnected';
  if (existing.phase !== 'queued' && existing.phase !== 'importing') return 'not queued';

  const access = await deps.shops.shopAccess(shopId);
  const client = deps.adminClient(shopId, access.shopDomain);
  await subscribeWebhooks(deps, client);
  const shop = await readShopDetails(deps, client, shopId);

  const resuming =
    existing.phase === 'importing' && existing.operations.length > 0 && existing.startedAt !== null;
  const state = resuming
    ? existing
    : await catalogRepository.beginRun(deps.db, shopId, {
        phase: 'importing',
        locales: shop.translatedLocales,
        operations: newOperations(importKinds),
      });
  if (state === undefined) return 'store disconnected';
  if (resuming) {
    deps.log.info(
      { shopId, run: state.run, linesStored: state.operations.map((o) => o.linesStored) },
      'catalog import resumed',
    );
  }

  await runOperations(deps, client, {
    shopId,
    run: state.run,
    locales: state.runLocales,
    operations: state.operations,
    copyLimit: copyLimitFor(await deps.shops.pagesAuditedFor(shopId)),
    ...(options.batchRows !== undefined && { batchRows: options.batchRows }),
  });
  await catalogRepository.removeUnseen(
    deps.db,
    shopId,
    state.run,
    ['products', 'collections', 'pages', 'blogs', 'translations'],
    {
      runStartedAt: state.startedAt!,
      filesBegunAt: filesBegunAt(state.operations, state.startedAt!),
    },
  );
  const partialKinds = cutKinds(state.operations);
  await catalogRepository.finishRun(
    deps.db,
    shopId,
    state.run,
    'import',
    partialKinds,
    await shopifyTotalsOf(client, partialKinds),
  );
  await catalogRepository.refreshStatistics(deps.db);
  await recordStoreEvent(deps.db, shopId, 'catalog.synced');
  deps.log.info({ shopId, run: state.run, partialKinds }, 'catalog imported');
  return 'imported';
}
