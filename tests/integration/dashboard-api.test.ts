import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import { severityWeights } from '#shared/seo/scores.ts';
import { dashboardSchema, type Dashboard } from '#shared/schemas/dashboard.ts';
import { emptyPostContent } from '#shared/schemas/blog.ts';
import { seoOverviewSchema } from '#shared/schemas/seo.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import {
  bearer,
  createTestJobQueue,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import {
  gid,
  seedStoreCopy,
  seoDependencies,
  type SeededStore,
} from '../support/seo-test-support.ts';

/**
 * The dashboard through the API: one call gives the way to value ticked from the account's state,
 * the plan's usage and the chosen store summed up from the audit, the changes and the blog, with the
 * same figures as the screens that hold them.
 */

let api: ApiTestContext;
let idleJobs: JobQueue;
let deps: SeoDependencies;

beforeAll(async () => {
  api = await startApiForTests();
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
  deps = { ...seoDependencies(api, { checks: checkCatalogue }), jobs: idleJobs };
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

function call(owner: TestUser, url: string, payload?: unknown): Promise<LightMyRequestResponse> {
  return api.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url,
    headers: bearer(owner.idToken),
    ...(payload !== undefined && { payload: payload as object }),
  });
}

async function dashboardOf(owner: TestUser, shopId?: string): Promise<Dashboard> {
  const response = await call(
    owner,
    `/api/v1/dashboard${shopId === undefined ? '' : `?shopId=${shopId}`}`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return dashboardSchema.parse(response.json()).data;
}

const boutique: SeededStore = {
  products: [
    { id: 1, title: 'Linen shirt', seoTitle: 'Linen shirt | Maison' },
    { id: 2, title: 'Mug' },
    { id: 4, title: 'Linen shirt', handle: 'linen-shirt-blue' },
  ],
  pages: [{ id: 6, title: 'About us' }],
  translations: [[gid('Product', 1), 'fr', 'title', 'Chemise en lin']],
};

async function auditNow(shopId: string): Promise<void> {
  const started = await startAudit(deps, shopId, 'manual');
  expect(await runAudit(deps, started!.run.id)).toBe('done');
}

describe('the dashboard', () => {
  it('before a store: the way to value, nothing ticked but what is done, and the plan', async () => {
    const owner = await registeredOwner(api);
    const dashboard = await dashboardOf(owner);
    expect(dashboard.store).toBeNull();
    expect(dashboard.checklist).toMatchObject({
      storeConnected: false,
      auditRead: false,
      fixApproved: false,
      postPublished: false,
    });
    expect(dashboard.plan).toBe('free');
    expect(dashboard.usage.stores).toEqual({ used: 0, limit: 1 });
    expect(dashboard.usage.postsThisMonth).toEqual({ used: 0, limit: 2 });
    expect(dashboard.usage.monthResetsOn).toBeNull();
  });

  it('with an audited store: its scores as /seo gives them, what to fix first, and the debt', async () => {
    const owner = await registeredOwner(api, 'business');
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, boutique);
    await auditNow(shopId);

    const first = await dashboardOf(owner);
    expect(first.checklist).toMatchObject({ storeConnected: true, auditRead: true });
    const store = first.store!;
    expect(store.shopId).toBe(shopId);
    const overview = seoOverviewSchema.parse(
      (await call(owner, `/api/v1/shops/${shopId}/seo`)).json(),
    ).data;
    for (const language of store.languages) {
      const seo = overview.languages.find((entry) => entry.language === language.language)!;
      expect(language.score).toBe(seo.score);
      // The headline figure and the trend's last point are the same number.
      expect(language.trend.at(-1)?.score).toBe(language.score);
      expect(language.change).toBeNull();
    }
    expect(store.languages.map((language) => language.language)).toEqual(['en', 'fr']);

    // Ranked by pages × weight, each as /seo counts its pages.
    expect(store.fixNext.length).toBeGreaterThan(0);
    expect(store.fixNext.length).toBeLessThanOrEqual(5);
    for (const action of store.fixNext) {
      const seo = overview.languages
        .find((entry) => entry.language === action.language)!
        .findingsByCheck.find((check) => check.checkId === action.checkId)!;
      expect(action.pages).toBe(seo.pages);
      expect(action.weight).toBe(seo.pages * severityWeights[seo.severity]);
    }
    const weights = store.fixNext.map((action) => action.weight);
    expect(weights).toEqual([...weights].sort((a, b) => b - a));

    // Products 2 and 4 have no French title, product 1 has one.
    expect(store.translationDebt?.language).toBe('fr');
    const products = store.translationDebt!.kinds.find((kind) => kind.kind === 'product')!;
    expect(products.missing).toBeGreaterThanOrEqual(2);
    expect(products.fields).toBeGreaterThan(products.missing);

    await auditNow(shopId);
    const second = (await dashboardOf(owner)).store!;
    for (const language of second.languages) {
      expect(language.change).toBe(0);
      expect(language.trend.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('sums up the changes and the blog, and ticks the checklist from them', async () => {
    const owner = await registeredOwner(api, 'business');
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, {
      products: [{ id: 1, title: 'Linen shirt', handle: 'linen-shirt' }],
    });
    const change = (state: string, errorCode: string | null, approved: boolean) =>
      api.database.pool.query(
        `insert into seo_changes (shop_id, page_gid, page_kind, page_title, language, field,
           target_id, value, state, error_code, created_by, approved_by, approved_at)
         values ($1, $2, 'product', 'Linen shirt', 'en', 'seoTitle', $2, 'A title', $3, $4, $5,
           $6, $7)`,
        [
          shopId,
          gid('Product', 1),
          state,
          errorCode,
          owner.uid,
          approved ? owner.uid : null,
          approved ? new Date() : null,
        ],
      );
    await change('draft', null, false);
    expect((await dashboardOf(owner)).checklist.fixApproved).toBe(false);
    await change('failed', 'shopify_rejected_value', true);
    await change('failed', 'shopify_rejected_value', true);
    await change('conflict', null, true);

    const post = async (title: string, bodyHtml: string) => {
      const content = emptyPostContent('Ana');
      content.languages.en = { ...content.languages.en, title, bodyHtml };
      const response = await call(owner, `/api/v1/shops/${shopId}/blog/posts`, { content });
      expect(response.statusCode).toBe(201);
    };
    await post('Care guide', '<p>See the <a href="/products/linen-shirt">shirt</a>.</p>');
    await post('Old links', '<p>See the <a href="/products/gone-for-good">scarf</a>.</p>');

    const dashboard = await dashboardOf(owner);
    expect(dashboard.checklist.fixApproved).toBe(true);
    expect(dashboard.checklist.postPublished).toBe(false);
    const { changes, blog } = dashboard.store!;
    expect(changes).toMatchObject({ drafts: 1, writing: 0, conflicts: 1, recentUndos: 0 });
    expect(changes.failures).toEqual([{ errorCode: 'shopify_rejected_value', count: 2 }]);
    expect(blog.drafts).toBe(2);
    expect(blog.brokenLinks.map((entry) => entry.title)).toEqual(['Old links']);
    expect(blog.timeZone).toBe('Europe/Paris');
  });

  it('counts the posts of the month in the plan’s usage, with the day it starts again', async () => {
    const owner = await registeredOwner(api);
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, {});
    const month = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Paris',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const counted = () =>
      api.database.pool.query(
        'insert into blog_counted_posts (shop_id, post_id, month) values ($1, $2, $3)',
        [shopId, randomUUID(), month],
      );
    await counted();
    let dashboard = await dashboardOf(owner);
    expect(dashboard.usage.postsThisMonth).toEqual({ used: 1, limit: 2 });
    // The store is the one a Free plan allows: that limit is reached, and Pro connects no more
    // stores than Free; Business does. One post of two is not near its limit.
    expect(dashboard.nearLimits).toEqual([{ limit: 'stores', plan: 'business' }]);
    const [year, monthNumber] = month.split('-').map(Number) as [number, number];
    expect(dashboard.usage.monthResetsOn).toBe(
      monthNumber === 12
        ? `${year + 1}-01-01`
        : `${year}-${String(monthNumber + 1).padStart(2, '0')}-01`,
    );
    await counted();
    dashboard = await dashboardOf(owner);
    expect(dashboard.usage.postsThisMonth.used).toBe(2);
    // Two posts of two: Pro publishes more of them.
    expect(dashboard.nearLimits).toEqual([
      { limit: 'stores', plan: 'business' },
      { limit: 'blogPostsPerMonth', plan: 'pro' },
    ]);
  });

  it('shows only the caller’s stores', async () => {
    const owner = await registeredOwner(api);
    const other = await registeredOwner(api);
    const theirs = await connectedStore(api, other);
    const mine = await connectedStore(api, owner);
    const dashboard = await dashboardOf(owner, theirs);
    expect(dashboard.store?.shopId).toBe(mine);
    expect((await call(owner, '/api/v1/dashboard?shopId=not-a-store')).statusCode).toBe(400);
  });
});
