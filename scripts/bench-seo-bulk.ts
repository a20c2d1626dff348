/**
 * `npm run bench:bulk`: how fast a bulk edit previews and saves its drafts
 * over the most pages one may cover (shared/schemas/seo-bulk.ts `maxPagesPerBulkEdit`).
 *
 * Starts an embedded PostgreSQL in a temporary folder, writes a store's copy of PAGES pages (default
 * 10,000: products, collections, pages and articles, half the products translated into French)
 * straight into the catalog's tables, audits it with the catalogue's checks, then times a preview
 * of the SEO title in both languages over every page (the first 50 rows and the counts of all), the
 * drafts of all of them, and the same drafts saved again (each replacing its draft). Prints figures;
 * asserts nothing.
 */
import { maxPagesPerBulkEdit, type BulkDraftsBody } from '#shared/schemas/seo-bulk.ts';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import { listSeoPages } from '#server/areas/seo/list-seo-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { saveBulkDrafts } from '#server/areas/seo-changes/bulk-drafts.ts';
import { previewBulkEdit } from '#server/areas/seo-changes/bulk-preview.ts';
import type { BulkPageSelector } from '#server/areas/seo-changes/bulk-values.ts';
import type { Database } from '#server/db/database.ts';
import { insertBenchStore, withBenchDatabase } from './lib/bench-audited-store.ts';

const pages = Number(process.env.PAGES ?? maxPagesPerBulkEdit);
const runs = 5;
const owner = 'bench-owner';

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Writes the copy with a few set-based statements (generate_series). */
async function seedCopy(pool: import('pg').Pool, shopId: string): Promise<void> {
  const products = Math.round(pages * 0.8);
  const collections = Math.round(pages * 0.05);
  const articles = Math.round(pages * 0.1);
  const staticPages = pages - products - collections - articles;
  const locale = (code: string, primary: boolean) => ({
    locale: code,
    name: code,
    primary,
    published: true,
    url: `https://bench.example${primary ? '' : `/${code}`}`,
  });
  await pool.query(
    `insert into catalog_shops (shop_id, gid, name, myshopify_domain, primary_domain_host,
       primary_domain_url, currency_code, iana_timezone, locales, read_at)
     values ($1, 'gid://shopify/Shop/1', 'Bench', 'bench.myshopify.com', 'bench.example',
       'https://bench.example', 'EUR', 'Europe/Paris', $2, now())`,
    [shopId, JSON.stringify([locale('en', true), locale('fr', false)])],
  );
  await pool.query(
    `insert into catalog_products (shop_id, gid, title, handle, description_html, seo_title,
       seo_description, status, product_type, vendor, tags, updated_at, seen_in_run)
     select $1, 'gid://shopify/Product/' || i, 'Organic linen shirt ' || i,
       'organic-linen-shirt-' || i, '<p>Woven from European flax, washed for softness.</p>',
       case when i % 3 = 0 then null else 'Organic linen shirt ' || i || ' | Bench' end,
       null, 'ACTIVE', 'Shirts', 'Atelier ' || (i % 7), '{}', now(), 1
     from generate_series(1, $2::int) as i`,
    [shopId, products],
  );
  await pool.query(
    `insert into catalog_media (shop_id, gid, product_gid, media_content_type, alt, url, position,
       seen_in_run)
     select $1, 'gid://shopify/MediaImage/' || i || '-' || n, 'gid://shopify/Product/' || i, 'IMAGE',
       'Linen shirt ' || i || ' view ' || n, 'https://cdn.example/' || i || '-' || n || '.jpg', n, 1
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
     select $1, 'gid://shopify/Page/' || i, 'Page ' || i, 'page-' || i, '<p>About us</p>', null,
       null, true, now(), 1
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
     select $1, 'gid://shopify/Article/' || i, 'gid://shopify/Blog/1',
       'How to care for linen, part ' || i, 'linen-care-' || i, '<p>Wash cold, dry flat.</p>',
       null, null, true, now(), 1
     from generate_series(1, $2::int) as i`,
    [shopId, articles],
  );
  // Half the products translated into French: title, search title and type.
  await pool.query(
    `insert into catalog_translations (shop_id, resource_gid, locale, key, value, digest, outdated,
       updated_at, seen_in_run)
     select $1, 'gid://shopify/Product/' || i, 'fr', k.key,
       case k.key when 'title' then 'Chemise en lin biologique ' || i
         when 'product_type' then 'Chemises'
         else 'Chemise en lin biologique ' || i || ' | Bench' end,
       'digest', false, now(), 1
     from generate_series(1, $2::int, 2) as i,
       (values ('title'), ('meta_title'), ('product_type')) as k(key)`,
    [shopId, products],
  );
  await pool.query('analyze');
}

async function timed(name: string, run: () => Promise<string>): Promise<void> {
  const times: number[] = [];
  let outcome = '';
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    outcome = await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  log(
    `  ${name.padEnd(44)} median ${times[Math.floor(runs / 2)]!.toFixed(0).padStart(6)} ms   worst ${times.at(-1)!.toFixed(0).padStart(6)} ms   (${outcome})`,
  );
}

function selectorOf(db: Database, shopId: string): BulkPageSelector {
  return async (selection, limit) => {
    const list = await listSeoPages(db, shopId, { ...selection, offset: 0, limit });
    return { total: list.total, pageIds: list.pages.map((page) => page.id) };
  };
}

async function main(): Promise<void> {
  await withBenchDatabase('bulk', log, async ({ database, jobs }) => {
    const shopId = await insertBenchStore(database.db, owner, 'pro');
    log(`Writing a copy of ${pages.toLocaleString('en')} pages, then auditing it…`);
    await seedCopy(database.pool, shopId);
    const deps: SeoDependencies = {
      db: database.db,
      jobs,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      checks: checkCatalogue,
    };
    const started = await startAudit(deps, shopId, 'manual');
    await runAudit(deps, started!.run.id);

    const body: BulkDraftsBody = {
      selection: {},
      field: 'seoTitle',
      templates: { en: '{title} by {vendor} | {shop}', fr: '{title} – {type} | {shop}' },
    };
    const selectPages = selectorOf(database.db, shopId);
    log(`Bulk edit of the SEO title in English and French (${runs} runs each)`);
    await timed('preview (first 50 rows, counts of all)', async () => {
      const preview = await previewBulkEdit(database.db, shopId, owner, body, selectPages);
      return `${preview.total} pages, ${preview.counts.ready} ready, ${JSON.stringify(preview.counts.skipped)}`;
    });
    await timed('drafts of every page (replacing from run 2)', async () => {
      const drafts = await saveBulkDrafts(database.db, shopId, owner, body, selectPages);
      return `${drafts.changeIds.length} drafts, ${drafts.skipped} skipped`;
    });
    await database.pool.query('delete from seo_changes where shop_id = $1', [shopId]);
    const start = performance.now();
    const first = await saveBulkDrafts(database.db, shopId, owner, body, selectPages);
    log(
      `  drafts of every page, none before              ${(performance.now() - start).toFixed(0).padStart(6)} ms   (${first.changeIds.length} drafts)`,
    );
    log(`  peak RSS of this process     ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  });
}

await main();
