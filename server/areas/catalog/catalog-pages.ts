import { sql, type SQL } from 'drizzle-orm';
import type { Language } from '#shared/constants.ts';
import {
  pageKinds,
  type PageImage,
  type PageKind,
  type PageLanguageView,
  type TranslatedField,
} from '#shared/seo/check.ts';
import type { Database, Queryable } from '#server/db/database.ts';

/**
 * The store's pages as the SEO audit reads them: every published product, collection, page and blog
 * article, in each language the audit measures, as a shopper in that language gets it. The audit
 * reads through these functions only, never the catalog's tables.
 *
 * Languages audited: the store's published languages whose primary subtag is `en` or `fr` (the first
 * such locale of each language when a store publishes several). In a language other than the primary
 * one, each text is its translation where the copy has one and the primary text where it has none,
 * which is what the storefront shows; image alt texts likewise (Shopify's `alt` key of the image's
 * media), and the handle, which makes the language's address. Unpublished pages (a product not ACTIVE, a page or article not published) are left out.
 */

/**
 * The translation keys of a page the audit reads, and the view's text each one replaces; `handle`
 * makes the language's address (handleIn below) rather than a text of the view.
 */
const translatedKeys = ['title', 'body_html', 'meta_title', 'meta_description', 'handle'] as const;
type TranslatedKey = (typeof translatedKeys)[number];

/** One language the audit reads, with the store's locale that carries it. */
export interface AuditedLocale {
  language: Language;
  /** Shopify's locale code (`fr`, `fr-CA`…), as the translations are keyed. */
  locale: string;
  primary: boolean;
  /** The storefront address of that language, when Shopify gave it. */
  url: string | null;
}

/** What the audit needs of a store: its name and the languages it measures, primary first. */
export interface AuditedStore {
  shopId: string;
  shopName: string;
  /** Null when the store's primary language is neither English nor French. */
  primaryLanguage: Language | null;
  locales: AuditedLocale[];
}

/** One page in every audited language, with what its detail screen shows beside the views. */
export interface AuditedPage {
  kind: PageKind;
  id: string;
  handle: string;
  /** One view per audited language, in the store's order (primary first). */
  views: PageLanguageView[];
  /** The storefront address of the page in each audited language. */
  urls: Partial<Record<Language, string | null>>;
  /** Each image's address, by the image's id. */
  imageUrls: Record<string, string | null>;
}

/** Where a batch read stopped: the next batch starts after this page. */
export interface PageCursor {
  kind: PageKind;
  gid: string;
}

export type PageCounts = Record<PageKind, number> & { total: number };

function languageOf(locale: string): Language | undefined {
  const subtag = locale.toLowerCase().split('-')[0];
  return subtag === 'en' || subtag === 'fr' ? subtag : undefined;
}

/** The store's audited languages, or undefined when the catalog has not read the store yet. */
export async function auditedStoreOf(
  db: Database,
  shopId: string,
): Promise<AuditedStore | undefined> {
  const { rows } = await db.execute<{
    name: string;
    locales: Array<{ locale: string; primary: boolean; published: boolean; url: string | null }>;
  }>(sql`select name, locales from catalog_shops where shop_id = ${shopId}`);
  const shop = rows[0];
  if (shop === undefined) return undefined;
  const locales: AuditedLocale[] = [];
  // The primary language first, then the others in the store's order.
  const ordered = [
    ...shop.locales.filter((entry) => entry.primary),
    ...shop.locales.filter((entry) => !entry.primary),
  ];
  for (const entry of ordered) {
    const language = languageOf(entry.locale);
    if (language === undefined || !(entry.primary || entry.published)) continue;
    if (locales.some((known) => known.language === language)) continue;
    locales.push({ language, locale: entry.locale, primary: entry.primary, url: entry.url });
  }
  const primary = shop.locales.find((entry) => entry.primary);
  return {
    shopId,
    shopName: shop.name,
    primaryLanguage: primary === undefined ? null : (languageOf(primary.locale) ?? null),
    locales,
  };
}

/** A page's row as the queries below select it, whatever its kind. */
type PageRow = {
  gid: string;
  title: string;
  handle: string;
  body: string;
  seo_title: string | null;
  seo_description: string | null;
  /** Collections and articles: their one image. */
  image_url: string | null;
  image_alt: string | null;
  /** Articles: their blog's handle (the article's address contains it). */
  blog_handle: string | null;
};

