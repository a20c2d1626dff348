import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import { seoAuditJob } from '#server/areas/seo/seo-audit-job.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import type { JobDefinition, JobQueue } from '#server/jobs/job-queue.ts';
import {
  pageDetailSchema,
  pageListSchema,
  pagePathOf,
  seoOverviewSchema,
  startAuditSchema,
} from '#shared/schemas/seo.ts';
import {
  bearer,
  createTestJobQueue,
  errorOf,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { gid, seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';
import { waitUntil } from '../support/shops-test-support.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';

/**
 * The SEO API as the client calls it: the owner's store only, the overview, the page list's
 * filters, search, sort and paging, a page's detail, and audits started on demand, one at a time.
 */

let api: ApiTestContext;
let idleJobs: JobQueue;
/** Audits the API queued, held back until a test lets them run. */
const heldAudits: Array<{ runId: string }> = [];
let holdAudits = true;

beforeAll(async () => {
  api = await startApiForTests({
    wrapJobs: (jobs) => ({
      ...jobs,
      send: async <Payload>(
        job: JobDefinition<Payload, never>,
        payload: Payload,
        options?: Parameters<JobQueue['send']>[2],
      ) => {
        if (job.name === seoAuditJob.name && holdAudits) {
          heldAudits.push(payload as { runId: string });
          return 'held';
        }
        return jobs.send(job, payload, options);
      },
    }),
  });
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

/** A store like the engine's tests, audited with the test checks. */
async function auditedStore(owner: TestUser): Promise<string> {
  const shopId = await connectedStore(api, owner);
  await seedStoreCopy(api, shopId, {
    products: [
      {
        id: 1,
        title: 'Linen shirt',
        seoTitle: 'Linen shirt | Maison',
        images: [
          { id: 11, alt: 'Linen shirt, front' },
          { id: 12, alt: null },
        ],
      },
      { id: 2, title: 'Mug' },
      { id: 4, title: 'Linen shirt', handle: 'linen-shirt-blue' },
    ],
    collections: [{ id: 5, title: 'Summer sale', seoTitle: 'Summer sale', imageAlt: '' }],
    pages: [{ id: 6, title: 'About us' }],
    articles: [{ id: 8, title: 'Our story' }],
    translations: [
      [gid('Product', 1), 'fr', 'title', 'Chemise en lin'],
      [gid('Product', 1), 'fr', 'meta_title', 'Chemise en lin | Maison'],
      [gid('MediaImage', 11), 'fr', 'alt', 'Chemise en lin, devant'],
      [gid('Product', 4), 'fr', 'title', 'Chemise en lin bleue', true],
    ],
  });
  const deps = { ...seoDependencies(api), jobs: idleJobs };
  const started = await startAudit(deps, shopId, 'manual');
  await runAudit(deps, started!.run.id);
  return shopId;
}

function get(owner: TestUser, url: string) {
  return api.app.inject({ method: 'GET', url, headers: bearer(owner.idToken) });
}

let owner: TestUser;
let shopId: string;

beforeAll(async () => {
  owner = await registeredOwner(api, 'pro');
  shopId = await auditedStore(owner);
});

async function list(query: string) {
  const response = await get(owner, `/api/v1/shops/${shopId}/seo/pages?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return pageListSchema.parse(response.json()).data;
}

const ids = (pages: Array<{ id: string }>) => pages.map((page) => page.id);

describe('the owner only', () => {
  it("answers 404 for another owner's store on every route, and 401 without a token", async () => {
    const stranger = await registeredOwner(api);
    const page = pagePathOf(gid('Product', 1));
    for (const request of [
      { method: 'GET' as const, url: `/api/v1/shops/${shopId}/seo` },
      { method: 'GET' as const, url: `/api/v1/shops/${shopId}/seo/pages` },
      { method: 'GET' as const, url: `/api/v1/shops/${shopId}/seo/pages/${page}` },
      { method: 'GET' as const, url: `/api/v1/shops/${shopId}/seo/left-out-pages` },
      { method: 'POST' as const, url: `/api/v1/shops/${shopId}/seo/audits` },
    ]) {
      const response = await api.app.inject({ ...request, headers: bearer(stranger.idToken) });
      expect(response.statusCode, request.url).toBe(404);
      expect(errorOf(response).code).toBe('shop_not_found');
      const anonymous = await api.app.inject(request);
      expect(anonymous.statusCode).toBe(401);
    }
    expect(heldAudits).toEqual([]);
  });
});

describe('the overview', () => {
  it('shows each language side by side: score, trend, findings, coverage, worst pages', async () => {
    const response = await get(owner, `/api/v1/shops/${shopId}/seo`);
    expect(response.statusCode).toBe(200);
    const overview = seoOverviewSchema.parse(response.json()).data;
    expect(overview.primaryLanguage).toBe('en');
    expect(overview.lastRun).toMatchObject({
      trigger: 'manual',
      state: 'done',
      pagesAudited: 6,
      pagesLeftOut: 0,
      pageLimit: 10_000,
    });
    expect(overview.languages.map((language) => language.language)).toEqual(['en', 'fr']);
    const [en, fr] = overview.languages;
    expect(en!.score).toBe(87);
    expect(fr!.score).toBe(89);
    expect(en!.trend.map((point) => point.score)).toEqual([87]);
    expect(en!.findingsBySeverity).toEqual({ error: 3, warning: 6, info: 2 });
    expect(en!.findingsByCheck).toEqual([
      { checkId: 'TEST-no-seo-title', severity: 'warning', pages: 4 },
      { checkId: 'TEST-short-title', severity: 'error', pages: 3 },
      { checkId: 'TEST-no-alt', severity: 'info', pages: 2 },
      { checkId: 'TEST-same-title', severity: 'warning', pages: 2 },
    ]);
    expect(fr!.findingsByCheck.map((row) => row.checkId)).not.toContain('TEST-same-title');
    expect(overview.translationCoverage).toEqual({
      language: 'fr',
      fields: 13,
      translated: 3,
      outdated: 1,
      sameAsSource: 0,
    });
    expect(overview.worstPages.map((page) => page.scores)).toEqual([
      { en: 80, fr: 80 },
      { en: 80, fr: 80 },
      { en: 80, fr: 80 },
      { en: 90, fr: 95 },
      { en: 94, fr: 99 },
    ]);
  });

  it('ends the trend at the headline score when pages changed since the last audit', async () => {
    const changer = await registeredOwner(api, 'pro');
    const changed = await auditedStore(changer);
    // Product 4 gets a title of its own (a webhook's refetch): it and product 1 leave their
    // duplicate group and score higher, with no full audit recording it.
    await api.database.pool.query(
      `update catalog_products set title = 'Linen tunic' where shop_id = $1 and gid = $2`,
      [changed, gid('Product', 4)],
    );
    const deps = { ...seoDependencies(api), jobs: idleJobs };
    expect(await auditChangedPages(deps, changed, [gid('Product', 4)])).toMatchObject({
      audited: 1,
    });

    const response = await get(changer, `/api/v1/shops/${changed}/seo`);
    const [en, fr] = seoOverviewSchema.parse(response.json()).data.languages;
    // The last full audit recorded 87; the store scores more now, and the trend ends there.
    expect(en!.score).toBeGreaterThan(87);
    expect(en!.trend.map((point) => point.score)).toEqual([87, en!.score]);
    expect(Date.parse(en!.trend[1]!.at)).toBeGreaterThan(Date.parse(en!.trend[0]!.at));
    // French did not move: its trend still ends at its last audit's score, the headline.
    expect(fr!.trend.map((point) => point.score)).toEqual([fr!.score]);
  });

  it('says nothing was audited yet for a store just connected', async () => {
    // Connected after the audited store, which Pro's one store keeps active (the first connected).
    const fresh = await connectedStore(
      api,
      owner,
      undefined,
      'active',
      new Date('2026-11-21T10:00:00Z'),
    );
    const response = await get(owner, `/api/v1/shops/${fresh}/seo`);
    expect(response.statusCode).toBe(200);
    expect(seoOverviewSchema.parse(response.json()).data).toMatchObject({
      primaryLanguage: null,
      lastRun: null,
      languages: [],
      translationCoverage: null,
      worstPages: [],
    });
  });
});

describe('the page list', () => {
  it('sorts by the lowest score of any language by default, ties by page', async () => {
    const page = await list('');
    expect(page.total).toBe(6);
    expect(ids(page.pages)).toEqual([
      gid('Article', 8),
      gid('Page', 6),
      gid('Product', 2),
      gid('Product', 4),
      gid('Product', 1),
      gid('Collection', 5),
    ]);
    expect(page.pages[4]).toEqual({
      id: gid('Product', 1),
      kind: 'product',
      title: 'Linen shirt',
      handle: 'linen-shirt',
      scores: { en: 94, fr: 99 },
      findings: { error: 0, warning: 1, info: 2 },
    });
  });

  it('filters by kind, check, severity and score range', async () => {
    expect(ids((await list('kind=product')).pages)).toEqual([
      gid('Product', 2),
      gid('Product', 4),
      gid('Product', 1),
    ]);
    expect(ids((await list('check=TEST-same-title')).pages)).toEqual([
      gid('Product', 4),
      gid('Product', 1),
    ]);
    // The duplicate is English only.
    expect((await list('check=TEST-same-title&language=fr')).total).toBe(0);
    expect(ids((await list('severity=info')).pages)).toEqual([
      gid('Product', 1),
      gid('Collection', 5),
    ]);
    expect(ids((await list('minScore=90&maxScore=98')).pages)).toEqual([
      gid('Product', 4),
      gid('Product', 1),
    ]);
    // In French, product 1 scores 99.
    expect(ids((await list('language=fr&minScore=95')).pages)).toEqual([
      gid('Product', 4),
      gid('Collection', 5),
      gid('Product', 1),
    ]);
  });

  it("sorts one language's scores, with every language's scores shown", async () => {
    const page = await list('language=fr&sort=score&order=desc&limit=3');
    expect(page.total).toBe(6);
    expect(page.pages.map((entry) => [entry.id, entry.scores])).toEqual([
      [gid('Product', 1), { en: 94, fr: 99 }],
      [gid('Collection', 5), { en: 99, fr: 99 }],
      [gid('Product', 4), { en: 90, fr: 95 }],
    ]);
  });

  it('searches titles in any language and handles', async () => {
    expect(ids((await list('q=LINEN')).pages).sort()).toEqual([
      gid('Product', 1),
      gid('Product', 4),
    ]);
    expect(ids((await list('q=chemise')).pages).sort()).toEqual([
      gid('Product', 1),
      gid('Product', 4),
    ]);
    // With a language, the search still reads every language's title: the list shows that
    // language's scores of the pages found.
    expect(ids((await list('q=chemise&language=en')).pages)).toEqual([
      gid('Product', 4),
      gid('Product', 1),
    ]);
    expect(ids((await list('q=shirt-blue')).pages)).toEqual([gid('Product', 4)]);
    // A wildcard of LIKE is searched as itself.
    expect((await list('q=%25')).total).toBe(0);
  });

  it("filters a language's pages of a kind by severity, score and search, sorted by that language's title", async () => {
    // French products with a warning there, scored 95 or less: product 4 ("Chemise en lin bleue",
    // 95) and product 2 ("Mug", untranslated, 80); product 1 has no warning in French.
    const filters = 'language=fr&kind=product&severity=warning&maxScore=95&sort=title';
    const all = await list(filters);
    expect(all.total).toBe(2);
    expect(ids(all.pages)).toEqual([gid('Product', 4), gid('Product', 2)]);
    expect(ids((await list(`${filters}&order=desc`)).pages)).toEqual([
      gid('Product', 2),
      gid('Product', 4),
    ]);
    const second = await list(`${filters}&offset=1&limit=1`);
    expect(second).toMatchObject({ total: 2, offset: 1 });
    expect(ids(second.pages)).toEqual([gid('Product', 2)]);
    // The search still reads every language's title: product 4 is found by its English one.
    const searched = await list(`${filters}&q=LINEN`);
    expect(searched.total).toBe(1);
    expect(searched.pages.map((entry) => [entry.id, entry.title, entry.scores])).toEqual([
      [gid('Product', 4), 'Chemise en lin bleue', { en: 90, fr: 95 }],
    ]);
    // In English both shirts have a warning and the same title: ties go by page, either way.
    const english = 'language=en&kind=product&severity=warning&maxScore=95&q=linen&sort=title';
    expect(ids((await list(english)).pages)).toEqual([gid('Product', 1), gid('Product', 4)]);
    expect(ids((await list(`${english}&order=desc`)).pages)).toEqual([
      gid('Product', 4),
      gid('Product', 1),
    ]);
  });

  it('pages through a sort by title or by findings', async () => {
    const second = await list('sort=title&offset=2&limit=2');
    expect(second).toMatchObject({ total: 6, offset: 2 });
    expect(ids(second.pages)).toEqual([gid('Product', 4), gid('Product', 2)]);
    expect(ids((await list('sort=findings&order=desc&limit=3')).pages)).toEqual([
      gid('Product', 2),
      gid('Page', 6),
      gid('Article', 8),
    ]);
  });

  it('refuses a query outside the contract', async () => {
    const response = await get(owner, `/api/v1/shops/${shopId}/seo/pages?limit=500`);
    expect(response.statusCode).toBe(400);
  });
});

describe("a page's detail", () => {
  it('counts the pages sharing a value among those it can name, not the audit’s whole group', async () => {
    const sharer = await registeredOwner(api, 'pro');
    const store = await connectedStore(api, sharer);
    await seedStoreCopy(api, store, {
      products: [
        { id: 1, title: 'Linen shirt' },
        { id: 2, title: 'Linen shirt' },
        { id: 3, title: 'Linen shirt' },
      ],
    });
    const deps = { ...seoDependencies(api), jobs: idleJobs };
    const started = await startAudit(deps, store, 'manual');
    await runAudit(deps, started!.run.id);
    // A page of the group whose result row is gone: the group's count still has it.
    await api.database.pool.query(
      'delete from seo_page_results where shop_id = $1 and page_gid = $2',
      [store, gid('Product', 3)],
    );
    const response = await get(
      sharer,
      `/api/v1/shops/${store}/seo/pages/${pagePathOf(gid('Product', 1))}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const [en] = pageDetailSchema.parse(response.json()).data.languages;
    const same = en!.findings.find((finding) => finding.checkId === 'TEST-same-title');
    expect(same).toMatchObject({
      measured: 3,
      samePages: [expect.objectContaining({ id: gid('Product', 2) })],
      samePagesTotal: 1,
    });
  });

  it('gives the page in each language with its address, texts, images and findings', async () => {
    const response = await get(
      owner,
      `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(gid('Product', 1))}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const detail = pageDetailSchema.parse(response.json()).data;
    expect(detail).toMatchObject({
      id: gid('Product', 1),
      kind: 'product',
      shopName: 'Maison Exemple',
    });
    const [en, fr] = detail.languages;
    expect(en).toMatchObject({
      language: 'en',
      primary: true,
      url: 'https://boutique.example/products/linen-shirt',
      score: 94,
      title: 'Linen shirt',
      seoTitle: 'Linen shirt | Maison',
      bodyHasText: true,
      titleTranslation: null,
      images: [
        { id: gid('MediaImage', 11), alt: 'Linen shirt, front', url: 'https://cdn.example/11.jpg' },
        { id: gid('MediaImage', 12), alt: null, url: 'https://cdn.example/12.jpg' },
      ],
    });
    expect(en!.findings).toHaveLength(2);
    // The duplicate title names the other page that carries it, for the detail to link to.
    expect(en!.findings.find((finding) => finding.checkId === 'TEST-same-title')).toMatchObject({
      measured: 2,
      samePages: [
        {
          id: gid('Product', 4),
          kind: 'product',
          title: 'Linen shirt',
          handle: 'linen-shirt-blue',
        },
      ],
    });
    expect(en!.findings.find((finding) => finding.checkId === 'TEST-same-title')).toMatchObject({
      samePagesTotal: 1,
    });
    expect(en!.findings.filter((finding) => finding.samePages !== undefined)).toHaveLength(1);
    expect(fr).toMatchObject({
      language: 'fr',
      primary: false,
      url: 'https://boutique.example/fr/products/linen-shirt',
      score: 99,
      title: 'Chemise en lin',
      seoTitle: 'Chemise en lin | Maison',
      bodyHasText: true,
      titleTranslation: { source: 'Linen shirt', value: 'Chemise en lin', outdated: false },
      images: [
        { id: gid('MediaImage', 11), alt: 'Chemise en lin, devant' },
        { id: gid('MediaImage', 12), alt: null },
      ],
      findings: [
        {
          checkId: 'TEST-no-alt',
          severity: 'info',
          language: 'fr',
          field: `image:${gid('MediaImage', 12)}`,
        },
      ],
    });
  });

  it('answers 404 for a page the audit does not hold', async () => {
    const response = await get(
      owner,
      `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(gid('Product', 999))}`,
    );
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('not_found');
  });
});

describe('an audit on demand', () => {
  it('queues one run, answers it again while it waits, and runs it', async () => {
    const start = () =>
      api.app.inject({
        method: 'POST',
        url: `/api/v1/shops/${shopId}/seo/audits`,
        headers: bearer(owner.idToken),
      });
    // The store's first audit, on request too, ended long enough ago for another.
    await api.database.pool.query(
      `update seo_audit_runs set finished_at = now() - interval '1 hour' where shop_id = $1`,
      [shopId],
    );
    const first = await start();
    expect(first.statusCode, first.body).toBe(202);
    const run = startAuditSchema.parse(first.json()).data;
    expect(run).toMatchObject({ trigger: 'manual', state: 'queued', pageLimit: 10_000 });

    const second = await start();
    expect(second.statusCode).toBe(200);
    expect(startAuditSchema.parse(second.json()).data.id).toBe(run.id);
    expect(heldAudits).toEqual([{ runId: run.id }]);

    // Let the job run, with the product's own checks.
    holdAudits = false;
    await api.jobs.send(seoAuditJob, heldAudits.pop()!);
    await waitUntil(async () => {
      const overview = seoOverviewSchema.parse(
        (await get(owner, `/api/v1/shops/${shopId}/seo`)).json(),
      );
      return overview.data.lastRun?.id === run.id && overview.data.lastRun.state === 'done';
    });
    const overview = seoOverviewSchema.parse(
      (await get(owner, `/api/v1/shops/${shopId}/seo`)).json(),
    );
    expect(overview.data.lastRun).toMatchObject({
      pagesAudited: 6,
      progress: { done: 6, total: 6 },
    });
    expect(overview.data.languages[0]!.trend).toHaveLength(2);
  });
});
