import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  ne,
  notInArray,
  or,
  sql,
} from 'drizzle-orm';
import type { Database, Queryable } from '#server/db/database.ts';
import { catalogArticles, catalogBlogs, catalogShops, catalogTranslations } from './tables.ts';

/**
 * What the blog needs of a store's copy: the store's blogs and time zone, the handles its articles
 * already use (a handle is unique within its blog), and its products to link to.
 */

export interface StoreBlogs {
  timeZone: string;
  blogs: Array<{ gid: string; title: string; handle: string }>;
}

/** Undefined when the copy holds no store (its first import has not read the shop yet). */
export async function storeBlogsOf(db: Queryable, shopId: string): Promise<StoreBlogs | undefined> {
  const [shop] = await db
    .select({ timeZone: catalogShops.ianaTimezone })
    .from(catalogShops)
    .where(eq(catalogShops.shopId, shopId));
  if (shop === undefined) return undefined;
  const blogs = await db
    .select({ gid: catalogBlogs.gid, title: catalogBlogs.title, handle: catalogBlogs.handle })
    .from(catalogBlogs)
    .where(eq(catalogBlogs.shopId, shopId))
    // The store's first blog first: ids grow, and a longer one is a later one.
    .orderBy(sql`length(${catalogBlogs.gid})`, asc(catalogBlogs.gid));
  return { timeZone: shop.timeZone, blogs };
}

/**
 * Whether another article of the blog than `exceptGid` answers at `handle` in the copy. With
 * `translatedLocale` (Shopify's code of the store's other language, `fr`, `fr-CA`…), an article
 * answers in both languages at its own handle and at its handle translated there: the storefront
 * finds `/fr/blogs/<blog>/<handle>` by the translated handle, and by the article's own handle
 * when it has none (Shopify refuses a handle translation another article answers at). So the
 * question is the same for a post's handle in either language (docs/decisions/0029-blog-posts-written-to-the-store.md).
 */
