import type {
  BlogsBulkQuery,
  CollectionQuery,
  PagesBulkQuery,
  ProductQuery,
  ProductStampsBulkQuery,
  TranslationsBulkQuery,
} from '#server/platform/shopify/admin-document-types.ts';
import type {
  catalogArticles,
  catalogBlogs,
  catalogCollections,
  catalogMedia,
  catalogPages,
  catalogProducts,
  catalogTranslations,
} from './tables.ts';

/**
 * Shopify's objects, as the Admin API and its bulk files give them (admin-documents.ts's fields),
 * turned into the copy's rows. The same functions serve the bulk files, the webhooks' refetches and
 * the reconciliation, so a record is stored the same whichever way it came.
 */

type Row<Table extends { $inferInsert: unknown }> = Omit<
  Table['$inferInsert'],
  'shopId' | 'seenInRun'
>;
export type ProductRow = Row<typeof catalogProducts>;
export type MediaRow = Row<typeof catalogMedia>;
export type CollectionRow = Row<typeof catalogCollections>;
export type PageRow = Row<typeof catalogPages>;
export type BlogRow = Row<typeof catalogBlogs>;
export type ArticleRow = Row<typeof catalogArticles>;
export type TranslationRow = Row<typeof catalogTranslations>;

/** A record's id and update time, as the reconciliation reads them. */
export interface Stamp {
  gid: string;
  updatedAt: Date;
}

/** The rows one stretch of a file (or one refetch) gives, by table. */
export interface CatalogBatch {
  products: ProductRow[];
  media: MediaRow[];
  collections: CollectionRow[];
  pages: PageRow[];
  blogs: BlogRow[];
  articles: ArticleRow[];
  translations: TranslationRow[];
  productStamps: Stamp[];
  collectionStamps: Stamp[];
}

export function emptyBatch(): CatalogBatch {
  return {
    products: [],
    media: [],
    collections: [],
    pages: [],
    blogs: [],
    articles: [],
    translations: [],
    productStamps: [],
    collectionStamps: [],
  };
}

export function batchSize(batch: CatalogBatch): number {
  return Object.values(batch).reduce((total, rows: unknown[]) => total + rows.length, 0);
}

/** A node of a connection as a document reads it. */
type NodeOf<Connection extends { edges: Array<{ node: unknown }> }> =
  Connection['edges'][number]['node'];

// The records as admin-documents.ts reads them, typed from Shopify's schema
// (admin-document-types.ts): a field Shopify may leave null is typed so, and read as such below.

/** A product's own fields; its media come apart (a bulk file's lines of their own, or a page). */
export type ProductNode = Omit<NonNullable<ProductQuery['product']>, 'media'>;
/** A product's media; only an image (MediaImage) has `image`. */
export type MediaNode = NonNullable<ProductQuery['product']>['media']['nodes'][number];
export type CollectionNode = NonNullable<CollectionQuery['collection']>;
export type PageNode = NodeOf<PagesBulkQuery['pages']>;
export type BlogNode = Omit<NodeOf<BlogsBulkQuery['blogs']>, 'articles'>;
export type ArticleNode = NodeOf<NodeOf<BlogsBulkQuery['blogs']>['articles']>;
export type StampNode = NodeOf<ProductStampsBulkQuery['products']>;
type TranslatedResource = NodeOf<TranslationsBulkQuery['translatableResources']>;
/** A resource's source texts and, under `t0`, `t1`…, its translations in each language asked. */
export type TranslatableResourceNode = Omit<TranslatedResource, 't0'> & {
  [alias: `t${number}`]: TranslatedResource['t0'];
};

/** An optional text Shopify holds; an empty one is no text either. */
const optionalText = (value: string | null): string | null =>
  value !== null && value !== '' ? value : null;

/**
 * An alt text as Shopify holds it: null when the image has none at all, '' when it was left empty.
 * The audit tells them apart (shared/seo/checks/image-checks.ts): an absent alt attribute fails
 * Lighthouse's image-alt, an empty one passes it but says nothing of the image.
 */
const altText = (...candidates: Array<string | null | undefined>): string | null =>
  candidates.find((value) => value !== null && value !== undefined && value !== '') ??
  (candidates.includes('') ? '' : null);

/**
 * A date Shopify's schema says is always there. The answer is read as the schema types it, so a
 * missing or null one (an answer Shopify never gives) is refused here rather than stored as the
 * epoch or an invalid date.
 */
function requiredDate(value: string, what: string, field = 'updatedAt'): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw new Error(`${what} has no valid ${field}`);
  return date;
}

/**
 * An article's or a blog's update time. Shopify's schema lets `updatedAt` be null there (Shopify holds
 * none for a record brought over from another platform and never edited since), never `createdAt`.
 * Such a record is as its creation left it, so the copy dates it from then: the time still orders
 * what reaches the copy (a later edit gets a real update time, after it). Treating it as unknown
 * would need a nullable column, and a rule for ordering by it, for a time the record does have.
 */
