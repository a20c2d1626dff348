import { AppError } from '#shared/errors.ts';
import { recordStoreEvent } from '#server/areas/shops/index.ts';
import { tellCopyChanged, type CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import {
  copyLimitFor,
  cutKinds,
  shopifyTotalsOf,
  filesBegunAt,
  newOperations,
  readShopDetails,
  reconciliationKinds,
  runOperations,
  subscribeWebhooks,
} from './catalog-sync.ts';
import { refetchMany } from './refetch-records.ts';
import { withStoreSync } from './store-sync-lock.ts';

/** How a reconciliation call ended: done, or why it did nothing (more); see importCatalog. */
export type ReconciliationOutcome =
  'reconciled' | 'not ready' | 'busy' | catalogRepository.SyncStopReason;

/**
 * Brings a ready store's copy back in line with Shopify, for what no webhook tells: pages, blogs and
 * articles (Shopify has no topics for them), translations (none either), and whatever a missed
 * delivery left behind. One run reads, in bulk:
 * - every page, blog, article and translation, stored as for the import;
 * - the id and update time of every product and collection: those the copy lacks or holds older
 *   are read again by id (refetch-records.ts), the others are kept as they are;
 * then removes what the run did not see, as the import does, and tells `onPagesChanged` of the
 * records it read again or removed and of every page and article. A run that stops is simply run
 * again.
 *
 * First of all it subscribes again the webhooks Shopify deleted: Shopify deletes a subscription
 * whose deliveries kept failing (the product down for hours, a deployment gone wrong), after which
 * the store's changes would reach the copy only at each reconciliation. Each one created again is
 * logged and counted (the operators' `vitrine_webhook_subscriptions_recreated`), since it also
 * means that deliveries were lost.
 *
 * A copy the owner's plan limits stays within its limit: pages, blogs and translations are read up
 * to it as by the import, and a product or collection the copy lacks because of it is not read
 * again (only those it holds older are).
 *
 * Like the import, it holds the store's sync lock throughout (`busy` when another run holds it), and
 * stops quietly at its next write when the store was disconnected or another run replaced it.
 */
export async function reconcileCatalog(
  deps: CatalogDependencies,
  shopId: string,
): Promise<ReconciliationOutcome> {
  return withStoreSync(deps.db, shopId, async (connection) => {
    try {
      return await reconcileHoldingLock({ ...deps, db: connection }, shopId);
    } catch (error) {
      if (error instanceof catalogRepository.SyncStopped) return error.reason;
      if (error instanceof AppError && error.code === 'shop_not_found') {
        return 'store disconnected';
      }
      throw error;
    }
  });
}

async function reconcileHoldingLock(
  deps: CatalogDependencies,
  shopId: string,
): Promise<ReconciliationOutcome> {
  const existing = await catalogRepository.findSyncState(deps.db, shopId);
  if (existing === undefined) return 'store disconnected';
  if (existing.phase !== 'ready') return 'not ready';
  const access = await deps.shops.shopAccess(shopId);
  const client = deps.adminClient(shopId, access.shopDomain);
  const recreated = await subscribeWebhooks(deps, client);
  if (recreated.length > 0) {
    await catalogRepository.countRecreatedSubscriptions(deps.db, shopId, recreated.length);
    deps.log.warn(
      { shopId, topics: recreated },
      'webhook subscriptions created again: Shopify had deleted them after failed deliveries',
    );
  }
  const shop = await readShopDetails(deps, client, shopId);
  const state = await catalogRepository.beginRun(deps.db, shopId, {
    phase: 'ready',
    locales: shop.translatedLocales,
    operations: newOperations(reconciliationKinds),
  });
  // An import was asked for meanwhile (or the store disconnected): it is left to that.
  if (state === undefined) return 'not ready';
  const staleProducts = new Set<string>();
  const staleCollections = new Set<string>();
  // Products and collections keep what the import copied: their stamps are read whole.
  const keptPartial = existing.partialKinds.filter(
    (kind) => kind === 'products' || kind === 'collections',
  );
  await runOperations(deps, client, {
    shopId,
    run: state.run,
    locales: state.runLocales,
    operations: state.operations,
    copyLimit: copyLimitFor(await deps.shops.pagesAuditedFor(shopId)),
    partialKinds: keptPartial,
    staleProducts,
    staleCollections,
  });
  const context = { shopId, writer: state.run, locales: state.runLocales };
  await refetchMany(deps, client, context, 'product', [...staleProducts]);
  await refetchMany(deps, client, context, 'collection', [...staleCollections]);
  const removed = await catalogRepository.removeUnseen(
    deps.db,
    shopId,
    state.run,
    ['products', 'collections', 'pages', 'blogs', 'translations'],
    {
      runStartedAt: state.startedAt!,
      filesBegunAt: filesBegunAt(state.operations, state.startedAt!),
    },
  );
  const partialKinds = [...keptPartial, ...cutKinds(state.operations)];
  await catalogRepository.finishRun(
    deps.db,
    shopId,
    state.run,
    'reconciliation',
    partialKinds,
    await shopifyTotalsOf(client, partialKinds),
  );
  // What changed that no webhook told: the records read again, those removed, and every page and
  // article (no webhook tells of them, so any may have changed since the last run).
  const changed = new Set([
    ...staleProducts,
    ...staleCollections,
    ...removed,
    ...(await catalogRepository.findPageAndArticleGids(deps.db, shopId)),
  ]);
  await recordStoreEvent(deps.db, shopId, 'catalog.synced');
  const { onPagesChanged } = deps;
  await tellCopyChanged(
    deps,
    shopId,
    onPagesChanged && (() => onPagesChanged(shopId, [...changed])),
  );
  deps.log.info(
    { shopId, run: state.run, refetched: staleProducts.size + staleCollections.size },
    'catalog reconciled',
  );
  return 'reconciled';
}
