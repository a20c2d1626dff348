import type { Check } from '#shared/seo/check.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import type { ApiTestContext } from './api-test-app.ts';

/**
 * A store's copy written straight into the catalog's tables, as an import leaves it, and small real
 * checks for the audit to run on it: the SEO tests see exactly which page should fail what.
 */

/** Four checks the tests can reason about, one of them a duplicate check. */
export const testChecks: readonly Check[] = [
  {
    type: 'page',
    id: 'TEST-short-title',
    area: 'titles',
    severity: 'error',
    appliesTo: ['product', 'collection', 'page', 'article'],
    run: (view) =>
      view.title.length < 10
        ? [{ field: 'title', measured: view.title.length, threshold: 10, excerpt: view.title }]
        : [],
  },
  {
    type: 'page',
    id: 'TEST-no-seo-title',
    area: 'titles',
    severity: 'warning',
    appliesTo: ['product', 'collection', 'page', 'article'],
    run: (view) => (view.seoTitle === null ? [{ field: 'seoTitle' }] : []),
  },
  {
    type: 'page',
    id: 'TEST-no-alt',
    area: 'images',
    severity: 'info',
    appliesTo: ['product', 'collection'],
    run: (view) =>
      view.images
        .filter((image) => image.alt === null || image.alt === '')
        .map((image) => ({ field: `image:${image.id}` as const })),
  },
  {
    type: 'duplicate',
    id: 'TEST-same-title',
    area: 'titles',
    severity: 'warning',
    appliesTo: ['product', 'collection', 'page', 'article'],
    field: 'title',
    key: (view) => view.title.trim().toLowerCase(),
  },
];

export function seoDependencies(
  api: ApiTestContext,
  options: { checks?: readonly Check[]; batchSize?: number } = {},
): SeoDependencies {
  return {
    db: api.database.db,
    jobs: api.jobs,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    checks: options.checks ?? testChecks,
    ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
  };
}

export const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;

export interface SeededProduct {
  id: number;
  title: string;
  handle?: string;
  seoTitle?: string | null;
  status?: string;
  images?: Array<{ id: number; alt: string | null }>;
  /** Shopify's `updatedAt`; every record of a seeded store has the same one unless given. */
  updatedAt?: Date;
}

export interface SeededStore {
  locales?: Array<{ locale: string; primary: boolean; published: boolean }>;
  products?: SeededProduct[];
  collections?: Array<{
    id: number;
    title: string;
    seoTitle?: string | null;
    imageAlt?: string | null;
    updatedAt?: Date;
  }>;
  pages?: Array<{ id: number; title: string; published?: boolean; updatedAt?: Date }>;
  articles?: Array<{ id: number; title: string; published?: boolean; updatedAt?: Date }>;
  /** [resource gid, locale, key, value, outdated?] */
  translations?: Array<[string, string, string, string | null, boolean?]>;
}

const handleOf = (title: string) => title.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');

/** Writes a store's copy into the catalog's tables. */
export async function seedStoreCopy(
  api: ApiTestContext,
  shopId: string,
  store: SeededStore,
): Promise<void> {
  const pool = api.database.pool;
  const now = new Date('2026-11-22T10:00:00Z');
  const locales = (
    store.locales ?? [
      { locale: 'en', primary: true, published: true },
      { locale: 'fr', primary: false, published: true },
    ]
  ).map((entry) => ({
    ...entry,
    name: entry.locale,
    url: `https://boutique.example${entry.primary ? '' : `/${entry.locale}`}`,
  }));
  await pool.query(
    `insert into catalog_shops (shop_id, gid, name, myshopify_domain, primary_domain_host,
       primary_domain_url, currency_code, iana_timezone, locales, read_at)
     values ($1, 'gid://shopify/Shop/1', 'Maison Exemple', 'maison.myshopify.com', 'boutique.example',
       'https://boutique.example', 'EUR', 'Europe/Paris', $2, now())`,
    [shopId, JSON.stringify(locales)],
  );
  for (const product of store.products ?? []) {
    await pool.query(
      `insert into catalog_products (shop_id, gid, title, handle, description_html, seo_title,
         seo_description, status, product_type, vendor, tags, updated_at, seen_in_run)
       values ($1, $2, $3, $4, '<p>Made with care.</p>', $5, null, $6, '', '', '{}', $7, 1)`,
      [
        shopId,
        gid('Product', product.id),
        product.title,
        product.handle ?? handleOf(product.title),
        product.seoTitle ?? null,
        product.status ?? 'ACTIVE',
        product.updatedAt ?? now,
      ],
    );
    for (const [position, image] of (product.images ?? []).entries()) {
      await pool.query(
        `insert into catalog_media (shop_id, gid, product_gid, media_content_type, alt, url, position,
           seen_in_run)
         values ($1, $2, $3, 'IMAGE', $4, $5, $6, 1)`,
        [
          shopId,
          gid('MediaImage', image.id),
          gid('Product', product.id),
          image.alt,
          `https://cdn.example/${image.id}.jpg`,
          position,
        ],
      );
    }
  }
  for (const collection of store.collections ?? []) {
    await pool.query(
      `insert into catalog_collections (shop_id, gid, title, handle, description_html, seo_title,
         seo_description, image_url, image_alt, updated_at, seen_in_run)
       values ($1, $2, $3, $4, '', $5, null, $6, $7, $8, 1)`,
      [
        shopId,
        gid('Collection', collection.id),
        collection.title,
        handleOf(collection.title),
        collection.seoTitle ?? null,
        collection.imageAlt === undefined ? null : `https://cdn.example/c${collection.id}.jpg`,
        collection.imageAlt ?? null,
        collection.updatedAt ?? now,
      ],
    );
  }
  for (const page of store.pages ?? []) {
    await pool.query(
      `insert into catalog_pages (shop_id, gid, title, handle, body, seo_title, seo_description,
         is_published, updated_at, seen_in_run)
       values ($1, $2, $3, $4, '<p>Hello</p>', null, null, $5, $6, 1)`,
      [
        shopId,
        gid('Page', page.id),
        page.title,
        handleOf(page.title),
        page.published ?? true,
        page.updatedAt ?? now,
      ],
    );
  }
  if ((store.articles ?? []).length > 0) {
    await pool.query(
      `insert into catalog_blogs (shop_id, gid, title, handle, updated_at, seen_in_run)
       values ($1, 'gid://shopify/Blog/1', 'News', 'news', $2, 1)`,
      [shopId, now],
    );
  }
  for (const article of store.articles ?? []) {
    await pool.query(
      `insert into catalog_articles (shop_id, gid, blog_gid, title, handle, body, seo_title,
         seo_description, is_published, updated_at, seen_in_run)
       values ($1, $2, 'gid://shopify/Blog/1', $3, $4, '<p>Story</p>', null, null, $5, $6, 1)`,
      [
        shopId,
        gid('Article', article.id),
        article.title,
        handleOf(article.title),
        article.published ?? true,
        article.updatedAt ?? now,
      ],
    );
  }
  for (const [resource, locale, key, value, outdated] of store.translations ?? []) {
    await pool.query(
      `insert into catalog_translations (shop_id, resource_gid, locale, key, value, digest, outdated,
         updated_at, seen_in_run)
       values ($1, $2, $3, $4, $5, 'digest', $6, $7, 1)`,
      [shopId, resource, locale, key, value, outdated ?? false, now],
    );
  }
}
