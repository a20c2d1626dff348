import type { CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import {
  filesBegunAt,
  importKinds,
  newOperations,
  readShopDetails,
  runOperations,
  subscribeWebhooks,
} from './catalog-sync.ts';

/**
 * A store's first import, and any import asked for again: subscribes the webhooks that keep the copy
 * current, reads the shop, then runs the bulk queries of the whole catalog and streams their files
 * into the copy. At the end, what the store no longer has is removed, and the store is `ready`.
 *
 * An import that stopped (the process died, Shopify failed) resumes its run where it stopped: the
 * same bulk operations, each file from its last stored line. Webhooks that arrive meanwhile store
 * what they read with the same run number, so the end of the run keeps them.
 */
export async function importCatalog(
  deps: CatalogDependencies,
  shopId: string,
  options: { batchRows?: number } = {},
): Promise<void> {
  const access = await deps.shops.shopAccess(shopId);
  const client = deps.adminClient(shopId, access.shopDomain);
  await subscribeWebhooks(deps, client);
  const shop = await readShopDetails(deps, client, shopId);

  const existing = await catalogRepository.findSyncState(deps.db, shopId);
  const resuming =
    existing?.phase === 'importing' &&
    existing.operations.length > 0 &&
    existing.startedAt !== null;
  const state = resuming
    ? existing
    : await catalogRepository.beginRun(deps.db, shopId, {
        phase: 'importing',
        locales: shop.translatedLocales,
        operations: newOperations(importKinds),
      });
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
  await catalogRepository.finishRun(deps.db, shopId, 'import');
  deps.log.info({ shopId, run: state.run }, 'catalog imported');
}
