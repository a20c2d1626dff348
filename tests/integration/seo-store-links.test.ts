import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkById } from '#shared/seo/catalogue.ts';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { listSeoPages } from '#server/areas/seo/list-seo-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import {
  createTestJobQueue,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import { gid, seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';

/**
 * L04, links to pages of the store that do not exist: each page's links resolved against the
 * store's copy at the end of a full run, in English and in French (translated handles under /fr/),
 * and again for the pages an incremental audit changes and the pages linking to them.
 */

let api: ApiTestContext;
/** A queue no worker takes from: the tests run each audit themselves. */
let idleJobs: JobQueue;
let deps: SeoDependencies;

beforeAll(async () => {
  api = await startApiForTests();
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
  deps = { ...seoDependencies(api, { checks: [checkById('L04')!] }), jobs: idleJobs };
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;

/** The care page's English body: what each link finds is said beside it. */
const englishBody = [
  link('/products/linen-apron', 'our apron'), // exists
  link('/products/linen-tablecloth', 'our tablecloth'), // no such product
  link('https://boutique.example/products/draft-apron?variant=1#size', 'the draft'), // a draft
  link('https://maison.myshopify.com/collections/summer-sale', 'the sale'), // exists
  link('/blogs/news/our-story', 'our story'), // exists
  link('/blogs/news/lost-story', 'a lost story'), // no such article
  link('/blogs/journal', 'our journal'), // no such blog
  link('https://other-shop.example/products/nothing', 'a friend'), // another shop: not looked up
  link('/collections/all', 'everything'), // Shopify's own list
  link('/products/tablier-lin', 'the French handle without /fr/'), // not the primary handle
].join(' ');

/** The care page's French body. */
const frenchBody = [
  link('/fr/products/tablier-lin', 'notre tablier'), // the French handle
  link('/fr/products/linen-apron', 'notre tablier, adresse anglaise'), // the primary handle
  link('/fr/products/ancien-tablier', 'l’ancien tablier'), // its French handle before it changed
  link('/fr/products/nappe-lin', 'notre nappe'), // no such product
  link('/fr/pages/a-propos', 'à propos'), // the page's French handle
].join(' ');

async function newStore(): Promise<string> {
  const owner = await registeredOwner(api, 'business');
  const shopId = await connectedStore(api, owner);
  await seedStoreCopy(api, shopId, {
    products: [
      { id: 1, title: 'Linen apron' },
      { id: 2, title: 'Draft apron', status: 'DRAFT' },
    ],
    collections: [{ id: 5, title: 'Summer sale', seoTitle: 'Summer sale' }],
    pages: [
      { id: 6, title: 'Care guide' },
      { id: 7, title: 'About us' },
    ],
    articles: [{ id: 8, title: 'Our story' }],
    translations: [
      [gid('Product', 1), 'fr', 'handle', 'tablier-lin'],
      [gid('Page', 7), 'fr', 'handle', 'a-propos'],
      [gid('Page', 6), 'fr', 'body_html', frenchBody],
    ],
  });
  await api.database.pool.query(
    `update catalog_pages set body = $3 where shop_id = $1 and gid = $2`,
    [shopId, gid('Page', 6), englishBody],
  );
  return shopId;
}

async function auditNow(shopId: string): Promise<void> {
  const started = await startAudit(deps, shopId, 'manual');
  expect(await runAudit(deps, started!.run.id)).toBe('done');
}

/** The L04 findings of a page in a language: the handle and kind missing, the link quoted. */
async function brokenLinks(shopId: string, page: string, language: string) {
  const { rows } = await api.database.pool.query<{ evidence: Record<string, unknown> }>(
    `select evidence from seo_findings
     where shop_id = $1 and page_gid = $2 and language = $3 and check_id = 'L04'
     order by evidence->>'measured'`,
    [shopId, page, language],
  );
  return rows.map((row) => row.evidence);
}

async function scoreOf(shopId: string, page: string, language: string) {
  const { rows } = await api.database.pool.query<{ score: number; warnings: number }>(
    `select score, warnings from seo_page_results
     where shop_id = $1 and page_gid = $2 and language = $3`,
    [shopId, page, language],
  );
  return rows[0];
}

describe('links to missing pages of the store (L04)', () => {
  it('finds a link to a missing or unpublished page in English, quoting it', async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    expect(await brokenLinks(shopId, gid('Page', 6), 'en')).toEqual([
      {
        field: 'body',
        excerpt:
          '<a href="https://boutique.example/products/draft-apron?variant=1#size">the draft</a>',
        measured: 'draft-apron',
        threshold: 'product',
      },
      {
        field: 'body',
        excerpt: '<a href="/blogs/journal">our journal</a>',
        measured: 'journal',
        threshold: 'blog',
      },
      {
        field: 'body',
        excerpt: '<a href="/products/linen-tablecloth">our tablecloth</a>',
        measured: 'linen-tablecloth',
        threshold: 'product',
      },
      {
        field: 'body',
        excerpt: '<a href="/blogs/news/lost-story">a lost story</a>',
        measured: 'news/lost-story',
        threshold: 'article',
      },
      {
        field: 'body',
        excerpt: '<a href="/products/tablier-lin">the French handle without /fr/</a>',
        measured: 'tablier-lin',
        threshold: 'product',
      },
    ]);
    // One warning, counted once, like any other check's.
    expect(await scoreOf(shopId, gid('Page', 6), 'en')).toEqual({ score: 95, warnings: 5 });
    const listed = await listSeoPages(deps.db, shopId, { language: 'en', check: 'L04' });
    expect(listed.pages.map((page) => page.id)).toEqual([gid('Page', 6)]);
  });

  it('finds in French a missing page and a French handle since changed, not the page’s handles', async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    expect(
      (await brokenLinks(shopId, gid('Page', 6), 'fr')).map((evidence) => evidence.excerpt),
    ).toEqual([
      '<a href="/fr/products/ancien-tablier">l’ancien tablier</a>',
      '<a href="/fr/products/nappe-lin">notre nappe</a>',
    ]);
    // Pages without links, or whose links all lead somewhere, are left alone.
    expect(await brokenLinks(shopId, gid('Page', 7), 'fr')).toEqual([]);
    expect(await scoreOf(shopId, gid('Page', 7), 'fr')).toEqual({ score: 100, warnings: 0 });
  });

  it('follows the pages an incremental audit changes, and the links of other pages to them', async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    const missingInEnglish = async () =>
      (await brokenLinks(shopId, gid('Page', 6), 'en')).map((evidence) => evidence.measured);

    // The tablecloth is created: the care page's link to it now leads somewhere.
    await api.database.pool.query(
      `insert into catalog_products (shop_id, gid, title, handle, description_html, status,
         product_type, vendor, tags, updated_at, seen_in_run)
       values ($1, $2, 'Linen tablecloth', 'linen-tablecloth', '', 'ACTIVE', '', '', '{}', now(), 1)`,
      [shopId, gid('Product', 9)],
    );
    await auditChangedPages(deps, shopId, [gid('Product', 9)]);
    expect(await missingInEnglish()).toEqual([
      'draft-apron',
      'journal',
      'news/lost-story',
      'tablier-lin',
    ]);

    // The apron is deleted: the links to it, in both languages, lead nowhere now.
    await api.database.pool.query('delete from catalog_products where shop_id = $1 and gid = $2', [
      shopId,
      gid('Product', 1),
    ]);
    await auditChangedPages(deps, shopId, [gid('Product', 1)]);
    expect(await missingInEnglish()).toContain('linen-apron');
    expect(
      (await brokenLinks(shopId, gid('Page', 6), 'fr')).map((evidence) => evidence.measured),
    ).toEqual(['ancien-tablier', 'linen-apron', 'nappe-lin', 'tablier-lin']);

    // The story is unpublished: the storefront answers 404 there now.
    await api.database.pool.query(
      `update catalog_articles set is_published = false where shop_id = $1 and gid = $2`,
      [shopId, gid('Article', 8)],
    );
    await auditChangedPages(deps, shopId, [gid('Article', 8)]);
    expect(await missingInEnglish()).toContain('news/our-story');

    // The care page itself edited: its links are resolved again with it.
    await api.database.pool.query(
      `update catalog_pages set body = $3 where shop_id = $1 and gid = $2`,
      [shopId, gid('Page', 6), link('/pages/about-us', 'about us')],
    );
    await auditChangedPages(deps, shopId, [gid('Page', 6)]);
    expect(await missingInEnglish()).toEqual([]);
    expect(await scoreOf(shopId, gid('Page', 6), 'en')).toEqual({ score: 100, warnings: 0 });
  });
});