/** The published pages of one kind, in gid order, after `afterGid`, or exactly `gids`. */
function pagesQuery(
  kind: PageKind,
  shopId: string,
  select: { afterGid: string | null; limit: number } | { gids: readonly string[] },
) {
  const where =
    'gids' in select
      ? sql`and p.gid in (select jsonb_array_elements_text(${JSON.stringify(select.gids)}::jsonb))`
      : select.afterGid === null
        ? sql``
        : sql`and p.gid > ${select.afterGid}`;
  const limit = 'gids' in select ? sql`` : sql`limit ${select.limit}`;
  switch (kind) {
    case 'product':
      return sql`select p.gid, p.title, p.handle, p.description_html as body, p.seo_title,
          p.seo_description, null as image_url, null as image_alt, null as blog_handle
        from catalog_products p
        where p.shop_id = ${shopId} and p.status = 'ACTIVE' ${where} order by p.gid ${limit}`;
    case 'collection':
      return sql`select p.gid, p.title, p.handle, p.description_html as body, p.seo_title,
          p.seo_description, p.image_url, p.image_alt, null as blog_handle
        from catalog_collections p
        where p.shop_id = ${shopId} ${where} order by p.gid ${limit}`;
    case 'page':
      return sql`select p.gid, p.title, p.handle, p.body, p.seo_title, p.seo_description,
          null as image_url, null as image_alt, null as blog_handle
        from catalog_pages p
        where p.shop_id = ${shopId} and p.is_published ${where} order by p.gid ${limit}`;
    case 'article':
      return sql`select p.gid, p.title, p.handle, p.body, p.seo_title, p.seo_description,
          p.image_url, p.image_alt, b.handle as blog_handle
        from catalog_articles p
        left join catalog_blogs b on b.shop_id = p.shop_id and b.gid = p.blog_gid
        where p.shop_id = ${shopId} and p.is_published ${where} order by p.gid ${limit}`;
  }
}

type MediaRow = {
  gid: string;
  product_gid: string;
  alt: string | null;
  url: string | null;
};

type TranslationRow = {
  resource_gid: string;
  locale: string;
  key: string;
  value: string | null;
  outdated: boolean;
};

const pathPrefix: Record<PageKind, string> = {
  product: 'products',
  collection: 'collections',
  page: 'pages',
  article: 'blogs',
};

function pagePath(kind: PageKind, row: PageRow): string {
  if (kind === 'article') return `/blogs/${row.blog_handle ?? ''}/${row.handle}`;
  return `/${pathPrefix[kind]}/${row.handle}`;
}

