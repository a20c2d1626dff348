import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanId } from '#shared/plans.ts';
import { checkById } from '#shared/seo/catalogue.ts';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { listSeoPages } from '#server/areas/seo/list-seo-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import {
  deleteShopAudit,
  findingsByCheck,
  languageFigures,
} from '#server/areas/seo/seo-repository.ts';
import { seoWeeklyAuditJob } from '#server/areas/seo/seo-weekly-audit-job.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { storeCatalog, webhookHandlers, type WorkerDependencies } from '#server/workers.ts';
import {
  createTestJobQueue,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import {
  recordingCatalog,
  testShopifyApp,
  testShopTokens,
  waitUntil,
} from '../support/shops-test-support.ts';
import {
  gid,
  seedStoreCopy,
  seoDependencies,
  type SeededStore,
} from '../support/seo-test-support.ts';
import { subscribeToPlan } from '../support/billing-plans.ts';
import {
  connectedStore,
  registeredOwner,
  storeConnectedToLocalShopify,
} from '../support/owners-and-stores.ts';
import { startTestShopify } from '../support/local-shopify.ts';

/**
 * The audit engine on a store's copy seeded by hand, with the test's own small checks: what it finds
 * in each language, how French falls back to English, what an incremental audit touches, the scores
 * and their trend, the plan's page limit, and the disconnection.
 */

let api: ApiTestContext;
/** A queue no worker takes from: the tests run each audit themselves, with their checks. */
let idleJobs: JobQueue;
let deps: SeoDependencies;

beforeAll(async () => {
  api = await startApiForTests();
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
  deps = { ...seoDependencies(api), jobs: idleJobs };
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

/** The store of the tests below: see each page's comment for what it should fail. */
const boutique: SeededStore = {
  products: [
    // en: one image without alt (info), same title as product 4 (warning). fr: translated, its
    // first image's alt translated, the second still without.
    {
      id: 1,
      title: 'Linen shirt',
      seoTitle: 'Linen shirt | Maison',
      images: [
        { id: 11, alt: 'Linen shirt, front' },
        { id: 12, alt: null },
      ],
    },
    // Short title (error), no search title (warning); no translation: French shows the English.
    { id: 2, title: 'Mug' },
    // A draft: not audited.
    { id: 3, title: 'Wool scarf draft', status: 'DRAFT' },
    // en: no search title (warning) and the same title as product 1 (warning).
    { id: 4, title: 'Linen shirt', handle: 'linen-shirt-blue' },
  ],
  collections: [{ id: 5, title: 'Summer sale', seoTitle: 'Summer sale', imageAlt: '' }],
  pages: [
    { id: 6, title: 'About us' },
    { id: 7, title: 'Hidden page', published: false },
  ],
  articles: [{ id: 8, title: 'Our story' }],
  translations: [
    [gid('Product', 1), 'fr', 'title', 'Chemise en lin'],
    [gid('Product', 1), 'fr', 'meta_title', 'Chemise en lin | Maison'],
    [gid('MediaImage', 11), 'fr', 'alt', 'Chemise en lin, devant'],
    [gid('Product', 4), 'fr', 'title', 'Chemise en lin bleue', true],
  ],
};

async function newStore(plan: PlanId = 'business', store: SeededStore = boutique): Promise<string> {
  const owner = await registeredOwner(api, plan);
  const shopId = await connectedStore(api, owner);
  await seedStoreCopy(api, shopId, store);
  return shopId;
}

async function auditNow(shopId: string, trigger: 'manual' | 'weekly' = 'manual') {
  const started = await startAudit(deps, shopId, trigger);
  expect(started?.queued).toBe(true);
  expect(await runAudit(deps, started!.run.id)).toBe('done');
  return started!.run.id;
}

interface PageRow {
  page_gid: string;
  language: string;
  score: number;
  errors: number;
  warnings: number;
  infos: number;
  audited_at: Date;
}

async function results(shopId: string): Promise<Map<string, PageRow>> {
  const { rows } = await api.database.pool.query<PageRow>(
    `select page_gid, language, score, errors, warnings, infos, audited_at from seo_page_results
     where shop_id = $1`,
    [shopId],
  );
  return new Map(rows.map((row) => [`${row.page_gid} ${row.language}`, row]));
}

async function findings(shopId: string, page: string, language: string) {
  const { rows } = await api.database.pool.query<{ check_id: string; evidence: object }>(
    `select check_id, evidence from seo_findings
     where shop_id = $1 and page_gid = $2 and language = $3 order by check_id, evidence::text`,
    [shopId, page, language],
  );
  return rows.map((row) => ({ checkId: row.check_id, ...row.evidence }));
}

describe('a full audit', () => {
  it('finds what each check finds on every published page, in English and French', async () => {
    const shopId = await newStore();
    await auditNow(shopId);

    const byPage = await results(shopId);
    // Six published pages in two languages; the draft and the unpublished page are left out.
    expect(byPage.size).toBe(12);
    expect(byPage.has(`${gid('Product', 3)} en`)).toBe(false);
    expect(byPage.has(`${gid('Page', 7)} en`)).toBe(false);

    expect(await findings(shopId, gid('Product', 1), 'en')).toEqual([
      { checkId: 'TEST-no-alt', field: `image:${gid('MediaImage', 12)}` },
      { checkId: 'TEST-same-title', field: 'title', measured: 2 },
    ]);
    expect(await findings(shopId, gid('Product', 4), 'en')).toEqual([
      { checkId: 'TEST-no-seo-title', field: 'seoTitle' },
      { checkId: 'TEST-same-title', field: 'title', measured: 2 },
    ]);
    // In French the two shirts have different titles: no duplicate there.
    expect(await findings(shopId, gid('Product', 1), 'fr')).toEqual([
      { checkId: 'TEST-no-alt', field: `image:${gid('MediaImage', 12)}` },
    ]);
    expect(await findings(shopId, gid('Product', 4), 'fr')).toEqual([
      { checkId: 'TEST-no-seo-title', field: 'seoTitle' },
    ]);
    expect(await findings(shopId, gid('Collection', 5), 'en')).toEqual([
      { checkId: 'TEST-no-alt', field: `image:${gid('Collection', 5)}#image` },
    ]);
    expect(await findings(shopId, gid('Article', 8), 'en')).toEqual([
      { checkId: 'TEST-no-seo-title', field: 'seoTitle' },
      {
        checkId: 'TEST-short-title',
        field: 'title',
        measured: 9,
        threshold: 10,
        excerpt: 'Our story',
      },
    ]);
  });

  it('reads French pages with the English text where a translation is missing', async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    // Product 2 has no translation: the French shopper sees "Mug", which is too short there too.
    expect(await findings(shopId, gid('Product', 2), 'fr')).toEqual([
      { checkId: 'TEST-no-seo-title', field: 'seoTitle' },
      { checkId: 'TEST-short-title', field: 'title', measured: 3, threshold: 10, excerpt: 'Mug' },
    ]);
    // The collection's search title is not translated: the French page shows the English one.
    expect(await findings(shopId, gid('Collection', 5), 'fr')).toEqual([
      { checkId: 'TEST-no-alt', field: `image:${gid('Collection', 5)}#image` },
    ]);
    const response = await api.database.pool.query<{ title: string; language: string }>(
      `select title, language from seo_page_results where shop_id = $1 and page_gid = $2
       order by language`,
      [shopId, gid('Product', 1)],
    );
    expect(response.rows).toEqual([
      { title: 'Linen shirt', language: 'en' },
      { title: 'Chemise en lin', language: 'fr' },
    ]);
  });

  it('finds a handle left in the primary language on a translated page, with the real TG1', async () => {
    const tg1 = checkById('TG1')!;
    const shopId = await newStore('business', {
      products: [
        { id: 1, title: 'Linen shirt', handle: 'washed-linen-shirt' },
        { id: 2, title: 'Nova', handle: 'nova-1234' },
        { id: 3, title: 'Wool throw', handle: 'wool-throw' },
      ],
      translations: [
        [gid('Product', 1), 'fr', 'title', 'Chemise en lin'],
        [gid('Product', 2), 'fr', 'title', 'Nova'],
        [gid('Product', 3), 'fr', 'title', 'Plaid en laine'],
        [gid('Product', 3), 'fr', 'handle', 'plaid-en-laine'],
      ],
    });
    const started = await startAudit(deps, shopId, 'manual');
    expect(await runAudit({ ...deps, checks: [tg1] }, started!.run.id)).toBe('done');
    const ofHandle = async (id: number, language: string) =>
      (await findings(shopId, gid('Product', id), language)).filter(
        (finding) => 'field' in finding && finding.field === 'handle',
      );
    // The French address of product 1 carries its English words; product 2's is a name and a
    // reference, the same in every language; product 3's is translated.
    expect(await ofHandle(1, 'fr')).toEqual([
      { checkId: 'TG1', field: 'handle', excerpt: 'washed-linen-shirt' },
    ]);
    expect(await ofHandle(2, 'fr')).toEqual([]);
    expect(await ofHandle(3, 'fr')).toEqual([]);
    expect(await ofHandle(1, 'en')).toEqual([]);
  });

  it('scores each page and the store per language as docs/seo-scores.md says', async () => {
    const shopId = await newStore();
    const first = await auditNow(shopId);
    const byPage = await results(shopId);
    const score = (type: string, id: number, language: string) =>
      byPage.get(`${gid(type, id)} ${language}`)?.score;
    // error 15, warning 5, info 1, each failing check once.
    expect(score('Product', 1, 'en')).toBe(94);
    expect(score('Product', 4, 'en')).toBe(90);
    expect(score('Product', 2, 'en')).toBe(80);
    expect(score('Collection', 5, 'en')).toBe(99);
    expect(score('Page', 6, 'en')).toBe(80);
    expect(score('Article', 8, 'en')).toBe(80);
    expect(score('Product', 1, 'fr')).toBe(99);
    expect(score('Product', 4, 'fr')).toBe(95);

    // The store: the mean of its pages, rounded. en: 523 / 6; fr: 533 / 6.
    const trend = async () =>
      (
        await api.database.pool.query<{ run_id: string; language: string; score: number }>(
          'select run_id, language, score from seo_score_history where shop_id = $1 order by at, language',
          [shopId],
        )
      ).rows;
    expect(await trend()).toEqual([
      { run_id: first, language: 'en', score: 87 },
      { run_id: first, language: 'fr', score: 89 },
    ]);

    // The owner gives product 2 a longer title and a search title: the next run scores higher.
    await api.database.pool.query(
      `update catalog_products set title = 'Stoneware mug', seo_title = 'Stoneware mug'
       where shop_id = $1 and gid = $2`,
      [shopId, gid('Product', 2)],
    );
    const second = await auditNow(shopId, 'weekly');
    // en: (94 + 90 + 100 + 99 + 80 + 80) / 6 = 90.5; fr likewise (99 + 95 + 100 + 99 + 80 + 80) / 6.
    expect(await trend()).toEqual([
      { run_id: first, language: 'en', score: 87 },
      { run_id: first, language: 'fr', score: 89 },
      { run_id: second, language: 'en', score: 91 },
      { run_id: second, language: 'fr', score: 92 },
    ]);
  });

  it('stops at its next batch when its run is ended meanwhile, every batch it counted written', async () => {
    const shopId = await newStore('pro', {
      products: Array.from({ length: 1500 }, (_, index) => ({
        id: 5000 + index,
        title: `Product number ${index}`,
      })),
    });
    const started = await startAudit(deps, shopId, 'manual');
    const runId = started!.run.id;
    const progress = async () =>
      (
        await api.database.pool.query<{ done: number }>(
          'select progress_done as done from seo_audit_runs where id = $1',
          [runId],
        )
      ).rows[0]!.done;
    const running = runAudit({ ...deps, batchSize: 10 }, runId);
    while ((await progress()) < 30) await new Promise((resolve) => setTimeout(resolve, 5));
    // Ended elsewhere, as an abandoned run is: the batches under way are not written.
    await api.database.pool.query(`update seo_audit_runs set state = 'failed' where id = $1`, [
      runId,
    ]);
    expect(await running).toBe('store disconnected');
    const { rows } = await api.database.pool.query<{ pages: number }>(
      'select count(*)::int as pages from seo_pages where shop_id = $1',
      [shopId],
    );
    const counted = await progress();
    expect(counted).toBeLessThan(1500);
    expect(rows[0]!.pages).toBe(counted);
  });

  it("reads only the plan's number of pages, each kind its share, and says how many it left out", async () => {
    // The free plan audits 100 pages: 103 products and one page are 104.
    const shopId = await newStore('free', {
      products: Array.from({ length: 103 }, (_, index) => ({
        id: 1000 + index,
        title: `Product number ${index}`,
      })),
      pages: [{ id: 1, title: 'About us' }],
    });
    const started = await startAudit(deps, shopId, 'manual');
    expect(started?.run.pageLimit).toBe(100);
    await runAudit({ ...deps, batchSize: 30 }, started!.run.id);
    const run = await api.database.pool.query(
      'select state, pages_audited, pages_left_out, progress_done, progress_total from seo_audit_runs where id = $1',
      [started!.run.id],
    );
    expect(run.rows[0]).toEqual({
      state: 'done',
      pages_audited: 100,
      pages_left_out: 4,
      progress_done: 100,
      progress_total: 100,
    });
    // The page has its share; the products, all changed at the same time, take the rest in the
    // order of their ids as text: 1000…1098 are in, 1099–1102 out.
    const audited = await api.database.pool.query<{ page_gid: string }>(
      'select page_gid from seo_pages where shop_id = $1 order by page_gid',
      [shopId],
    );
    expect(audited.rows.map((row) => row.page_gid)).toEqual([
      gid('Page', 1),
      ...Array.from({ length: 99 }, (_, index) => gid('Product', 1000 + index)),
    ]);
  });
});

describe('an incremental audit', () => {
  it('audits again only the changed pages and the duplicate groups they leave or join', async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    const before = await results(shopId);

    // Product 4 gets a title of its own: it leaves product 1's group.
    await api.database.pool.query(
      `update catalog_products set title = 'Linen tunic' where shop_id = $1 and gid = $2`,
      [shopId, gid('Product', 4)],
    );
    expect(await auditChangedPages(deps, shopId, [gid('Product', 4)])).toEqual({
      audited: 1,
      removed: 0,
      regrouped: 1,
    });
    let after = await results(shopId);
    expect(after.get(`${gid('Product', 4)} en`)?.score).toBe(95);
    // Product 1 is no longer a duplicate: its score goes back up, without being read again.
    expect(after.get(`${gid('Product', 1)} en`)?.score).toBe(99);
    expect(await findings(shopId, gid('Product', 1), 'en')).toEqual([
      { checkId: 'TEST-no-alt', field: `image:${gid('MediaImage', 12)}` },
    ]);
    expect(after.get(`${gid('Product', 1)} en`)?.audited_at).toEqual(
      before.get(`${gid('Product', 1)} en`)?.audited_at,
    );
    // Pages that share no group with it are not touched at all.
    for (const page of [gid('Product', 2), gid('Collection', 5), gid('Page', 6)]) {
      expect(after.get(`${page} en`)).toEqual(before.get(`${page} en`));
    }

    // The collection takes the same title: both join one group.
    await api.database.pool.query(
      `update catalog_collections set title = 'Linen tunic' where shop_id = $1 and gid = $2`,
      [shopId, gid('Collection', 5)],
    );
    await auditChangedPages(deps, shopId, [gid('Collection', 5)]);
    after = await results(shopId);
    expect(await findings(shopId, gid('Product', 4), 'en')).toContainEqual({
      checkId: 'TEST-same-title',
      field: 'title',
      measured: 2,
    });
    expect(after.get(`${gid('Product', 4)} en`)?.score).toBe(90);
    expect(after.get(`${gid('Collection', 5)} en`)?.score).toBe(94);

    // Product 2 takes it too: the group of three is told its size, and nothing else moves for the
    // two pages already in it (their rows are not rewritten).
    const beforeThird = await results(shopId);
    await api.database.pool.query(
      `update catalog_products set title = 'Linen tunic' where shop_id = $1 and gid = $2`,
      [shopId, gid('Product', 2)],
    );
    expect(await auditChangedPages(deps, shopId, [gid('Product', 2)])).toEqual({
      audited: 1,
      removed: 0,
      regrouped: 2,
    });
    after = await results(shopId);
    for (const page of [gid('Product', 4), gid('Collection', 5), gid('Product', 2)]) {
      expect(await findings(shopId, page, 'en')).toContainEqual({
        checkId: 'TEST-same-title',
        field: 'title',
        measured: 3,
      });
    }
    for (const page of [gid('Product', 4), gid('Collection', 5)]) {
      expect(after.get(`${page} en`)).toEqual(beforeThird.get(`${page} en`));
    }

    // Product 2 is deleted from the store: it leaves the audit, and the group is two again.
    await api.database.pool.query('delete from catalog_products where shop_id = $1 and gid = $2', [
      shopId,
      gid('Product', 2),
    ]);
    expect(await auditChangedPages(deps, shopId, [gid('Product', 2)])).toMatchObject({
      audited: 0,
      removed: 1,
    });
    expect(await findings(shopId, gid('Product', 4), 'en')).toContainEqual({
      checkId: 'TEST-same-title',
      field: 'title',
      measured: 2,
    });
    after = await results(shopId);
    expect(after.has(`${gid('Product', 2)} en`)).toBe(false);
    expect(after.size).toBe(10);

    // Product 4 audited again as it is: its group kept its size, and it keeps its finding.
    expect(await auditChangedPages(deps, shopId, [gid('Product', 4)])).toEqual({
      audited: 1,
      removed: 0,
      regrouped: 0,
    });
    expect(await findings(shopId, gid('Product', 4), 'en')).toContainEqual({
      checkId: 'TEST-same-title',
      field: 'title',
      measured: 2,
    });
    expect((await results(shopId)).get(`${gid('Product', 4)} en`)?.score).toBe(
      after.get(`${gid('Product', 4)} en`)?.score,
    );
  });

  it("finds a page by its new title in a language's list once it is audited again", async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    const foundInFrench = async (q: string) =>
      (await listSeoPages(deps.db, shopId, { language: 'fr', q })).pages.map((page) => page.id);
    expect(await foundInFrench('tunic')).toEqual([]);

    await api.database.pool.query(
      `update catalog_products set title = 'Linen tunic' where shop_id = $1 and gid = $2`,
      [shopId, gid('Product', 4)],
    );
    await auditChangedPages(deps, shopId, [gid('Product', 4)]);
    // French shows its translation, "Chemise en lin bleue"; the search reads the English title too.
    expect(await foundInFrench('tunic')).toEqual([gid('Product', 4)]);
    expect(await foundInFrench('linen shirt')).toEqual([gid('Product', 1)]);
  });

  it("admits a page new to the audit only while the store's audited pages are fewer than the plan's limit", async () => {
    // The free plan audits 100 pages: the full run reads products 1000…1099 and leaves 1100 out.
    const shopId = await newStore('free', {
      products: Array.from({ length: 101 }, (_, index) => ({
        id: 1000 + index,
        title: `Product number ${index}`,
      })),
    });
    await auditNow(shopId);
    const audited = async () => new Set((await results(shopId)).keys());
    expect((await audited()).has(`${gid('Product', 1100)} en`)).toBe(false);

    // At the limit, the page left out still waits, while an audited page is audited again.
    expect(await auditChangedPages(deps, shopId, [gid('Product', 1100)])).toEqual({
      audited: 0,
      removed: 0,
      regrouped: 0,
    });
    await api.database.pool.query(
      `update catalog_products set title = 'A title of its own' where shop_id = $1 and gid = $2`,
      [shopId, gid('Product', 1000)],
    );
    expect(await auditChangedPages(deps, shopId, [gid('Product', 1000)])).toMatchObject({
      audited: 1,
      removed: 0,
    });

    // An audited product deleted makes room, which the page left out takes at its next change.
    await api.database.pool.query('delete from catalog_products where shop_id = $1 and gid = $2', [
      shopId,
      gid('Product', 1001),
    ]);
    expect(await auditChangedPages(deps, shopId, [gid('Product', 1001)])).toMatchObject({
      audited: 0,
      removed: 1,
    });
    expect(await auditChangedPages(deps, shopId, [gid('Product', 1100)])).toMatchObject({
      audited: 1,
      removed: 0,
    });
    const now = await audited();
    expect(now.has(`${gid('Product', 1100)} en`)).toBe(true);
    expect(now.has(`${gid('Product', 1001)} en`)).toBe(false);
    expect(new Set([...now].map((key) => key.split(' ')[0])).size).toBe(100);
  });

  it("follows a product deleted at Shopify through the catalog's webhook, within seconds", async () => {
    // The handler asks Shopify whether the product is really gone (a deletion's body is not tied to
    // its store by the signature): the store is the local Shopify's, which has no product 2.
    const shopify = await startTestShopify({
      stores: [{ name: 'audit-suppressions', products: 1 }],
    });
    try {
      const owner = await registeredOwner(api, 'business');
      const shopId = await storeConnectedToLocalShopify(api, shopify, owner);
      await seedStoreCopy(api, shopId, boutique);
      await auditNow(shopId);
      await api.database.pool.query(
        "insert into catalog_sync_states (shop_id, phase, run) values ($1, 'ready', 1)",
        [shopId],
      );
      // The handlers as the product's webhook job gets them; this file's workers run the audit job.
      const handlers = webhookHandlers({
        db: api.database.db,
        jobs: api.jobs,
        log: { info: () => {}, warn: () => {}, error: () => {} },
        shopify: testShopifyApp(shopify.url),
        shopTokens: testShopTokens,
        shopCatalog: recordingCatalog(),
        publicUrl: 'http://localhost:3000',
      } as Partial<WorkerDependencies> as WorkerDependencies);
      await handlers['products/delete']!({
        provider: 'shopify',
        topic: 'products/delete',
        shopDomain: shopify.shopDomain,
        webhookId: randomUUID(),
        triggeredAt: new Date(),
        payload: { id: 2 },
      });
      await waitUntil(async () => !(await results(shopId)).has(`${gid('Product', 2)} en`), 10_000);
      expect((await results(shopId)).size).toBe(10);
    } finally {
      await shopify.stop();
    }
  });

  it('leaves a store never audited to its first full run', async () => {
    const shopId = await newStore();
    expect(await auditChangedPages(deps, shopId, [gid('Product', 1)])).toBe('not audited');
    expect((await results(shopId)).size).toBe(0);
  });
});