function updateOrCreationDate(
  node: { updatedAt: string | null; createdAt: string },
  what: string,
): Date {
  if (node.updatedAt !== null) return requiredDate(node.updatedAt, what);
  return requiredDate(node.createdAt, what, 'updatedAt or createdAt');
}

export function productRow(node: ProductNode): ProductRow {
  return {
    gid: node.id,
    title: node.title,
    handle: node.handle,
    descriptionHtml: node.descriptionHtml,
    seoTitle: optionalText(node.seo.title),
    seoDescription: optionalText(node.seo.description),
    status: node.status,
    productType: node.productType,
    vendor: node.vendor,
    tags: node.tags,
    onlineStoreUrl: optionalText(node.onlineStoreUrl),
    updatedAt: requiredDate(node.updatedAt, `Product ${node.id}`),
  };
}

export function mediaRow(node: MediaNode, productGid: string, position: number): MediaRow {
  // Only an image has one; a video's or a 3D model's media has no image to read.
  const image = 'image' in node ? node.image : null;
  return {
    gid: node.id,
    productGid,
    mediaContentType: node.mediaContentType,
    // `alt` is the media's own text; an image's `altText` is the same text, read through the image.
    alt: altText(node.alt, image?.altText),
    url: image?.url ?? null,
    position,
  };
}

export function collectionRow(node: CollectionNode): CollectionRow {
  return {
    gid: node.id,
    title: node.title,
    handle: node.handle,
    descriptionHtml: node.descriptionHtml,
    seoTitle: optionalText(node.seo.title),
    seoDescription: optionalText(node.seo.description),
    imageUrl: node.image?.url ?? null,
    imageAlt: altText(node.image?.altText),
    updatedAt: requiredDate(node.updatedAt, `Collection ${node.id}`),
  };
}

export function pageRow(node: PageNode): PageRow {
  return {
    gid: node.id,
    title: node.title,
    handle: node.handle,
    body: node.body,
    // A tag the page does not have is null; a metafield is never empty.
    seoTitle: optionalText(node.titleTag?.value ?? null),
    seoDescription: optionalText(node.descriptionTag?.value ?? null),
    isPublished: node.isPublished,
    updatedAt: requiredDate(node.updatedAt, `Page ${node.id}`),
  };
}

export function blogRow(node: BlogNode): BlogRow {
  return {
    gid: node.id,
    title: node.title,
    handle: node.handle,
    updatedAt: updateOrCreationDate(node, `Blog ${node.id}`),
  };
}

export function articleRow(node: ArticleNode, blogGid: string): ArticleRow {
  return {
    gid: node.id,
    blogGid,
    title: node.title,
    handle: node.handle,
    body: node.body,
    summary: optionalText(node.summary),
    authorName: optionalText(node.author?.name ?? null),
    tags: node.tags,
    imageUrl: node.image?.url ?? null,
    imageAlt: altText(node.image?.altText),
    seoTitle: optionalText(node.titleTag?.value ?? null),
    seoDescription: optionalText(node.descriptionTag?.value ?? null),
    isPublished: node.isPublished,
    updatedAt: updateOrCreationDate(node, `Article ${node.id}`),
  };
}

/**
 * A translatable resource's translations in the run's languages (aliases `t0`, `t1`… in the order
 * of `locales`), each with the digest of the source text it translates.
 */
export function translationRows(
  node: TranslatableResourceNode,
  locales: readonly string[],
): TranslationRow[] {
  const digests = new Map<string, string>();
  for (const { key, digest } of node.translatableContent) {
    if (digest !== null) digests.set(key, digest);
  }
  const rows: TranslationRow[] = [];
  locales.forEach((locale, index) => {
    for (const translation of node[`t${index}`] ?? []) {
      const updatedAt = translation.updatedAt === null ? null : new Date(translation.updatedAt);
      rows.push({
        resourceGid: node.resourceId,
        locale,
        key: translation.key,
        value: translation.value,
        digest: digests.get(translation.key) ?? null,
        outdated: translation.outdated,
        updatedAt: updatedAt === null || Number.isNaN(updatedAt.getTime()) ? null : updatedAt,
      });
    }
  });
  return rows;
}

export function stamp(node: StampNode): Stamp {
  return { gid: node.id, updatedAt: requiredDate(node.updatedAt, node.id) };
}

/** A product as product(id:) or nodes(ids:) returns it, with its media in order. */
export function productWithMedia(node: ProductNode & { media: { nodes: MediaNode[] } }): {
  product: ProductRow;
  media: MediaRow[];
} {
  const product = productRow(node);
  const media = node.media.nodes.map((entry, position) => mediaRow(entry, product.gid, position));
  return { product, media };
}
