import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The copy of each connected store's catalog, as Shopify has it: what the SEO and blog areas read
 * instead of asking Shopify again. Every record is keyed by the store (`shop_id`, the shops area's id,
 * without a foreign key: the areas keep their tables apart) and Shopify's global id.
 *
 * `seen_in_run` is the import or reconciliation run that last found the record at Shopify (the
 * store's `catalog_sync_states.run`): when a run has read everything, what it did not see is gone
 * from the store and is removed from the copy.
 */

const timestamps = {
  /** Shopify's `updatedAt`: a delivery or a file older than the stored record does not overwrite it. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
};

export const catalogShops = pgTable('catalog_shops', {
  shopId: uuid('shop_id').primaryKey(),
  gid: text('gid').notNull(),
  name: text('name').notNull(),
  myshopifyDomain: text('myshopify_domain').notNull(),
  primaryDomainHost: text('primary_domain_host').notNull(),
  primaryDomainUrl: text('primary_domain_url').notNull(),
  currencyCode: text('currency_code').notNull(),
  ianaTimezone: text('iana_timezone').notNull(),
  /** `[{ locale, name, primary, published, url }]`, the storefront address of each language. */
  locales: jsonb('locales')
    .$type<
      Array<{
        locale: string;
        name: string;
        primary: boolean;
        published: boolean;
        url: string | null;
      }>
    >()
    .notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
});

export const catalogProducts = pgTable(
  'catalog_products',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    descriptionHtml: text('description_html').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    status: text('status').notNull(),
    productType: text('product_type').notNull(),
    vendor: text('vendor').notNull(),
    tags: text('tags').array().notNull(),
    onlineStoreUrl: text('online_store_url'),
    ...timestamps,
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.gid] }),
    // The products a blog post links to, found by handle (catalog-blogs.ts).
    index('catalog_products_handle_idx').on(table.shopId, table.handle),
  ],
);

/** A product's media; `position` orders a product's media (its values need not be contiguous). */
export const catalogMedia = pgTable(
  'catalog_media',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    productGid: text('product_gid').notNull(),
    mediaContentType: text('media_content_type').notNull(),
    alt: text('alt'),
    url: text('url'),
    position: bigint('position', { mode: 'number' }).notNull(),
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.gid] }),
    index('catalog_media_product_idx').on(table.shopId, table.productGid),
  ],
);

export const catalogCollections = pgTable(
  'catalog_collections',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    descriptionHtml: text('description_html').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt'),
    ...timestamps,
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.gid] })],
);

/** Pages; their search title and description are the `global.title_tag`/`description_tag` metafields. */
export const catalogPages = pgTable(
  'catalog_pages',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    body: text('body').notNull(),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    isPublished: boolean('is_published').notNull(),
    ...timestamps,
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.gid] })],
);

export const catalogBlogs = pgTable(
  'catalog_blogs',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    ...timestamps,
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.gid] })],
);

export const catalogArticles = pgTable(
  'catalog_articles',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    blogGid: text('blog_gid').notNull(),
    title: text('title').notNull(),
    handle: text('handle').notNull(),
    body: text('body').notNull(),
    summary: text('summary'),
    authorName: text('author_name'),
    /** Its tags, which Shopify does not translate: the blog keeps them when it writes the article. */
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    imageUrl: text('image_url'),
    imageAlt: text('image_alt'),
    seoTitle: text('seo_title'),
    seoDescription: text('seo_description'),
    isPublished: boolean('is_published').notNull(),
    ...timestamps,
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.gid] })],
);

/**
 * One translated field of one resource in one language. `digest` is the digest of the source text
 * the translation is registered against (what a write-back must send); `outdated` is Shopify's flag
 * that the source changed since.
 */
export const catalogTranslations = pgTable(
  'catalog_translations',
  {
    shopId: uuid('shop_id').notNull(),
    resourceGid: text('resource_gid').notNull(),
    locale: text('locale').notNull(),
    key: text('key').notNull(),
    value: text('value'),
    digest: text('digest'),
    outdated: boolean('outdated').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    seenInRun: integer('seen_in_run').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.resourceGid, table.locale, table.key] }),
    // A resource found by its handle in another language (a blog post's link to a French product).
    index('catalog_translations_handle_idx')
      .on(table.shopId, table.value)
      .where(sql`${table.key} = 'handle'`),
  ],
);

/**
 * Records a webhook said were deleted, kept for a while so that an import file written before the
 * deletion does not bring them back.
 */
export const catalogTombstones = pgTable(
  'catalog_tombstones',
  {
    shopId: uuid('shop_id').notNull(),
    gid: text('gid').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.gid] })],
);

/** One bulk operation of a run and how far its file has been stored. */
export interface BulkOperationProgress {
  /** Which query (see import-catalog.ts's operation kinds). */
  kind: string;
  /** Shopify's id, once started. */
  bulkOperationId: string | null;
  /** When Shopify created it: a record deleted after this is not brought back by its file. */
  createdAt: string | null;
  /** Lines read from the file so far, and how many bytes they took (where a resumed read starts). */
  linesStored: number;
  bytesStored: number;
  /** The file's line count, once Shopify has completed it. */
  objectCount: number | null;
  /** True once every line is stored, or every line up to the copy's limit (see `cut`). */
  stored: boolean;
  /**
   * True when the file was read only up to the copy's limit (copyLimitFor in catalog-sync.ts): the
   * records after it are not in the copy.
   */
  cut?: boolean;
}

export const syncPhases = ['queued', 'importing', 'ready', 'error'] as const;
export type SyncPhase = (typeof syncPhases)[number];

/**
 * Where each store's copy stands: the first import's phase and progress, the bulk operations of the
 * run under way with the last line stored of each (so a process that dies resumes there), and when
 * the copy was last brought up to date.
 */
export const catalogSyncStates = pgTable('catalog_sync_states', {
  shopId: uuid('shop_id').primaryKey(),
  phase: text('phase', { enum: syncPhases }).notNull(),
  errorCode: text('error_code'),
  /** Increases with each import or reconciliation run; see `seen_in_run`. */
  run: integer('run').notNull().default(0),
  /** The languages the run's translation queries ask for (published, not primary). */
  runLocales: text('run_locales').array().notNull().default([]),
  operations: jsonb('operations').$type<BulkOperationProgress[]>().notNull().default([]),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  lastReconciledAt: timestamp('last_reconciled_at', { withTimezone: true }),
  /**
   * Webhook subscriptions the reconciliation created again, Shopify having deleted them after
   * deliveries that kept failing (reconcile-catalog.ts); the operators' figure sums them.
   */
  webhookSubscriptionsRecreated: integer('webhook_subscriptions_recreated').notNull().default(0),
  /**
   * The kinds of records (operation kinds: `products`, `pages`, `translations:PRODUCT`, …) that the
   * copy holds only up to its limit, which the owner's plan sets (docs/decisions/0020-catalog-import-cap.md);
   * empty when the copy is whole.
   */
  partialKinds: text('partial_kinds').array().notNull().default([]),
  /**
   * How many products and collections the store has at Shopify, read when the run ended with the
   * copy holding them in part (`partial_kinds`): the owner reads "N of M products copied".
   */
  shopifyTotals: jsonb('shopify_totals').$type<ShopifyTotals>().notNull().default({}),
});

/** The store's own count of each kind the copy holds in part (products, collections). */
export type ShopifyTotals = Partial<Record<'products' | 'collections', number>>;
