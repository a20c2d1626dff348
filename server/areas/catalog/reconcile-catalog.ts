import type { CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import {
  filesBegunAt,
  newOperations,
  readShopDetails,
  reconciliationKinds,
  runOperations,
} from './catalog-sync.ts';
import { refetchMany } from './refetch-records.ts';

/**
 * Brings a ready store's copy back in line with Shopify, for what no webhook tells: pages, blogs and
 * articles (Shopify has no topics for them), translations (none either), and whatever a missed
 * delivery left behind. One run reads, in bulk:
 * - every page, blog, article and translation, stored as for the import;
 * - the id and update time of every product and collection: those the copy lacks or holds older
 *   are read again by id (refetch-records.ts), the others are kept as they are;
 * then removes what the run did not see, as the import does. A run that stops is simply run again.
 */
export async function reconcileCatalog(
  deps: CatalogDependencies,
  shopId: string,
): Promise<'reconciled' | 'not ready'> {
  const existing = await catalogRepository.findSyncState(deps.db, shopId);
  if (existing?.phase !== 'ready') return 'not ready';
  const access = await deps.shops.shopAccess(shopId);
  const client = deps.adminClient(shopId, access.shopDomain);
  const shop = await readShopDetails(deps, client, shopId);
  const state = await catalogRepository.beginRun(deps.db, shopId, {
    phase: 'ready',
    locales: shop.translatedLocales,
    operations: newOperations(reconciliationKinds),
  });
  const staleProducts = new Set<string>();
  const staleCollections = new Set<string>();
  await runOperations(deps, client, {
    shopId,
    run: state.run,
    locales: state.runLocales,
    operations: state.operations,
    staleProducts,
    staleCollections,
  });
  const context = { shopId, run: state.run, locales: state.runLocales };
  await refetchMany(deps, client, context, 'product', [...staleProducts]);
  await refetchMany(deps, client, context, 'collection', [...staleCollections]);
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
  await catalogRepository.finishRun(deps.db, shopId, 'reconciliation');
  deps.log.info(
    { shopId, run: state.run, refetched: staleProducts.size + staleCollections.size },
    'catalog reconciled',
  );
  return 'reconciled';
}