/** Builds the pages of one kind from their rows, their media and their translations. */
async function assemblePages(
  db: Database,
  store: AuditedStore,
  kind: PageKind,
  rows: PageRow[],
): Promise<AuditedPage[]> {
  if (rows.length === 0) return [];
  const gids = rows.map((row) => row.gid);
  const media =
    kind === 'product'
      ? (
          await db.execute<MediaRow>(sql`
            select gid, product_gid, alt, url from catalog_media
            where shop_id = ${store.shopId} and media_content_type = 'IMAGE'
              and product_gid in (select jsonb_array_elements_text(${JSON.stringify(gids)}::jsonb))
            order by product_gid, position`)
        ).rows
      : [];
  const otherLocales = store.locales.filter((entry) => !entry.primary).map((entry) => entry.locale);
  const translated =
    otherLocales.length === 0
      ? []
      : (
          await db.execute<TranslationRow>(sql`
            select resource_gid, locale, key, value, outdated from catalog_translations
            where shop_id = ${store.shopId}
              and locale in (select jsonb_array_elements_text(${JSON.stringify(otherLocales)}::jsonb))
              and resource_gid in (select jsonb_array_elements_text(${JSON.stringify([
                ...gids,
                ...media.map((image) => image.gid),
              ])}::jsonb))`)
        ).rows;

  const mediaOf = new Map<string, MediaRow[]>();
  for (const image of media) {
    const list = mediaOf.get(image.product_gid);
    if (list === undefined) mediaOf.set(image.product_gid, [image]);
    else list.push(image);
  }
  /** `resource|locale|key` → translation. */
  const translationOf = new Map<string, TranslationRow>();
  for (const row of translated) {
    translationOf.set(`${row.resource_gid}|${row.locale}|${row.key}`, row);
  }
  const primaryLanguage = store.primaryLanguage;

  return rows.map((row) => {
    const images: Array<{ id: string; alt: string | null; url: string | null }> =
      kind === 'product'
        ? (mediaOf.get(row.gid) ?? []).map((image) => ({
            id: image.gid,
            alt: image.alt,
            url: image.url,
          }))
        : row.image_url === null
          ? []
          : [{ id: `${row.gid}#image`, alt: row.image_alt, url: row.image_url }];
    const source: Record<TranslatedKey, string | null> = {
      title: row.title,
      body_html: row.body,
      meta_title: row.seo_title,
      meta_description: row.seo_description,
      handle: row.handle,
    };
    /** The handle in a language: its translation where the owner gave one (the French address). */
    const handleIn = (entry: AuditedLocale): string => {
      const translated = entry.primary
        ? undefined
        : translationOf.get(`${row.gid}|${entry.locale}|handle`)?.value;
      return translated === undefined || translated === null || translated === ''
        ? row.handle
        : translated;
    };
    const views = store.locales.map((entry): PageLanguageView => {
      const translation = (resource: string, key: string) =>
        entry.primary ? undefined : translationOf.get(`${resource}|${entry.locale}|${key}`);
      const text = (key: TranslatedKey): string | null => {
        const value = translation(row.gid, key)?.value;
        return value === undefined || value === null || value === '' ? source[key] : value;
      };
      const translations: TranslatedField[] = entry.primary
        ? []
        : translatedKeys
            .filter((key) => source[key] !== null && source[key] !== '')
            .map((key) => {
              const found = translation(row.gid, key);
              return {
                key,
                source: source[key]!,
                // An empty translation is none: the storefront shows the primary text.
                value: found?.value === undefined || found.value === '' ? null : found.value,
                outdated: found?.outdated ?? false,
              };
            });
      const viewImages: PageImage[] = images.map((image) => {
        const alt = translation(image.id, 'alt')?.value;
        return {
          id: image.id,
          alt: alt === undefined || alt === null || alt === '' ? image.alt : alt,
          sourceAlt: image.alt,
        };
      });
      return {
        kind,
        id: row.gid,
        language: entry.language,
        primaryLanguage: primaryLanguage ?? entry.language,
        shopName: store.shopName,
        handle: handleIn(entry),
        title: text('title') ?? row.title,
        seoTitle: text('meta_title'),
        seoDescription: text('meta_description'),
        bodyHtml: text('body_html') ?? row.body,
        images: viewImages,
        translations,
      };
    });
    const urls: Partial<Record<Language, string | null>> = {};
    for (const entry of store.locales) {
      const path = pagePath(kind, { ...row, handle: handleIn(entry) });
      urls[entry.language] = entry.url === null ? null : `${entry.url.replace(/\/$/, '')}${path}`;
    }
    return {
      kind,
      id: row.gid,
      handle: row.handle,
      views,
      urls,
      imageUrls: Object.fromEntries(images.map((image) => [image.id, image.url])),
    };
  });
}

/**
 * Reads the store's published pages in batches of about `batchSize`, in a stable order (kind in the
 * order products, collections, pages, articles, then Shopify's id as text), starting after `after`.
 * Each batch costs three queries: the pages, their media, their translations.
 */
export async function* readPageBatches(
  db: Database,
  store: AuditedStore,
  options: { batchSize: number; after?: PageCursor; limit?: number },
): AsyncGenerator<AuditedPage[]> {
  let remaining = options.limit ?? Number.POSITIVE_INFINITY;
  const startKind = options.after === undefined ? 0 : pageKinds.indexOf(options.after.kind);
  for (let kindIndex = startKind; kindIndex < pageKinds.length; kindIndex++) {
    const kind = pageKinds[kindIndex]!;
    let afterGid = kindIndex === startKind ? (options.after?.gid ?? null) : null;
    while (remaining > 0) {
      const limit = Math.min(options.batchSize, remaining);
      const { rows } = await db.execute<PageRow>(
        pagesQuery(kind, store.shopId, { afterGid, limit }),
      );
      if (rows.length === 0) break;
      remaining -= rows.length;
      afterGid = rows.at(-1)!.gid;
      yield await assemblePages(db, store, kind, rows);
      if (rows.length < limit) break;
    }
  }
}

