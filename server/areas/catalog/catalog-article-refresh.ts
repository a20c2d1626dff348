import { tellCopyChanged, type CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import { refetchArticle } from './refetch-records.ts';

/**
 * Reads one article again into the store's copy, with its translations, once the blog has written
 * it (or deleted it) at Shopify: Shopify sends no webhook for articles, and the reconciliation,
 * which reads the whole store, would bring it in only hours later. Its audit follows, as for a
 * record a webhook changed. A store whose copy is not ready (its import running) gets the article
 * with the rest of the import; a paused store, at the next reconciliation its plan allows.
 */
export async function refreshArticle(
  deps: CatalogDependencies,
  shopId: string,
  articleGid: string,
): Promise<void> {
  const state = await catalogRepository.findSyncState(deps.db, shopId);
  if (state === undefined || state.phase !== 'ready') return;
  if (await deps.shops.storeIsPaused(shopId)) return;
  const access = await deps.shops.shopAccess(shopId);
  const client = deps.adminClient(shopId, access.shopDomain);
  const outcome = await refetchArticle(
    deps,
    client,
    { shopId, writer: 'follow-up', locales: state.runLocales },
    articleGid,
  );
  if (outcome === 'stale') return;
  await catalogRepository.touchLastSynced(deps.db, shopId);
  const { onPagesChanged } = deps;
  await tellCopyChanged(
    deps,
    shopId,
    onPagesChanged && (() => onPagesChanged(shopId, [articleGid])),
  );
}
