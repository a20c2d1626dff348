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

type Json = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const object = (value: unknown): Json =>
  typeof value === 'object' && value !== null ? (value as Json) : {};
const metafieldValue = (value: unknown): string | null => optionalText(object(value).value);

function requiredDate(value: unknown, what: string): Date {
  const date = new Date(text(value));
  if (Number.isNaN(date.getTime())) throw new Error(`${what} has no valid updatedAt`);
  return date;
}

/**
 * An article's or a blog's update time. Shopify's schema lets `updatedAt` be null there (Shopify holds
 * none for a record brought over from another platform and never edited since), never `createdAt`.
 * Such a record is as its creation left it, so the copy dates it from then: the time still orders
 * what reaches the copy (a later edit gets a real update time, after it). Treating it as unknown
 * would need a nullable column, and a rule for ordering by it, for a time the record does have.
 */
function updateOrCreationDate(node: Json, what: string): Date {
  if (node.updatedAt !== null) return requiredDate(node.updatedAt, what);
  const created = new Date(text(node.createdAt));
  if (Number.isNaN(created.getTime()))
    throw new Error(`${what} has no valid updatedAt or createdAt`);
  return created;
}

export function productRow(node: Json): ProductRow {
  const seo = object(node.seo);
  return {
    gid: text(node.id),
    title: text(node.title),
    handle: text(node.handle),
    descriptionHtml: text(node.descriptionHtml),
    seoTitle: optionalText(seo.title),
    seoDescription: optionalText(seo.description),
    status: text(node.status),
    productType: text(node.productType),
    vendor: text(node.vendor),
    tags: Array.isArray(node.tags) ? node.tags.filter((tag) => typeof tag === 'string') : [],
    onlineStoreUrl: optionalText(node.onlineStoreUrl),
    updatedAt: requiredDate(node.updatedAt, `Product ${text(node.id)}`),
  };
}

export function mediaRow(node: Json, productGid: string, position: number): MediaRow {
  const image = object(node.image);
  return {
    gid: text(node.id),
    productGid,
    mediaContentType: text(node.mediaContentType),
    // `alt` is the media's own text; an image's `altText` is the same text, read through the image.
    alt: optionalText(node.alt) ?? optionalText(image.altText),
    url: optionalText(image.url),
    position,
  };
}

export function collectionRow(node: Json): CollectionRow {
  const seo = object(node.seo);
  const image = object(node.image);
  return {
    gid: text(node.id),
    title: text(node.title),
    handle: text(node.handle),
    descriptionHtml: text(node.descriptionHtml),
    seoTitle: optionalText(seo.title),
    seoDescription: optionalText(seo.description),
    imageUrl: optionalText(image.url),
    imageAlt: optionalText(image.altText),
    updatedAt: requiredDate(node.updatedAt, `Collection ${text(node.id)}`),
  };
}

export function pageRow(node: Json): PageRow {
  return {
    gid: text(node.id),
    title: text(node.title),
    handle: text(node.handle),
    body: text(node.body),
    seoTitle: metafieldValue(node.titleTag),
    seoDescription: metafieldValue(node.descriptionTag),
    isPublished: node.isPublished === true,
    updatedAt: requiredDate(node.updatedAt, `Page ${text(node.id)}`),
  };
}

export function blogRow(node: Json): BlogRow {
  return {
    gid: text(node.id),
    title: text(node.title),
    handle: text(node.handle),
    updatedAt: updateOrCreationDate(node, `Blog ${text(node.id)}`),
  };
}

export function articleRow(node: Json, blogGid: string): ArticleRow {
  const image = object(node.image);
  return {
    gid: text(node.id),
    blogGid,
    title: text(node.title),
    handle: text(node.handle),
    body: text(node.body),
    summary: optionalText(node.summary),
    authorName: optionalText(object(node.author).name),
    imageUrl: optionalText(image.url),
    imageAlt: optionalText(image.altText),
    seoTitle: metafieldValue(node.titleTag),
    seoDescription: metafieldValue(node.descriptionTag),
    isPublished: node.isPublished === true,
    updatedAt: updateOrCreationDate(node, `Article ${text(node.id)}`),
  };
}

/**
 * A translatable resource's translations in the run's languages (aliases `t0`, `t1`… in the order
 * of `locales`), each with the digest of the source text it translates.
 */
export function translationRows(node: Json, locales: readonly string[]): TranslationRow[] {
  const resourceGid = text(node.resourceId);
  const digests = new Map<string, string>();
  for (const content of Array.isArray(node.translatableContent) ? node.translatableContent : []) {
    const { key, digest } = object(content);
    if (typeof key === 'string' && typeof digest === 'string') digests.set(key, digest);
  }
  const rows: TranslationRow[] = [];
  locales.forEach((locale, index) => {
    const translations = node[`t${index}`];
    for (const entry of Array.isArray(translations) ? translations : []) {
      const translation = object(entry);
      const key = text(translation.key);
      if (key === '') continue;
      const updatedAt = new Date(text(translation.updatedAt));
      rows.push({
        resourceGid,
        locale,
        key,
        value: typeof translation.value === 'string' ? translation.value : null,
        digest: digests.get(key) ?? null,
        outdated: translation.outdated === true,
        updatedAt: Number.isNaN(updatedAt.getTime()) ? null : updatedAt,
      });
    }
  });
  return rows;
}

export function stamp(node: Json): Stamp {
  return { gid: text(node.id), updatedAt: requiredDate(node.updatedAt, text(node.id)) };
}

/** A product as product(id:) or nodes(ids:) returns it, with its media in order. */
export function productWithMedia(node: Json): { product: ProductRow; media: MediaRow[] } {
  const product = productRow(node);
  const nodes = object(node.media).nodes;
  const media = (Array.isArray(nodes) ? nodes : []).map((entry, position) =>
    mediaRow(object(entry), product.gid, position),
  );
  return { product, media };
}