/** Shopify's id tells the kind of record (`gid://shopify/Product/1`), or undefined for another kind. */
export function pageKindOfGid(gid: string): PageKind | undefined {
  const type = /^gid:\/\/shopify\/([A-Za-z]+)\//.exec(gid)?.[1];
  switch (type) {
    case 'Product':
      return 'product';
    case 'Collection':
      return 'collection';
    case 'Page':
      return 'page';
    case 'Article':
      return 'article';
    default:
      return undefined;
  }
}

/**
 * The given pages as they are now; a gid that is no page, or a page deleted or unpublished, is
 * absent from the answer.
 */
export async function readPages(
  db: Database,
  store: AuditedStore,
  gids: readonly string[],
): Promise<AuditedPage[]> {
  const pages: AuditedPage[] = [];
  for (const kind of pageKinds) {
    const ofKind = gids.filter((gid) => pageKindOfGid(gid) === kind);
    if (ofKind.length === 0) continue;
    const { rows } = await db.execute<PageRow>(pagesQuery(kind, store.shopId, { gids: ofKind }));
    pages.push(...(await assemblePages(db, store, kind, rows)));
  }
  return pages;
}

/** How many published pages of each kind the store has. */
export async function pageCountsOf(db: Queryable, shopId: string): Promise<PageCounts> {
  const { rows } = await db.execute<{ kind: PageKind; count: number }>(sql`
    select 'product' as kind, count(*)::int as count from catalog_products
      where shop_id = ${shopId} and status = 'ACTIVE'
    union all select 'collection', count(*)::int from catalog_collections where shop_id = ${shopId}
    union all select 'page', count(*)::int from catalog_pages
      where shop_id = ${shopId} and is_published
    union all select 'article', count(*)::int from catalog_articles
      where shop_id = ${shopId} and is_published`);
  const counts = { product: 0, collection: 0, page: 0, article: 0, total: 0 };
  for (const row of rows) {
    counts[row.kind] = row.count;
    counts.total += row.count;
  }
  return counts;
}

/**
 * The pages a run reads when the store has more published pages than the run's limit, by kind, each
 * kind's in reading order: see `pageSharesOf` for how many of each kind, and `choosePages` for which.
 */
export type ChosenPages = Record<PageKind, string[]>;

/**
 * How many pages of each kind a run of `limit` pages reads: the limit dealt to the kinds that have
 * pages one at a time, round-robin in the order products, collections, pages, articles, a kind
 * leaving the deal once all its pages are dealt. Each kind gets an equal share, and what a kind with
 * fewer pages leaves goes to the others: 150 products, 20 collections, 10 pages and 10 articles
 * under a limit of 100 are 60, 20, 10 and 10. Computed by whole rounds rather than page by page.
 */
export function pageSharesOf(counts: PageCounts, limit: number): Record<PageKind, number> {
  const shares: Record<PageKind, number> = { product: 0, collection: 0, page: 0, article: 0 };
  let remaining = Math.max(0, limit);
  for (;;) {
    const open = pageKinds.filter((kind) => shares[kind] < counts[kind]);
    if (remaining === 0 || open.length === 0) return shares;
    const round = Math.floor(remaining / open.length);
    if (round === 0) {
      // Fewer pages left to deal than kinds: one each, in the kinds' order.
      for (const kind of open.slice(0, remaining)) shares[kind] += 1;
      return shares;
    }
    for (const kind of open) {
      const dealt = Math.min(round, counts[kind] - shares[kind]);
      shares[kind] += dealt;
      remaining -= dealt;
    }
  }
}

/** Each kind's table and the condition of its published pages, as `pagesQuery` reads them. */
const publishedPagesOf: Record<PageKind, { table: SQL; published: SQL }> = {
  product: { table: sql`catalog_products`, published: sql`status = 'ACTIVE'` },
  collection: { table: sql`catalog_collections`, published: sql`true` },
  page: { table: sql`catalog_pages`, published: sql`is_published` },
  article: { table: sql`catalog_articles`, published: sql`is_published` },
};

