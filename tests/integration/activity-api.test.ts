import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityListSchema, type ActivityList } from '#shared/schemas/activity.ts';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import { dashboardSchema } from '#shared/schemas/dashboard.ts';
import { pagePathOf } from '#shared/schemas/seo.ts';
import { recordActivity } from '#server/areas/activity/index.ts';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
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
import { gid, seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';
import { testShopifyApp } from '../support/shops-test-support.ts';

/**
 * The account's activity through the API: what the areas record as they act (an audit with its
 * scores, changes approved, a store disconnected), newest first, paged on the server, each entry
 * saying who or what did it; the owner's own only.
 */

let api: ApiTestContext;
let idleJobs: JobQueue;

beforeAll(async () => {
  api = await startApiForTests({ shopify: testShopifyApp(), workers: false });
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

function request(
  owner: TestUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return api.app.inject({
    method,
    url,
    headers: bearer(owner.idToken),
    ...(payload !== undefined && { payload }),
  });
}

async function activityOf(owner: TestUser, query = ''): Promise<ActivityList> {
  const response = await request(owner, 'GET', `/api/v1/activity${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return activityListSchema.parse(response.json()).data;
}

describe('the activity', () => {
  it('tells what the areas did, newest first, with who did it and the audit’s scores', async () => {
    const owner = await registeredOwner(api, 'business');
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, {
      products: [
        { id: 1, title: 'Linen shirt' },
        { id: 2, title: 'Mug' },
      ],
    });
    const deps = { ...seoDependencies(api, { checks: checkCatalogue }), jobs: idleJobs };
    const started = await startAudit(deps, shopId, 'manual');
    expect(await runAudit(deps, started!.run.id)).toBe('done');

    const draft = await request(
      owner,
      'PUT',
      `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(gid('Product', 2))}/draft`,
      { language: 'en', field: 'seoTitle', targetId: gid('Product', 2), value: 'A mug for tea' },
    );
    expect(draft.statusCode, draft.body).toBe(200);
    const approved = await request(owner, 'POST', `/api/v1/shops/${shopId}/seo/changes/approve`, {
      changeIds: [(draft.json() as { data: { id: string } }).data.id],
    });
    expect(approved.statusCode, approved.body).toBe(202);

    const { entries, total } = await activityOf(owner);
    expect(total).toBe(2);
    expect(entries.map((entry) => [entry.kind, entry.actor])).toEqual([
      ['changes.approved', 'owner'],
      ['audit.finished', 'owner'],
    ]);
    expect(entries[0]!.details.count).toBe(1);
    expect(entries[0]!.shopConnected).toBe(true);
    // The audit's entry gives each language's score, as the dashboard does.
    const dashboard = dashboardSchema.parse(
      (await request(owner, 'GET', '/api/v1/dashboard')).json(),
    ).data;
    expect(entries[1]!.details.scores).toEqual(
      dashboard.store!.languages.map(({ language, score }) => ({ language, score, change: null })),
    );

    // Another owner sees none of it.
    expect((await activityOf(await registeredOwner(api))).total).toBe(0);

    // A store disconnected stays in the timeline, by its address, with no link to it.
    const disconnected = await request(owner, 'DELETE', `/api/v1/shops/${shopId}`);
    expect(disconnected.statusCode, disconnected.body).toBe(200);
    const after = await activityOf(owner);
    expect(after.entries[0]).toMatchObject({ kind: 'store.disconnected', actor: 'owner' });
    expect(after.entries.every((entry) => !entry.shopConnected)).toBe(true);
    expect(after.entries.every((entry) => entry.shopDomain?.endsWith('.myshopify.com'))).toBe(true);
  });

  it('gathers the pages Shopify changed, audited again within the hour, in one entry with the score they moved', async () => {
    const owner = await registeredOwner(api, 'business');
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, {
      products: [
        { id: 1, title: 'Linen shirt', seoTitle: 'Linen shirt | Maison' },
        { id: 2, title: 'Mug' },
        { id: 3, title: 'Scarf' },
      ],
    });
    const deps = { ...seoDependencies(api, { checks: checkCatalogue }), jobs: idleJobs };
    const started = await startAudit(deps, shopId, 'manual');
    expect(await runAudit(deps, started!.run.id)).toBe('done');
    const englishScore = async () =>
      dashboardSchema
        .parse((await request(owner, 'GET', '/api/v1/dashboard')).json())
        .data.store!.languages.find((language) => language.language === 'en')!.score!;
    const scoreAfterAudit = await englishScore();

    // The owner gives two products a search title in Shopify, one webhook after the other.
    for (const [id, seoTitle] of [
      [2, 'Stoneware mug for tea | Maison'],
      [3, 'Soft wool scarf | Maison'],
    ] as const) {
      await api.database.pool.query(
        'update catalog_products set seo_title = $3 where shop_id = $1 and gid = $2',
        [shopId, gid('Product', id), seoTitle],
      );
      await auditChangedPages(deps, shopId, [gid('Product', id)]);
    }
    const scoreNow = await englishScore();
    expect(scoreNow).not.toBe(scoreAfterAudit);

    // Pages Vitrine wrote itself are told by the changes written, not again here.
    await auditChangedPages(deps, shopId, [gid('Product', 1)], 'written');

    const { entries } = await activityOf(owner);
    expect(entries.map((entry) => [entry.kind, entry.actor])).toEqual([
      ['pages.audited', 'shopify-webhook'],
      ['audit.finished', 'owner'],
    ]);
    expect(entries[0]!.details.count).toBe(2);
    expect(entries[0]!.details.scores).toContainEqual({
      language: 'en',
      score: scoreNow,
      change: scoreNow - scoreAfterAudit,
    });

    // An hour later, a change starts an entry of its own.
    await api.database.pool.query(
      `update activity_entries set at = at - interval '61 minutes' where shop_id = $1`,
      [shopId],
    );
    await api.database.pool.query(
      'update catalog_products set title = $3 where shop_id = $1 and gid = $2',
      [shopId, gid('Product', 2), 'Stoneware mug'],
    );
    await auditChangedPages(deps, shopId, [gid('Product', 2)]);
    const later = await activityOf(owner);
    expect(later.entries.map((entry) => [entry.kind, entry.details.count])).toEqual([
      ['pages.audited', 1],
      ['pages.audited', 2],
      ['audit.finished', undefined],
    ]);
  });

  it('pages on the server, newest first', async () => {
    const owner = await registeredOwner(api);
    for (let index = 0; index < 35; index++) {
      await recordActivity(api.database.db, {
        ownerUid: owner.uid,
        kind: 'payment.succeeded',
        actor: 'stripe',
        details: { plan: 'pro', count: index },
      });
    }
    const first = await activityOf(owner);
    expect(first.total).toBe(35);
    expect(first.entries).toHaveLength(30);
    expect(first.entries[0]!.details.count).toBe(34);
    const second = await activityOf(owner, '?offset=30');
    expect(second.entries.map((entry) => entry.details.count)).toEqual([4, 3, 2, 1, 0]);
    expect((await request(owner, 'GET', '/api/v1/activity?limit=0')).statusCode).toBe(400);
  });
});