describe("the store's sums kept as pages are written", () => {
  /** What the overview reads, from the sums the database keeps (seo_store_figures and checks). */
  async function keptSums(shopId: string) {
    return {
      figures: (await languageFigures(api.database.db, shopId)).map((row) => ({ ...row })),
      checks: await findingsByCheck(api.database.db, shopId),
    };
  }

  /** The same figures counted from every page row of the store, as the overview did before. */
  async function countedSums(shopId: string) {
    const { rows: figures } = await api.database.pool.query(
      `select language, kind, round(avg(score))::int as score, sum(errors)::int as errors,
         sum(warnings)::int as warnings, sum(infos)::int as infos,
         sum(translation_fields)::int as "translationFields", sum(translated)::int as translated,
         sum(translations_outdated)::int as "translationsOutdated",
         sum(translations_same_as_source)::int as "translationsSameAsSource"
       from seo_page_results where shop_id = $1
       group by grouping sets ((language), (language, kind))`,
      [shopId],
    );
    const { rows: checks } = await api.database.pool.query(
      `select language, check_id as "checkId", count(*)::int as pages
       from seo_page_results, unnest(check_ids) as check_id where shop_id = $1
       group by language, check_id`,
      [shopId],
    );
    return { figures, checks };
  }

  const byKey = <T extends { language: string }>(rows: T[]) =>
    [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));

  async function expectSumsToMatchThePages(shopId: string) {
    const kept = await keptSums(shopId);
    const counted = await countedSums(shopId);
    expect(byKey(kept.figures)).toEqual(byKey(counted.figures));
    expect(
      byKey(kept.checks.map(({ language, checkId, pages }) => ({ language, checkId, pages }))),
    ).toEqual(byKey(counted.checks));
  }

  it('match a count of the pages after a full audit, incremental ones, a removal and a second run', async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    expect((await keptSums(shopId)).figures.length).toBeGreaterThan(0);
    await expectSumsToMatchThePages(shopId);

    // A page changes its title (its duplicate group is resolved again), another is translated.
    await api.database.pool.query(
      `update catalog_products set title = 'Linen tunic' where shop_id = $1 and gid = $2`,
      [shopId, gid('Product', 4)],
    );
    await api.database.pool.query(
      `insert into catalog_translations (shop_id, resource_gid, locale, key, value, digest, outdated,
         seen_in_run) values ($1, $2, 'fr', 'title', 'Tasse', 'digest', false, 1)`,
      [shopId, gid('Product', 2)],
    );
    await auditChangedPages(deps, shopId, [gid('Product', 4), gid('Product', 2)]);
    await expectSumsToMatchThePages(shopId);

    // A page leaves the store, another is unpublished.
    await api.database.pool.query('delete from catalog_products where shop_id = $1 and gid = $2', [
      shopId,
      gid('Product', 2),
    ]);
    await api.database.pool.query(
      'update catalog_pages set is_published = false where shop_id = $1 and gid = $2',
      [shopId, gid('Page', 6)],
    );
    await auditChangedPages(deps, shopId, [gid('Product', 2), gid('Page', 6)]);
    await expectSumsToMatchThePages(shopId);

    // A second full run rewrites every page.
    await auditNow(shopId);
    await expectSumsToMatchThePages(shopId);
  });

  it("are gone with the store's audit, and the trend records the score the overview shows", async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    const { rows: trend } = await api.database.pool.query<{ language: string; score: number }>(
      'select language, score from seo_score_history where shop_id = $1',
      [shopId],
    );
    const totals = (await keptSums(shopId)).figures.filter((row) => row.kind === null);
    expect(byKey(trend.map(({ language, score }) => ({ language, score })))).toEqual(
      byKey(totals.map(({ language, score }) => ({ language, score }))),
    );

    await deleteShopAudit(api.database.db, shopId);
    expect(await keptSums(shopId)).toEqual({ figures: [], checks: [] });
    const { rows } = await api.database.pool.query(
      `select 1 from seo_store_figures where shop_id = $1
       union all select 1 from seo_store_check_pages where shop_id = $1`,
      [shopId],
    );
    expect(rows).toEqual([]);
  });
});

