import { createHash } from 'node:crypto';

/**
 * What a store of the local Shopify holds, in Shopify's own terms: resources with numeric ids (their
 * `gid://shopify/<Type>/<id>` is derived), texts in the primary locale, and translations that keep the
 * digest of the source text they were written against, so that a later change of the source makes
 * them outdated exactly as Shopify marks them.
 */

export type ResourceKind = 'Product' | 'Collection' | 'Page' | 'Blog' | 'Article' | 'MediaImage';

export function gid(
  kind: ResourceKind | 'ArticleImage' | 'Shop' | 'BulkOperation' | 'WebhookSubscription',
  id: number,
) {
  return `gid://shopify/${kind}/${id}`;
}

/** `gid://shopify/Product/12` → { kind: 'Product', id: 12 }; anything else → undefined. */
export function parseGid(value: string): { kind: string; id: number } | undefined {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(value);
  if (match === null) return undefined;
  return { kind: match[1]!, id: Number(match[2]) };
}

/**
 * A handle as Shopify makes one from what it is given (a title, or a handle typed or translated):
 * lowercase, accents dropped (é → e), every run of spaces and punctuation one '-', none at either
 * end. "Nappe en lin lavé" → "nappe-en-lin-lave".
 */
export function shopifyHandle(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * `handle`, else the first of `handle-1`, `handle-2`… that `taken` refuses: how Shopify keeps a
 * handle it generates from a title apart from the others of its kind.
 */
export function uniqueHandle(handle: string, taken: (candidate: string) => boolean): string {
  if (!taken(handle)) return handle;
  let suffix = 1;
  while (taken(`${handle}-${suffix}`)) suffix++;
  return `${handle}-${suffix}`;
}

/**
 * Shopify's translatable content digest: the SHA-256 of the source value, in hex. A translation is
 * registered with the digest of the content it translates; when the source changes, so does its digest.
 */
export function contentDigest(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export interface Translation {
  value: string;
  /** The digest of the source value this translation was written against. */
  sourceDigest: string;
  updatedAt: string;
}

/** locale → translatable key → translation. */
export type Translations = Record<string, Record<string, Translation>>;

/** Outdated when the source it translated is no longer the current one. */
export function isOutdated(translation: Translation, currentSource: string | undefined): boolean {
  return currentSource === undefined || translation.sourceDigest !== contentDigest(currentSource);
}

export interface Seo {
  title: string | null;
  description: string | null;
}

export interface MediaImage {
  id: number;
  alt: string;
  url: string;
  width: number;
  height: number;
  translations: Translations;
}

export type ProductStatus = 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | 'UNLISTED';

export interface Product {
  id: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  seo: Seo;
  status: ProductStatus;
  productType: string;
  vendor: string;
  tags: string[];
  createdAt: string;
  updatedAt: string;
  publishedAt: string | null;
  media: MediaImage[];
  /** Metafields other than the SEO ones (`seo` holds those). */
  metafields: Metafields;
  translations: Translations;
}

export interface Collection {
  id: number;
  title: string;
  handle: string;
  descriptionHtml: string;
  seo: Seo;
  image: { altText: string | null; url: string; width: number; height: number } | null;
  /** Ids of the products it holds, in order. */
  productIds: number[];
  updatedAt: string;
  /** Metafields other than the SEO ones (`seo` holds those). */
  metafields: Metafields;
  translations: Translations;
}

/**
 * A resource's metafields by `namespace.key`. A page's, a blog's or an article's SEO lives in the
 * `global.title_tag` / `global.description_tag` metafields; a product's or a collection's in its `seo`
 * (which Shopify keeps under the same two metafields, see metafield-owners.ts).
 */
export interface Metafields {
  [namespaceAndKey: string]: { id: number; value: string; type: string };
}

/**
 * A metafield's `compareDigest`: a digest of what it holds, which `metafieldsSet` compares with the one
 * a write names, so that a value changed since it was read is not overwritten.
 */
export function metafieldCompareDigest(metafield: {
  namespace: string;
  key: string;
  type: string;
  value: string;
}): string {
  return createHash('sha256')
    .update(JSON.stringify([metafield.namespace, metafield.key, metafield.type, metafield.value]))
    .digest('hex');
}

export interface Page {
  id: number;
  title: string;
  handle: string;
  body: string;
  isPublished: boolean;
  publishedAt: string | null;
  createdAt: string;
  updatedAt: string;
  templateSuffix: string | null;
  metafields: Metafields;
  translations: Translations;
}

export interface Blog {
  id: number;
  title: string;
  handle: string;
  tags: string[];
  createdAt: string;
  /** Null when Shopify holds no update time for the blog (its schema's `updatedAt` is nullable). */
  updatedAt: string | null;
  metafields: Metafields;
  translations: Translations;
}

export interface Article {
  id: number;
  blogId: number;
  title: string;
  handle: string;
  body: string;
  summary: string | null;
  authorName: string;
  image: ArticleImage | null;
  /**
   * Published, or scheduled when `publishedAt` is still ahead: Shopify shows a scheduled article
   * from that moment on without anyone acting, so whether it is visible is read against the clock
   * (articleIsVisible), never stored.
   */
  isPublished: boolean;
  /** When it became or becomes visible; null once hidden. */
  publishedAt: string | null;
  tags: string[];
  templateSuffix: string | null;
  createdAt: string;
  /** Null when Shopify holds no update time for the article (as for the blog). */
  updatedAt: string | null;
  metafields: Metafields;
  translations: Translations;
}

/**
 * An article's featured image. Shopify keeps its alt text's translations on a resource of its own
 * (`ARTICLE_IMAGE`, nested under the article's translatable resource): `id` numbers that resource
 * (`gid://shopify/ArticleImage/<id>`), by the local Shopify's own choice, since apps read it from
 * Shopify. A new image (another address) is a new resource, without the translations of the last.
 */
export interface ArticleImage {
  id: number;
  altText: string | null;
  url: string;
  width: number;
  height: number;
  translations: Translations;
}

/** Whether the article is visible now: published, and its publish date reached. */
export function articleIsVisible(
  article: Pick<Article, 'isPublished' | 'publishedAt'>,
  now = Date.now(),
): boolean {
  return (
    article.isPublished && (article.publishedAt === null || Date.parse(article.publishedAt) <= now)
  );
}

export interface ShopLocale {
  locale: string;
  name: string;
  primary: boolean;
  published: boolean;
}

export interface ShopDetails {
  id: number;
  name: string;
  myshopifyDomain: string;
  primaryDomainHost: string;
  currencyCode: string;
  ianaTimezone: string;
  contactEmail: string;
  locales: ShopLocale[];
}

/**
 * The source texts a translation of each resource type can translate, with Shopify's keys and the
 * `TranslatableContent.type` each carries.
 */
export type TranslatableKeyType =
  'SINGLE_LINE_TEXT_FIELD' | 'HTML' | 'URI' | 'MULTI_LINE_TEXT_FIELD';

export interface TranslatableEntry {
  key: string;
  value: string;
  type: TranslatableKeyType;
}

/** Only keys with a value are offered, as in Shopify (an empty source has nothing to translate). */
function present(entries: Array<[string, string | null | undefined, TranslatableKeyType]>) {
  return entries
    .filter((entry): entry is [string, string, TranslatableKeyType] => !!entry[1])
    .map(([key, value, type]) => ({ key, value, type }));
}

const metafieldValue = (metafields: Metafields, key: string) => metafields[`global.${key}`]?.value;

export function productContent(product: Product): TranslatableEntry[] {
  return present([
    ['title', product.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['body_html', product.descriptionHtml, 'HTML'],
    ['handle', product.handle, 'URI'],
    ['product_type', product.productType, 'SINGLE_LINE_TEXT_FIELD'],
    ['meta_title', product.seo.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['meta_description', product.seo.description, 'MULTI_LINE_TEXT_FIELD'],
  ]);
}

export function collectionContent(collection: Collection): TranslatableEntry[] {
  return present([
    ['title', collection.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['body_html', collection.descriptionHtml, 'HTML'],
    ['handle', collection.handle, 'URI'],
    ['meta_title', collection.seo.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['meta_description', collection.seo.description, 'MULTI_LINE_TEXT_FIELD'],
  ]);
}

export function pageContent(page: Page): TranslatableEntry[] {
  return present([
    ['title', page.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['body_html', page.body, 'HTML'],
    ['handle', page.handle, 'URI'],
    ['meta_title', metafieldValue(page.metafields, 'title_tag'), 'SINGLE_LINE_TEXT_FIELD'],
    [
      'meta_description',
      metafieldValue(page.metafields, 'description_tag'),
      'MULTI_LINE_TEXT_FIELD',
    ],
  ]);
}

export function blogContent(blog: Blog): TranslatableEntry[] {
  return present([
    ['title', blog.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['handle', blog.handle, 'URI'],
    ['meta_title', metafieldValue(blog.metafields, 'title_tag'), 'SINGLE_LINE_TEXT_FIELD'],
    [
      'meta_description',
      metafieldValue(blog.metafields, 'description_tag'),
      'MULTI_LINE_TEXT_FIELD',
    ],
  ]);
}

export function articleContent(article: Article): TranslatableEntry[] {
  return present([
    ['title', article.title, 'SINGLE_LINE_TEXT_FIELD'],
    ['body_html', article.body, 'HTML'],
    ['summary_html', article.summary, 'HTML'],
    ['handle', article.handle, 'URI'],
    ['meta_title', metafieldValue(article.metafields, 'title_tag'), 'SINGLE_LINE_TEXT_FIELD'],
    [
      'meta_description',
      metafieldValue(article.metafields, 'description_tag'),
      'MULTI_LINE_TEXT_FIELD',
    ],
  ]);
}

export function mediaImageContent(media: MediaImage): TranslatableEntry[] {
  return present([['alt', media.alt, 'SINGLE_LINE_TEXT_FIELD']]);
}

export function articleImageContent(image: ArticleImage): TranslatableEntry[] {
  return present([['alt', image.altText, 'SINGLE_LINE_TEXT_FIELD']]);
}

/** How many translations a resource holds in the locales given (the unit of the summary). */
export function countTranslations(translations: Translations, locales: readonly string[]): number {
  let count = 0;
  for (const locale of locales) count += Object.keys(translations[locale] ?? {}).length;
  return count;
}
