import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PaidPlanId } from '#shared/billing.ts';
import { insertShop } from '#server/areas/shops/shops-repository.ts';
import {
  migrateDatabase,
  openDatabase,
  type Database,
  type DatabaseHandle,
} from '#server/db/database.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { startEmbeddedPostgres } from '#server/local/embedded-postgres.ts';
import { subscribeToPlan } from '../../tests/support/billing-plans.ts';
import { removeDataFolder } from './data-folder.mjs';

/**
 * What the benchmarks that read an audited store share (bench-audit.ts, bench-dashboard.ts,
 * bench-seo-bulk.ts): a database of their own, a store on a plan, a large store's copy (`pages`
 * pages: 80% products with two images, 5% collections, 10% articles, the rest pages, half the
 * products translated into French) written straight into the catalog's tables, and the timing of a
 * query run again and again.
 */

/**
 * Runs `work` on an embedded PostgreSQL in a temporary folder (`name` in its name), migrated, with
 * a job queue whose sends are stored and never run (the scripts run the audit themselves); stops
 * both and removes the folder after, whatever happened.
 */
export async function withBenchDatabase(
  name: string,
  log: (line: string) => void,
  work: (bench: { database: DatabaseHandle; jobs: JobQueue }) => Promise<void>,
): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `vitrine-bench-${name}-`));
  // As root, PostgreSQL runs as a system user of its own; opened to it, the cluster stays inside.
  await fs.chmod(dataDir, 0o755);
  log('Starting PostgreSQL…');
  const postgres = await startEmbeddedPostgres(dataDir, log);
  const database = openDatabase(postgres.url, { maxConnections: 6 });
  const jobs = createJobQueue({ databaseUrl: postgres.url, onError: () => {} });
  try {
    await migrateDatabase(database);
    await jobs.start();
    await work({ database, jobs });
  } finally {
    await jobs.stop();
    await database.close();
    await postgres.stop();
    await removeDataFolder(dataDir);
  }
}

/**
 * A store of `owner` on `plan`, known to the shops area but connected to no Shopify (its copy is
 * written by hand); answers its id.
 */
export async function insertBenchStore(
  db: Database,
  owner: string,
  plan: PaidPlanId,
): Promise<string> {
  const shopId = randomUUID();
  await insertShop(db, {
    id: shopId,
    ownerUid: owner,
    shopDomain: 'bench.myshopify.com',
    status: 'uninstalled',
    scopes: 'read_products',
    connectedAt: new Date(),
  });
  await subscribeToPlan(db, owner, plan);
  return shopId;
}