/**
 * The pages a run of `limit` pages reads in a store that has more (`counts`): each kind's share
 * (`pageSharesOf`), and within a kind the pages most recently changed at Shopify first (the
 * `updatedAt` the copy keeps), ties by id as text. The same copy gives the same pages, run after run;
 * a page changed at Shopify moves to the front of its kind. One query a kind.
 */
export async function choosePages(
  db: Database,
  shopId: string,
  counts: PageCounts,
  limit: number,
): Promise<ChosenPages> {
  const shares = pageSharesOf(counts, limit);
  const chosen: ChosenPages = { product: [], collection: [], page: [], article: [] };
  for (const kind of pageKinds) {
    if (shares[kind] === 0) continue;
    const { table, published } = publishedPagesOf[kind];
    const { rows } = await db.execute<{ gid: string }>(sql`
      select gid from ${table} where shop_id = ${shopId} and ${published}
      order by updated_at desc, gid limit ${shares[kind]}`);
    chosen[kind] = rows.map((row) => row.gid);
  }
  return chosen;
}

/**
 * Reads the chosen pages (`choosePages`) in batches of at most `batchSize`, kind by kind; a page
 * unpublished or deleted since it was chosen is left out of its batch.
 */
export async function* readChosenPageBatches(
  db: Database,
  store: AuditedStore,
  chosen: ChosenPages,
  options: { batchSize: number },
): AsyncGenerator<AuditedPage[]> {
  for (const kind of pageKinds) {
    const gids = chosen[kind];
    for (let start = 0; start < gids.length; start += options.batchSize) {
      const { rows } = await db.execute<PageRow>(
        pagesQuery(kind, store.shopId, { gids: gids.slice(start, start + options.batchSize) }),
      );
      if (rows.length > 0) yield await assemblePages(db, store, kind, rows);
    }
  }
}

/** A published page the audit does not hold, as the list of pages left out shows it. */
export interface PageLeftOut {
  id: string;
  kind: PageKind;
  title: string;
  handle: string;
  /** The page in Shopify's admin, where the owner edits it. */
  adminUrl: string;
}

/** The section of Shopify's admin that edits each kind (`/admin/products/123`). */
const adminSection: Record<PageKind, string> = {
  product: 'products',
  collection: 'collections',
  page: 'pages',
  article: 'articles',
};

/**
 * The store's published pages other than `audited`, paged: each kind in turn (products,
 * collections, pages, articles), within a kind the most recently changed first, ties by id, the
 * order in which a run past the limit takes them (`choosePages`). `total` counts them all.
 */
export async function listPagesOutside(
  db: Database,
  shopId: string,
  audited: readonly string[],
  page: { offset: number; limit: number },
): Promise<{ total: number; pages: PageLeftOut[] }> {
  // An anti-join, not `not in`: a list of 100,000 ids would not fit a hashed subplan.
  const auditedIds = sql`jsonb_array_elements_text(${JSON.stringify(audited)}::jsonb)`;
  const unaudited = sql.join(
    pageKinds.map((kind, order) => {
      const { table, published } = publishedPagesOf[kind];
      return sql`select ${order}::int as kind_order, ${kind}::text as kind, gid, title, handle,
          updated_at
        from ${table} p where shop_id = ${shopId} and ${published}
          and not exists (select 1 from ${auditedIds} as audited(gid) where audited.gid = p.gid)`;
    }),
    sql` union all `,
  );
  const [count, rows, shop] = await Promise.all([
    db.execute<{ total: number }>(sql`select count(*)::int as total from (${unaudited}) as pages`),
    db.execute<{ gid: string; kind: PageKind; title: string; handle: string }>(sql`
      select gid, kind, title, handle from (${unaudited}) as pages
      order by kind_order, updated_at desc, gid offset ${page.offset} limit ${page.limit}`),
    db.execute<{ myshopify_domain: string }>(
      sql`select myshopify_domain from catalog_shops where shop_id = ${shopId}`,
    ),
  ]);
  const domain = shop.rows[0]?.myshopify_domain;
  if (domain === undefined) return { total: 0, pages: [] };
  return {
    total: count.rows[0]?.total ?? 0,
    pages: rows.rows.map((row) => ({
      id: row.gid,
      kind: row.kind,
      title: row.title,
      handle: row.handle,
      adminUrl: `https://${domain}/admin/${adminSection[row.kind]}/${row.gid.slice(row.gid.lastIndexOf('/') + 1)}`,
    })),
  };
}