describe('runs', () => {
  it('answers the run under way to a second request instead of queueing another', async () => {
    const shopId = await newStore();
    const first = await startAudit(deps, shopId, 'manual');
    const second = await startAudit(deps, shopId, 'manual');
    expect(first?.queued).toBe(true);
    expect(second).toEqual({ run: first!.run, queued: false });
    await runAudit(deps, first!.run.id);
    const third = await startAudit(deps, shopId, 'manual');
    expect(third?.queued).toBe(true);
    expect(third?.run.id).not.toBe(first!.run.id);
  });

  it("goes with the store's copy when the store is disconnected", async () => {
    const shopId = await newStore();
    await auditNow(shopId);
    await storeCatalog({ db: api.database.db, jobs: idleJobs }).deleteStoreCopy(shopId);
    for (const table of [
      'seo_audit_runs',
      'seo_pages',
      'seo_page_results',
      'seo_findings',
      'seo_duplicate_keys',
      'seo_score_history',
    ]) {
      const { rows } = await api.database.pool.query(
        `select count(*)::int as count from ${table} where shop_id = $1`,
        [shopId],
      );
      expect(rows[0], table).toEqual({ count: 0 });
    }
  });
});

// Last in the file: the weekly run queues an audit of every audited store, the other tests' too.
describe('the weekly audit', () => {
  it('skips a store its plan pauses, and says so in the log, while the active one is audited', async () => {
    const owner = await registeredOwner(api, 'business');
    const active = await connectedStore(api, owner, undefined, 'active', new Date('2026-11-01'));
    const paused = await connectedStore(api, owner, undefined, 'active', new Date('2026-11-02'));
    for (const shopId of [active, paused]) {
      await seedStoreCopy(api, shopId, boutique);
      await auditNow(shopId);
    }
    await subscribeToPlan(api.database.db, owner.uid, 'pro');
    // The test files share the database: the weekly job also meets other files' paused stores.
    const skipped: unknown[] = [];
    const log = {
      ...deps.log,
      info: (details: { shopId?: string }, message: string) => {
        const ours = details.shopId === active || details.shopId === paused;
        if (ours && message.includes('paused')) skipped.push(details);
      },
    };

    await seoWeeklyAuditJob.handle(
      {
        id: randomUUID(),
        payload: {},
        retryCount: 0,
        retry: seoWeeklyAuditJob.retry,
        lastAttempt: false,
      },
      { ...deps, log },
    );

    const weekly = await api.database.pool.query<{ shop_id: string }>(
      "select shop_id from seo_audit_runs where trigger = 'weekly' and shop_id = any($1)",
      [[active, paused]],
    );
    expect(weekly.rows.map((row) => row.shop_id)).toEqual([active]);
    expect(skipped).toEqual([{ shopId: paused }]);
  });
});
