import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { deleteStoreAudit } from '#server/areas/seo/delete-store-audit.ts';
import { readSeoOverview } from '#server/areas/seo/read-seo-overview.ts';
import { readSeoPage } from '#server/areas/seo/read-seo-page.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import {
  runStorefrontPass,
  storefrontTimeoutsEndingPass,
} from '#server/areas/seo/run-storefront-pass.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import * as seoRepository from '#server/areas/seo/seo-repository.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { storefrontPassJob } from '#server/areas/seo/storefront-pass-job.ts';
import {
  endStorefrontPass,
  pagesToFetch,
  startStorefrontPass,
} from '#server/areas/seo/storefront-repository.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { seoDependencies } from '#server/workers.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import {
  plantedStorefrontFindings,
  robotsTxtMisspeltRule,
} from '#server/local/shopify/storefront-defects.ts';
import { shopifyScopes } from '#server/platform/shopify/shopify-app.ts';
import { localStorefronts } from '#server/platform/storefront/local-storefronts.ts';
import {
  auditUserAgent,
  createStorefrontFetcher,
} from '#server/platform/storefront/storefront-fetcher.ts';
import { renderedCheckIds, storeCheckIds } from '#shared/seo/check-ids.ts';
import {
  createTestJobQueue,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import {
  catalogDependenciesFor,
  installApp,
  startLocalShopify,
  startWebhookReceiver,
  testApp,
  type LocalShopify,
  type WebhookReceiver,
} from './catalog-local-shopify-support.ts';

/**
 * The storefront pass of the audit, on a store imported from the local Shopify and its storefront
 * fetched over real HTTP: the planted theme defects found and stored with the pages' findings and
 * scores, kept across catalog audits, the budget and the order of successive passes, and what a
 * disconnection removes.
 */

// A store of its own: a store connects to one account only, across the test files' database.
const storeName = 'vitrine-rendue';
const productCount = 40;
const seeded = new SeededStore(storeName, productCount);
const shopDomain = `${storeName}.myshopify.com`;
const storefrontHost = `www.${storeName}.example`;
const publicUrl = 'https://vitrine.example';

let api: ApiTestContext;
/** A queue no worker takes from: the test runs the audit and the passes itself. */
let idleJobs: JobQueue;
let receiver: WebhookReceiver;
let shopify: LocalShopify;
let shopId: string;
let owner: Awaited<ReturnType<typeof registeredOwner>>;
let deps: SeoDependencies;

/** The audit's dependencies with a pass of `budget` pages, the storefront reached as local mode does. */
function withBudget(budget: number): SeoDependencies {
  return { ...deps, storefrontPagesPerPass: budget };
}

beforeAll(async () => {
  api = await startApiForTests();
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
  receiver = await startWebhookReceiver(testApp.apiSecret);
  shopify = await startLocalShopify({
    port: 0,
    app: {
      ...testApp,
      appUrl: `${receiver.url}/oauth/shopify`,
      redirectUrls: [`${receiver.url}/oauth/shopify`],
      complianceWebhookUrl: `${receiver.url}/webhooks/shopify`,
    },
    stores: [{ name: storeName, products: productCount }],
  });
  owner = await registeredOwner(api, 'business');
  shopId = await connectedStore(api, owner, shopDomain);
  const accessToken = await installApp(
    shopify.url,
    shopDomain,
    `${receiver.url}/oauth/shopify`,
    shopifyScopes,
  );
  const catalog = catalogDependenciesFor({
    db: api.database.db,
    jobs: idleJobs,
    localShopifyUrl: shopify.url,
    publicUrl: receiver.url,
    store: { shopId, shopDomain, accessToken },
  });
  await catalogRepository.markQueued(api.database.db, shopId);
  expect(await importCatalog(catalog, shopId)).toBe('imported');
  const connectTo = localStorefronts(shopify.url);
  deps = {
    db: api.database.db,
    jobs: idleJobs,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    storefront: {
      // Faster than the product's two a second, so that the test reads the whole store in seconds.
      openFetcher: () => createStorefrontFetcher({ publicUrl, connectTo, requestsPerSecond: 200 }),
    },
  };
}, 120_000);

afterAll(async () => {
  await idleJobs?.stop();
  await shopify?.stop();
  await receiver?.close();
  await api?.close();
});

async function fullAudit() {
  const started = await startAudit(deps, shopId, 'manual');
  expect(started?.queued).toBe(true);
  expect(await runAudit(deps, started!.run.id)).toBe('done');
}

type Scores = Map<string, number>;

async function scores(): Promise<Scores> {
  const { rows } = await api.database.pool.query<{ key: string; score: number }>(
    `select page_gid || ' ' || language as key, score from seo_page_results where shop_id = $1`,
    [shopId],
  );
  return new Map(rows.map((row) => [row.key, row.score]));
}

/** The rendered findings among the pages' findings, as `<check> <address fetched>`. */
async function renderedFindings(): Promise<string[]> {
  const { rows } = await api.database.pool.query<{ check_id: string; url: string }>(
    `select check_id, evidence->>'url' as url from seo_findings
     where shop_id = $1 and check_id = any($2::text[])`,
    [shopId, [...renderedCheckIds]],
  );
  // A check finds one defect several times on a page (three relative hreflang links): once here.
  return [...new Set(rows.map((row) => `${row.check_id} ${row.url}`))].sort();
}

async function fetchedPages(): Promise<Array<{ gid: string; kind: string; at: Date }>> {
  const { rows } = await api.database.pool.query<{ gid: string; kind: string; at: Date }>(
    `select f.page_gid as gid, p.kind, min(f.fetched_at) as at
     from seo_storefront_fetches f join seo_pages p using (shop_id, page_gid)
     where f.shop_id = $1 group by f.page_gid, p.kind`,
    [shopId],
  );
  return rows;
}

const planted = () =>
  plantedStorefrontFindings(seeded)
    .map((finding) => `${finding.checkId} ${finding.url}`)
    .sort();

describe('the storefront pass', () => {
  let catalogScores: Scores;
  let firstPass: string[];

  it('is queued by a full audit, whose catalog findings are readable before it runs', async () => {
    await fullAudit();
    expect(await idleJobs.waitingKeys(storefrontPassJob)).toContain(shopId);
    catalogScores = await scores();
    expect(catalogScores.size).toBeGreaterThan(0);
    expect(await renderedFindings()).toEqual([]);
    const overview = await readSeoOverview(api.database.db, shopId);
    expect(overview.storefront).toEqual({
      checked: 0,
      unreachable: 0,
      pages: catalogScores.size / 2,
      lastCheckedAt: null,
      lastPass: null,
    });
  });

  it('fetches its budget of pages, one of each kind among them, politely', async () => {
    const before = shopify.storefront.visits(storefrontHost).length;
    const outcome = await runStorefrontPass(withBudget(6), shopId);
    expect(outcome).toMatchObject({ fetched: 6, stoppedEarly: false });
    const fetched = await fetchedPages();
    firstPass = fetched.map((page) => page.gid);
    expect(fetched).toHaveLength(6);
    expect(new Set(fetched.map((page) => page.kind))).toEqual(
      new Set(['product', 'collection', 'page', 'article']),
    );
    const visits = shopify.storefront.visits(storefrontHost).slice(before);
    // robots.txt first, then each page in English and in French, all under our name; a page that
    // robots.txt disallows is not asked for.
    expect(visits[0]!.path).toBe('/robots.txt');
    expect(visits.length).toBeLessThanOrEqual(1 + 6 * 2);
    expect(visits.length).toBeGreaterThanOrEqual(1 + 5 * 2);
    for (const visit of visits) expect(visit.userAgent).toBe(auditUserAgent(publicUrl));
  });

  it('goes on, at the next pass, with pages the first did not fetch', async () => {
    const outcome = await runStorefrontPass(withBudget(6), shopId);
    expect(outcome).toMatchObject({ fetched: 6 });
    const second = (await fetchedPages())
      .map((page) => page.gid)
      .filter((gid) => !firstPass.includes(gid));
    expect(second).toHaveLength(6);
  });

  it('finds the planted storefront defects on the pages it fetched, and they lower the scores', async () => {
    await runStorefrontPass(withBudget(1_000), shopId);
    const pages = catalogScores.size / 2;
    expect((await fetchedPages()).length).toBe(pages);
    expect(await renderedFindings()).toEqual(planted());
    // Each page and language recorded with its answer: the page robots.txt disallows was not read.
    const { rows: outcomes } = await api.database.pool.query<{ outcome: string; count: number }>(
      `select outcome, count(*)::int as count from seo_storefront_fetches where shop_id = $1
       group by outcome order by outcome`,
      [shopId],
    );
    expect(outcomes).toEqual([
      { outcome: 'answered', count: pages * 2 - 2 },
      { outcome: 'blocked by robots.txt', count: 2 },
    ]);

    // Each page and language with a rendered finding scores lower than the catalog alone gave it;
    // the others score the same.
    const after = await scores();
    const { rows } = await api.database.pool.query<{ key: string }>(
      `select distinct page_gid || ' ' || language as key from seo_findings
       where shop_id = $1 and check_id = any($2::text[])`,
      [shopId, [...renderedCheckIds, ...storeCheckIds]],
    );
    const flagged = new Set(rows.map((row) => row.key));
    expect(flagged.size).toBeGreaterThan(0);
    for (const [key, score] of after) {
      if (flagged.has(key)) expect(score, key).toBeLessThan(catalogScores.get(key)!);
      else expect(score, key).toBe(catalogScores.get(key));
    }

    // The overview counts them, the list filters on them, the page shows the address fetched.
    const overview = await readSeoOverview(api.database.db, shopId);
    expect(overview.storefront.checked).toBe(pages);
    expect(overview.storefront.unreachable).toBe(0);
    expect(overview.storefront.pages).toBe(pages);
    expect(overview.storefront.lastCheckedAt).not.toBeNull();
    const english = overview.languages.find((language) => language.language === 'en')!;
    expect(english.findingsByCheck).toContainEqual({ checkId: 'HL2', severity: 'error', pages: 1 });
    const noindexed = await seoRepository.listPages(api.database.db, shopId, {
      check: 'R02',
      language: 'en',
    });
    expect(noindexed.total).toBe(2);
    const page = await readSeoPage(api.database.db, shopId, noindexed.pages[0]!.id);
    const r02 = page!.languages
      .find((language) => language.language === 'en')!
      .findings.filter((finding) => finding.checkId === 'R02');
    expect(r02).toHaveLength(1);
    expect(r02[0]!.url).toBe(page!.languages.find((language) => language.language === 'en')!.url);
  });

  it("reports the store's robots.txt once, on the first page the latest pass read", async () => {
    const storeFindings = async () =>
      (
        await api.database.pool.query<{ page_gid: string; language: string; evidence: object }>(
          `select page_gid, language, evidence from seo_findings
           where shop_id = $1 and check_id = 'R03'`,
          [shopId],
        )
      ).rows;
    const found = await storeFindings();
    expect(found).toEqual([
      {
        page_gid: expect.any(String) as string,
        language: 'en',
        evidence: {
          url: `https://${storefrontHost}/robots.txt`,
          measured: expect.stringMatching(/^line \d+: unknown directive$/) as string,
          excerpt: robotsTxtMisspeltRule.line,
        },
      },
    ]);
    // The next pass puts it on its own first page, and nowhere else.
    await runStorefrontPass(withBudget(1), shopId);
    const moved = await storeFindings();
    expect(moved).toHaveLength(1);
    const { rows } = await api.database.pool.query<{ page_gid: string }>(
      `select page_gid from seo_storefront_fetches where shop_id = $1
       order by fetched_at desc limit 1`,
      [shopId],
    );
    expect(moved[0]!.page_gid).toBe(rows[0]!.page_gid);
  });

  it('keeps the rendered findings and their scores across catalog audits, full and incremental', async () => {
    const found = await renderedFindings();
    const scored = await scores();
    await fullAudit();
    expect(await renderedFindings()).toEqual(found);
    expect(await scores()).toEqual(scored);

    const { rows } = await api.database.pool.query<{ page_gid: string }>(
      `select distinct page_gid from seo_findings where shop_id = $1 and check_id = 'HL2'`,
      [shopId],
    );
    const changed = await auditChangedPages(
      deps,
      shopId,
      rows.map((row) => row.page_gid),
    );
    expect(changed).toMatchObject({ audited: rows.length });
    expect(await renderedFindings()).toEqual(found);
    expect(await scores()).toEqual(scored);
  });

  it('fetches first, once the whole store is covered, the page of each kind fetched least recently', async () => {
    const before = await fetchedPages();
    const oldestOfEachKind = ['product', 'collection', 'page', 'article'].map(
      (kind) =>
        before
          .filter((page) => page.kind === kind)
          .sort((a, b) => a.at.getTime() - b.at.getTime() || a.gid.localeCompare(b.gid))[0]!.gid,
    );
    await runStorefrontPass(withBudget(4), shopId);
    const earlier = new Map(before.map((page) => [page.gid, page.at.getTime()]));
    const refreshed = (await fetchedPages())
      .filter((page) => page.at.getTime() !== earlier.get(page.gid))
      .map((page) => page.gid);
    expect(refreshed.sort()).toEqual(oldestOfEachKind.sort());
  });

  it('keeps the findings of pages it cannot reach, and the overview counts them', async () => {
    const found = await renderedFindings();
    const scored = await scores();
    const unreachable: SeoDependencies = {
      ...withBudget(2),
      storefront: {
        // Nothing listens on port 9: every connection is refused.
        openFetcher: () =>
          createStorefrontFetcher({
            publicUrl,
            connectTo: () => ({ protocol: 'http:', hostname: '127.0.0.1', port: 9 }),
            requestsPerSecond: 200,
          }),
      },
    };
    expect(await runStorefrontPass(unreachable, shopId)).toMatchObject({ fetched: 2 });
    expect(await renderedFindings()).toEqual(found);
    expect(await scores()).toEqual(scored);
    const { storefront } = await readSeoOverview(api.database.db, shopId);
    expect(storefront).toMatchObject({ unreachable: 2, checked: storefront.pages - 2 });
  });

  it('takes a store answering 503 or 429 for unable to answer now: findings kept, tried first next time', async () => {
    const found = await renderedFindings();
    // A store whose server is down: robots.txt lets everything through, every page answers 503.
    const down = http.createServer((request, response) => {
      if (request.url === '/robots.txt') response.writeHead(200).end('User-agent: *\nAllow: /\n');
      else response.writeHead(request.url?.includes('/fr/') ? 429 : 503).end('try later');
    });
    await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
    const port = (down.address() as AddressInfo).port;
    try {
      const failing: SeoDependencies = {
        ...withBudget(2),
        storefront: {
          openFetcher: () =>
            createStorefrontFetcher({
              publicUrl,
              connectTo: () => ({ protocol: 'http:', hostname: '127.0.0.1', port }),
              requestsPerSecond: 200,
            }),
        },
      };
      const next = await pagesToFetch(api.database.db, shopId, 2);
      expect(await runStorefrontPass(failing, shopId)).toMatchObject({ fetched: 2 });
      expect(await renderedFindings()).toEqual(found);
      // Just fetched, they would come last; unanswered, they come right after one page of each
      // kind.
      const kinds = await api.database.pool.query<{ kind: string }>(
        'select distinct kind from seo_pages where shop_id = $1',
        [shopId],
      );
      const unanswered = await api.database.pool.query<{ pages: number }>(
        `select count(distinct page_gid)::int as pages from seo_storefront_fetches
          where shop_id = $1 and outcome = 'unreachable'`,
        [shopId],
      );
      expect(unanswered.rows[0]!.pages).toBeGreaterThanOrEqual(2);
      const order = await pagesToFetch(
        api.database.db,
        shopId,
        kinds.rows.length + unanswered.rows[0]!.pages,
      );
      expect(next.every((gid) => order.includes(gid))).toBe(true);
    } finally {
      down.close();
    }
  });

  it('counts a page it reached in English but not in French as not reached, not as checked', async () => {
    const englishOnly: SeoDependencies = {
      ...withBudget(3),
      storefront: {
        openFetcher: () =>
          createStorefrontFetcher({
            publicUrl,
            // French addresses lead to port 9, where nothing listens; English ones to the store.
            connectTo: (url) =>
              url.pathname.startsWith('/fr/') || url.pathname === '/fr'
                ? { protocol: 'http:', hostname: '127.0.0.1', port: 9 }
                : localStorefronts(shopify.url)(url),
            requestsPerSecond: 200,
          }),
      },
    };
    await runStorefrontPass(englishOnly, shopId);
    const { rows } = await api.database.pool.query<{ page_gid: string; outcomes: string[] }>(
      `select page_gid, array_agg(outcome order by language) as outcomes
       from seo_storefront_fetches where shop_id = $1 group by page_gid`,
      [shopId],
    );
    const halfReached = rows.filter(
      (row) =>
        row.outcomes.includes('unreachable') && row.outcomes.some((o) => o !== 'unreachable'),
    );
    expect(halfReached.length).toBeGreaterThan(0);
    const { storefront } = await readSeoOverview(api.database.db, shopId);
    // Each page fetched counts once: checked in every language, or not reached in one.
    expect(storefront.checked + storefront.unreachable).toBe(rows.length);
    expect(storefront.unreachable).toBe(
      rows.filter((row) => row.outcomes.includes('unreachable')).length,
    );
  });

  it('keeps, as the product runs it, to two requests a second to the store, whatever its hosts', async () => {
    const product = seoDependencies({ ...deps, publicUrl, localShopifyUrl: shopify.url });
    const fetcher = product.storefront!.openFetcher();
    const hosts = [storefrontHost, shopDomain];
    const before = hosts.map((host) => shopify.storefront.visits(host).length);
    // The store's own domain and its myshopify.com address, which sends visitors to the first.
    await Promise.all([
      fetcher.fetchPage(`https://${storefrontHost}/pages/about-us`),
      fetcher.fetchPage(`https://${shopDomain}/fr/pages/about-us`),
      fetcher.fetchPage(`https://${storefrontHost}/fr/`),
    ]);
    const visits = hosts
      .flatMap((host, index) => shopify.storefront.visits(host).slice(before[index]))
      .sort((a, b) => a.at - b.at);
    expect(new Set(visits.map((visit) => visit.host))).toEqual(new Set(hosts));
    expect(visits.length).toBeGreaterThanOrEqual(5);
    // Seen where they arrive: a request may reach the store some tens of milliseconds late and the
    // next on time. Sent without the pace, they would arrive about 1 ms apart.
    for (const [index, visit] of visits.entries()) {
      if (index > 0) expect(visit.at - visits[index - 1]!.at).toBeGreaterThanOrEqual(400);
    }
  });

  it('forgets what it found on a page that leaves the store', async () => {
    const { rows } = await api.database.pool.query<{ page_gid: string }>(
      `select distinct page_gid from seo_rendered_findings where shop_id = $1
       and page_gid like 'gid://shopify/Product/%' order by page_gid limit 1`,
      [shopId],
    );
    const gone = rows[0]!.page_gid;
    // The product set to draft in the store's copy, as its webhook's refetch leaves it.
    await api.database.pool.query(
      `update catalog_products set status = 'DRAFT' where shop_id = $1 and gid = $2`,
      [shopId, gone],
    );
    expect(await auditChangedPages(deps, shopId, [gone])).toMatchObject({ removed: 1 });
    for (const table of ['seo_rendered_findings', 'seo_storefront_fetches']) {
      const { rows: left } = await api.database.pool.query(
        `select 1 from ${table} where shop_id = $1 and page_gid = $2`,
        [shopId, gone],
      );
      expect(left, table).toEqual([]);
    }
    expect(await pagesToFetch(api.database.db, shopId, 1_000)).not.toContain(gone);
  });

  it('ends a pass once pages in a row went unanswered, with the reason the overview shows', async () => {
    // A store that takes every connection and never answers a page.
    const silent = http.createServer((request, response) => {
      if (request.url === '/robots.txt') response.writeHead(200).end('User-agent: *\nAllow: /\n');
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    try {
      const silentDeps: SeoDependencies = {
        ...withBudget(20),
        storefront: {
          openFetcher: () =>
            createStorefrontFetcher({
              publicUrl,
              connectTo: () => ({ protocol: 'http:', hostname: '127.0.0.1', port }),
              requestsPerSecond: 200,
              readTimeoutMs: 50,
              totalTimeoutMs: 200,
            }),
        },
      };
      expect(await runStorefrontPass(silentDeps, shopId)).toEqual({
        fetched: storefrontTimeoutsEndingPass,
        findings: 0,
        stoppedEarly: true,
        stopReason: 'storefront_timeouts',
      });
      const { storefront } = await readSeoOverview(api.database.db, shopId);
      expect(storefront.lastPass).toMatchObject({ stopReason: 'storefront_timeouts' });
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
    // The next pass that goes to its end clears the reason.
    expect(await runStorefrontPass(withBudget(1), shopId)).toMatchObject({ stoppedEarly: false });
    const { storefront } = await readSeoOverview(api.database.db, shopId);
    expect(storefront.lastPass).toMatchObject({ stopReason: null });
  });

  it('runs one pass at a time per owner: with another of the owner’s stores under way, it waits', async () => {
    const otherStore = await connectedStore(api, owner);
    expect(await startStorefrontPass(api.database.db, otherStore, owner.uid)).toBe(true);

    expect(await runStorefrontPass(withBudget(1), shopId)).toBe('owner busy');
    // The job comes back later rather than holding one of the queue's slots.
    await storefrontPassJob.handle(
      {
        id: randomUUID(),
        payload: { shopId },
        retryCount: 0,
        retry: storefrontPassJob.retry,
        lastAttempt: false,
      },
      withBudget(1),
    );
    expect(await idleJobs.waitingKeys(storefrontPassJob)).toContain(shopId);

    await endStorefrontPass(api.database.db, otherStore, null);
    expect(await runStorefrontPass(withBudget(1), shopId)).toMatchObject({ fetched: 1 });
  });

  it("removes the store's rendered findings and fetches when the store is disconnected", async () => {
    await deleteStoreAudit(api.database.db, shopId);
    for (const table of ['seo_rendered_findings', 'seo_storefront_fetches', 'seo_findings']) {
      const { rows } = await api.database.pool.query<{ count: number }>(
        `select count(*)::int as count from ${table} where shop_id = $1`,
        [shopId],
      );
      expect(rows[0]!.count, table).toBe(0);
    }
    expect(await runStorefrontPass(deps, shopId)).toBe('not audited');
  });
});