export async function articleHandleTaken(
  db: Queryable,
  shopId: string,
  blogGid: string,
  handle: string,
  exceptGid: string | null,
  translatedLocale: string | null = null,
): Promise<boolean> {
  const translatedThere =
    translatedLocale === null
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(catalogTranslations)
            .where(
              and(
                eq(catalogTranslations.shopId, catalogArticles.shopId),
                eq(catalogTranslations.resourceGid, catalogArticles.gid),
                eq(catalogTranslations.locale, translatedLocale),
                eq(catalogTranslations.key, 'handle'),
                eq(catalogTranslations.value, handle),
              ),
            ),
        );
  const rows = await db
    .select({ gid: catalogArticles.gid })
    .from(catalogArticles)
    .where(
      and(
        eq(catalogArticles.shopId, shopId),
        eq(catalogArticles.blogGid, blogGid),
        or(eq(catalogArticles.handle, handle), translatedThere),
        exceptGid === null ? undefined : ne(catalogArticles.gid, exceptGid),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A product a post may link to, with its title and handle in each language the copy holds. */
export interface LinkableProduct {
  gid: string;
  status: string;
  title: string;
  handle: string;
  /** By locale (`fr`, `fr-CA`…): the translated title and handle, where the store has them. */
  translations: Record<string, { title: string | null; handle: string | null }>;
}

function translatedProducts(
  rows: Array<{
    gid: string;
    status: string;
    title: string;
    handle: string;
    translations: LinkableProduct['translations'] | null;
  }>,
): LinkableProduct[] {
  return rows.map((row) => ({ ...row, translations: row.translations ?? {} }));
}

const productTranslations = sql`(
  select jsonb_object_agg(t.locale, jsonb_build_object(
    'title', (select value from catalog_translations x where x.shop_id = p.shop_id and x.resource_gid = p.gid and x.locale = t.locale and x.key = 'title'),
    'handle', (select value from catalog_translations x where x.shop_id = p.shop_id and x.resource_gid = p.gid and x.locale = t.locale and x.key = 'handle')))
  from (select distinct locale from catalog_translations c where c.shop_id = p.shop_id and c.resource_gid = p.gid and c.key in ('title', 'handle')) t
)`;

/**
 * The store's products whose title holds `search` (in any language the copy holds), the ones on
 * sale first, then by title: what the editor offers to link to.
 */
export async function searchLinkableProducts(
  db: Database,
  shopId: string,
  search: string,
  limit: number,
): Promise<LinkableProduct[]> {
  const pattern = `%${search.trim().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const { rows } = await db.execute<{
    gid: string;
    status: string;
    title: string;
    handle: string;
    translations: LinkableProduct['translations'] | null;
  }>(sql`
    select p.gid, p.status, p.title, p.handle, ${productTranslations} as translations
    from catalog_products p
    where p.shop_id = ${shopId}
      and (p.title ilike ${pattern} or exists (
        select 1 from catalog_translations t
        where t.shop_id = p.shop_id and t.resource_gid = p.gid and t.key = 'title'
          and t.value ilike ${pattern}))
    order by (p.status = 'ACTIVE') desc, p.title, p.gid
    limit ${limit}`);
  return translatedProducts(rows);
}

/**
 * The store's products under these handles, in any language: what a post's links point at. Found
 * through the handles' indexes, once by their own handle and once by a translated one.
 */
export async function productsByHandles(
  db: Database,
  shopId: string,
  handles: readonly string[],
): Promise<LinkableProduct[]> {
  if (handles.length === 0) return [];
  const list = sql.join(
    handles.map((handle) => sql`${handle}`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    gid: string;
    status: string;
    title: string;
    handle: string;
    translations: LinkableProduct['translations'] | null;
  }>(sql`
    select p.gid, p.status, p.title, p.handle, ${productTranslations} as translations
    from catalog_products p
    where p.shop_id = ${shopId} and p.gid in (
      select gid from catalog_products where shop_id = ${shopId} and handle in (${list})
      union
      select resource_gid from catalog_translations
      where shop_id = ${shopId} and key = 'handle' and value in (${list}))`);
  return translatedProducts(rows);
}

/** An article of the store as the copy holds it, with its translations by locale and key. */
export interface StoreArticle {
  gid: string;
  blogGid: string;
  title: string;
  handle: string;
  body: string;
  summary: string | null;
  authorName: string | null;
  tags: string[];
  imageUrl: string | null;
  imageAlt: string | null;
  seoTitle: string | null;
  seoDescription: string | null;
  isPublished: boolean;
  updatedAt: Date;
  /** locale → translatable key (`title`, `body_html`…) → value. */
  translations: Record<string, Record<string, string>>;
}

/**
 * The store's articles that Vitrine did not write (`exceptGids`: those it did), the latest updated
 * first, narrowed to titles holding `search`, paged.
 */
export async function listStoreArticles(
  db: Database,
  shopId: string,
  options: { search: string; offset: number; limit: number; exceptGids: readonly string[] },
): Promise<{
  total: number;
  articles: Array<Omit<StoreArticle, 'translations' | 'body' | 'tags'>>;
}> {
  const search = options.search.trim();
  const where = and(
    eq(catalogArticles.shopId, shopId),
    search === ''
      ? undefined
      : ilike(catalogArticles.title, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
    options.exceptGids.length === 0
      ? undefined
      : notInArray(catalogArticles.gid, [...options.exceptGids]),
  );
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(catalogArticles).where(where),
    db
      .select({
        gid: catalogArticles.gid,
        blogGid: catalogArticles.blogGid,
        title: catalogArticles.title,
        handle: catalogArticles.handle,
        summary: catalogArticles.summary,
        authorName: catalogArticles.authorName,
        imageUrl: catalogArticles.imageUrl,
        imageAlt: catalogArticles.imageAlt,
        seoTitle: catalogArticles.seoTitle,
        seoDescription: catalogArticles.seoDescription,
        isPublished: catalogArticles.isPublished,
        updatedAt: catalogArticles.updatedAt,
      })
      .from(catalogArticles)
      .where(where)
      .orderBy(desc(catalogArticles.updatedAt), asc(catalogArticles.gid))
      .offset(options.offset)
      .limit(options.limit),
  ]);
  return { total: totals[0]?.total ?? 0, articles: rows };
}

/** One article of the store with its translations; undefined when the copy does not hold it. */
export async function readStoreArticle(
  db: Database,
  shopId: string,
  gid: string,
): Promise<StoreArticle | undefined> {
  const [row] = await db
    .select()
    .from(catalogArticles)
    .where(and(eq(catalogArticles.shopId, shopId), eq(catalogArticles.gid, gid)));
  if (row === undefined) return undefined;
  const translated = await db
    .select({
      locale: catalogTranslations.locale,
      key: catalogTranslations.key,
      value: catalogTranslations.value,
    })
    .from(catalogTranslations)
    .where(and(eq(catalogTranslations.shopId, shopId), eq(catalogTranslations.resourceGid, gid)));
  const translations: StoreArticle['translations'] = {};
  for (const { locale, key, value } of translated) {
    if (value === null) continue;
    (translations[locale] ??= {})[key] = value;
  }
  return {
    gid: row.gid,
    blogGid: row.blogGid,
    title: row.title,
    handle: row.handle,
    body: row.body,
    summary: row.summary,
    authorName: row.authorName,
    tags: row.tags,
    imageUrl: row.imageUrl,
    imageAlt: row.imageAlt,
    seoTitle: row.seoTitle,
    seoDescription: row.seoDescription,
    isPublished: row.isPublished,
    updatedAt: row.updatedAt,
    translations,
  };
}

/** When the copy last saw each of these articles change at Shopify, by gid. */
export async function articleUpdateTimes(
  db: Database,
  shopId: string,
  gids: readonly string[],
): Promise<Map<string, Date>> {
  if (gids.length === 0) return new Map();
  const rows = await db
    .select({ gid: catalogArticles.gid, updatedAt: catalogArticles.updatedAt })
    .from(catalogArticles)
    .where(and(eq(catalogArticles.shopId, shopId), inArray(catalogArticles.gid, [...gids])));
  return new Map(rows.map((row) => [row.gid, row.updatedAt]));
}
