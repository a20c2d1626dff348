import type { AdminClient } from '#server/platform/shopify/admin-client.ts';
import {
  articleQuery,
  collectionQuery,
  collectionsByIdsQuery,
  productMediaQuery,
  productQuery,
  productsByIdsQuery,
  translationsByIdsQuery,
} from '#server/platform/shopify/admin-documents.ts';
import type {
  ArticleQuery,
  CollectionQuery,
  CollectionsByIdsQuery,
  ProductMediaQuery,
  ProductQuery,
  ProductsByIdsQuery,
  TranslationsByIdsQuery,
} from '#server/platform/shopify/admin-document-types.ts';
import type { CatalogDependencies } from './catalog-dependencies.ts';
import {
  articleRow,
  collectionRow,
  productWithMedia,
  translationRows,
  type TranslatableResourceNode,
} from './catalog-records.ts';
import * as catalogRepository from './catalog-repository.ts';

/**
 * Reading records again by id, after a webhook or when the reconciliation finds them changed: the
 * record as Shopify has it now replaces the copy's (unless the copy's is newer), its media with it,
 * and its translations in the store's languages; a record Shopify no longer has is removed.
 */

/** Shopify takes at most 250 ids per list argument. */
const idsPerQuery = 250;

async function refetchTranslations(
  deps: Pick<CatalogDependencies, 'db'>,
  client: AdminClient,
  shopId: string,
  writer: catalogRepository.RecordWriter,
  resourceGids: readonly string[],
  locales: readonly string[],
): Promise<void> {
  if (locales.length === 0) return;
  for (let start = 0; start < resourceGids.length; start += idsPerQuery) {
    const ids = resourceGids.slice(start, start + idsPerQuery);
    const answer = await client.request<TranslationsByIdsQuery>(translationsByIdsQuery(locales), {
      ids,
      first: ids.length,
    });
    // One alias per language, `t0` for the first: the generated type names that one only.
    const nodes: TranslatableResourceNode[] = answer.translatableResourcesByIds.nodes;
    const rows = nodes.flatMap((node) => translationRows(node, locales));
    await catalogRepository.replaceTranslations(deps.db, shopId, writer, ids, locales, rows);
  }
}

export interface RefetchContext {
  shopId: string;
  /** The reconciliation's run that reads them again, or a webhook's follow-up. */
  writer: catalogRepository.RecordWriter;
  /** The languages whose translations the copy keeps. */
  locales: readonly string[];
}

type FoundProduct = NonNullable<ProductQuery['product']>;
type MediaPage = FoundProduct['media'];

/**
 * The product with all its media: productQuery reads the first few, and the rest (a product may have
 * up to 250) are read a page at a time. Null when the product was deleted between two pages.
 */
async function withEveryMedia(
  client: AdminClient,
  gid: string,
  product: FoundProduct,
): Promise<FoundProduct | null> {
  let page: MediaPage = product.media;
  const nodes = [...page.nodes];
  while (page.pageInfo.hasNextPage) {
    const next = await client.request<ProductMediaQuery>(productMediaQuery, {
      id: gid,
      after: page.pageInfo.endCursor,
    });
    if (next.product === null) return null;
    page = next.product.media;
    nodes.push(...page.nodes);
  }
  return { ...product, media: { ...page, nodes } };
}

/** One product; answers what became of it. */
export async function refetchProduct(
  deps: Pick<CatalogDependencies, 'db'>,
  client: AdminClient,
  context: RefetchContext,
  gid: string,
): Promise<'stored' | 'stale' | 'deleted'> {
  const answer = await client.request<ProductQuery>(productQuery, { id: gid });
  if (answer.product === null) {
    await catalogRepository.deleteRecord(deps.db, context.shopId, gid, new Date());
    return 'deleted';
  }
  const found = await withEveryMedia(client, gid, answer.product);
  if (found === null) {
    await catalogRepository.deleteRecord(deps.db, context.shopId, gid, new Date());
    return 'deleted';
  }
  const { product, media } = productWithMedia(found);
  const stored = await catalogRepository.storeProductWithMedia(
    deps.db,
    context.shopId,
    context.writer,
    product,
    media,
  );
  if (!stored) return 'stale';
  await refetchTranslations(
    deps,
    client,
    context.shopId,
    context.writer,
    [gid, ...media.map((m) => m.gid)],
    context.locales,
  );
  return 'stored';
}

export async function refetchCollection(
  deps: Pick<CatalogDependencies, 'db'>,
  client: AdminClient,
  context: RefetchContext,
  gid: string,
): Promise<'stored' | 'stale' | 'deleted'> {
  const answer = await client.request<CollectionQuery>(collectionQuery, { id: gid });
  if (answer.collection === null) {
    await catalogRepository.deleteRecord(deps.db, context.shopId, gid, new Date());
    return 'deleted';
  }
  const stored = await catalogRepository.storeCollection(
    deps.db,
    context.shopId,
    context.writer,
    collectionRow(answer.collection),
  );
  if (!stored) return 'stale';
  await refetchTranslations(deps, client, context.shopId, context.writer, [gid], context.locales);
  return 'stored';
}

/** One article, as the blog writes it: no webhook tells of articles. */
export async function refetchArticle(
  deps: Pick<CatalogDependencies, 'db'>,
  client: AdminClient,
  context: RefetchContext,
  gid: string,
): Promise<'stored' | 'stale' | 'deleted'> {
  const answer = await client.request<ArticleQuery>(articleQuery, { id: gid });
  if (answer.article === null) {
    await catalogRepository.deleteRecord(deps.db, context.shopId, gid, new Date());
    return 'deleted';
  }
  const stored = await catalogRepository.storeArticle(
    deps.db,
    context.shopId,
    context.writer,
    articleRow(answer.article, answer.article.blog.id),
  );
  if (!stored) return 'stale';
  await refetchTranslations(deps, client, context.shopId, context.writer, [gid], context.locales);
  return 'stored';
}

/** Many products or collections, 250 per query (the reconciliation's changed records). */
export async function refetchMany(
  deps: Pick<CatalogDependencies, 'db'>,
  client: AdminClient,
  context: RefetchContext,
  kind: 'product' | 'collection',
  gids: readonly string[],
): Promise<void> {
  for (let start = 0; start < gids.length; start += idsPerQuery) {
    const ids = gids.slice(start, start + idsPerQuery);
    const answer = await client.request<ProductsByIdsQuery | CollectionsByIdsQuery>(
      kind === 'product' ? productsByIdsQuery : collectionsByIdsQuery,
      { ids },
    );
    const translated: string[] = [];
    for (const node of answer.nodes) {
      // A record deleted meanwhile answers null, or an empty object from the type condition.
      if (node === null || !('id' in node)) continue;
      if ('media' in node) {
        const { product, media } = productWithMedia(node);
        if (
          await catalogRepository.storeProductWithMedia(
            deps.db,
            context.shopId,
            context.writer,
            product,
            media,
          )
        ) {
          translated.push(product.gid, ...media.map((m) => m.gid));
        }
      } else if (
        await catalogRepository.storeCollection(
          deps.db,
          context.shopId,
          context.writer,
          collectionRow(node),
        )
      ) {
        translated.push(node.id);
      }
    }
    await refetchTranslations(
      deps,
      client,
      context.shopId,
      context.writer,
      translated,
      context.locales,
    );
  }
}