/** Writes the copy with a few set-based statements (generate_series). */
export async function seedLargeCopy(
  pool: import('pg').Pool,
  shopId: string,
  pages: number,
): Promise<void> {
  const products = Math.round(pages * 0.8);
  const collections = Math.round(pages * 0.05);
  const articles = Math.round(pages * 0.1);
  const staticPages = pages - products - collections - articles;
  await pool.query(
    `insert into catalog_shops (shop_id, gid, name, myshopify_domain, primary_domain_host,
       primary_domain_url, currency_code, iana_timezone, locales, read_at)
     values ($1, 'gid://shopify/Shop/1', 'Bench', 'bench.myshopify.com', 'bench.example',
       'https://bench.example', 'EUR', 'Europe/Paris', $2, now())`,
    [
      shopId,
      JSON.stringify([
        {
          locale: 'en',
          name: 'English',
          primary: true,
          published: true,
          url: 'https://bench.example',
        },
        {
          locale: 'fr',
          name: 'French',
          primary: false,
          published: true,
          url: 'https://bench.example/fr',
        },
      ]),
    ],
  );
  // Every 50th product shares its title with the next one: duplicate groups to resolve. Every
  // product links to a collection, every article to a product (past the products for the last
  // fifth of them: links to missing pages) and to the next article in French.
  await pool.query(
    `insert into catalog_products (shop_id, gid, title, handle, description_html, seo_title,
       seo_description, status, product_type, vendor, tags, updated_at, seen_in_run)
     select $1, 'gid://shopify/Product/' || i,
       case when i % 50 = 1 then 'Organic linen shirt ' || (i - 1) else 'Organic linen shirt ' || i end,
       'organic-linen-shirt-' || i,
       '<h2>Soft and light</h2><p>' || repeat('Woven from European flax, washed for softness. ', 12)
         || 'See <a href="/collections/collection-' || (i % $3::int + 1) || '">the collection</a>.</p>',
       case when i % 3 = 0 then null else 'Organic linen shirt ' || i || ' | Bench boutique' end,
       case when i % 4 = 0 then null else 'A soft organic linen shirt, woven in Europe and washed for a lived-in feel.' end,
       'ACTIVE', 'Shirts', 'Bench', '{}', now(), 1
     from generate_series(1, $2::int) as i`,
    [shopId, products, collections],
  );
  await pool.query(
    `insert into catalog_media (shop_id, gid, product_gid, media_content_type, alt, url, position, seen_in_run)
     select $1, 'gid://shopify/MediaImage/' || i || '-' || n, 'gid://shopify/Product/' || i, 'IMAGE',
       case when n = 2 and i % 5 = 0 then null else 'Linen shirt ' || i || ' view ' || n end,
       'https://cdn.example/' || i || '-' || n || '.jpg', n, 1
     from generate_series(1, $2::int) as i, generate_series(1, 2) as n`,
    [shopId, products],
  );
  await pool.query(
    `insert into catalog_collections (shop_id, gid, title, handle, description_html, seo_title,
       seo_description, image_url, image_alt, updated_at, seen_in_run)
     select $1, 'gid://shopify/Collection/' || i, 'Collection ' || i, 'collection-' || i,
       '<p>Our selection number ' || i || '</p>', null, null, null, null, now(), 1
     from generate_series(1, $2::int) as i`,
    [shopId, collections],
  );
  await pool.query(
    `insert into catalog_pages (shop_id, gid, title, handle, body, seo_title, seo_description,
       is_published, updated_at, seen_in_run)
     select $1, 'gid://shopify/Page/' || i, 'Page ' || i, 'page-' || i, '<p>About us</p>', null, null,
       true, now(), 1
     from generate_series(1, $2::int) as i`,
    [shopId, staticPages],
  );
  await pool.query(
    `insert into catalog_blogs (shop_id, gid, title, handle, updated_at, seen_in_run)
     values ($1, 'gid://shopify/Blog/1', 'News', 'news', now(), 1)`,
    [shopId],
  );
  await pool.query(
    `insert into catalog_articles (shop_id, gid, blog_gid, title, handle, body, seo_title,
       seo_description, is_published, updated_at, seen_in_run)
     select $1, 'gid://shopify/Article/' || i, 'gid://shopify/Blog/1', 'How to care for linen, part ' || i,
       'linen-care-' || i, '<p>' || repeat('Wash cold, dry flat. ', 40)
         || '<a href="/products/organic-linen-shirt-' || (i * 10) || '?variant=1">The shirt</a> '
         || '<a href="https://bench.example/fr/blogs/news/linen-care-' || (i + 1) || '">La suite</a></p>',
       null, null, true, now(), 1
     from generate_series(1, $2::int) as i`,
    [shopId, articles],
  );
  // Half the products translated into French: title and search title.
  await pool.query(
    `insert into catalog_translations (shop_id, resource_gid, locale, key, value, digest, outdated,
       updated_at, seen_in_run)
     select $1, 'gid://shopify/Product/' || i, 'fr', k.key,
       case k.key when 'title' then 'Chemise en lin biologique ' || i
         else 'Chemise en lin biologique ' || i || ' | Boutique' end,
       'digest', i % 10 = 0, now(), 1
     from generate_series(1, $2::int, 2) as i, (values ('title'), ('meta_title')) as k(key)`,
    [shopId, products],
  );
  await pool.query('analyze');
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/** A query's median and p95 over `runs` runs after one to warm up, in milliseconds. */
export async function timeRuns(
  runs: number,
  run: () => Promise<unknown>,
): Promise<{ median: number; p95: number }> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p95: percentile(times, 0.95) };
}
