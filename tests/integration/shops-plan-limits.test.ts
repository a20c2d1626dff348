import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planStateOf } from '#server/areas/billing/plan-state.ts';
import { seoAuditJob } from '#server/areas/seo/seo-audit-job.ts';
import { keepStoreActive } from '#server/areas/shops/keep-store-active.ts';
import { sessionBindingHeader } from '#server/http/session-binding.ts';
import type { JobDefinition, JobQueue } from '#server/jobs/job-queue.ts';
import { shopListSchema } from '#shared/schemas/shops.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { subscribeToPlan } from '../support/billing-plans.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import {
  recordingCatalog,
  testShopifyApp,
  uniqueShopDomain,
} from '../support/shops-test-support.ts';

/**
 * The plan's store limit where it is used: the plan comes from billing's subscriptions, a store
 * beyond the limit is paused (its data readable, nothing synced or audited) with the owner choosing
 * which stays active, and every refusal names the limit and the plan that lifts it.
 */

let api: ApiTestContext;
/** Audits the API queued; never run here, the tests only ask whether one was queued. */
const queuedAudits: Array<{ runId: string }> = [];

beforeAll(async () => {
  api = await startApiForTests({
    shopify: testShopifyApp(),
    shopCatalog: recordingCatalog(),
    wrapJobs: (jobs) => ({
      ...jobs,
      send: async <Payload>(
        job: JobDefinition<Payload, never>,
        payload: Payload,
        options?: Parameters<JobQueue['send']>[2],
      ) => {
        if (job.name === seoAuditJob.name) {
          queuedAudits.push(payload as { runId: string });
          return 'held';
        }
        return jobs.send(job, payload, options);
      },
    }),
  });
});

afterAll(async () => {
  await api?.close();
});

async function storesOf(owner: TestUser) {
  const response = await api.app.inject({
    method: 'GET',
    url: '/api/v1/shops',
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return shopListSchema.parse(response.json()).data;
}

const pausedOf = (list: Awaited<ReturnType<typeof storesOf>>) =>
  Object.fromEntries(list.shops.map((shop) => [shop.id, shop.paused]));

function keepActive(owner: TestUser, shopId: string) {
  return api.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${shopId}/keep-active`,
    headers: bearer(owner.idToken),
  });
}

function auditNow(owner: TestUser, shopId: string) {
  return api.app.inject({
    method: 'POST',
    url: `/api/v1/shops/${shopId}/seo/audits`,
    headers: bearer(owner.idToken),
  });
}

function startConnecting(owner: TestUser, shop: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations',
    headers: { ...bearer(owner.idToken), [sessionBindingHeader]: randomBytes(32).toString('hex') },
    payload: { shop },
  });
}

/** Three stores connected a day apart, the first one first. */
async function threeStores(owner: TestUser): Promise<[string, string, string]> {
  const first = await connectedStore(api, owner, uniqueShopDomain('first'), 'active', day(3));
  const second = await connectedStore(api, owner, uniqueShopDomain('second'), 'active', day(2));
  const third = await connectedStore(api, owner, uniqueShopDomain('third'), 'active', day(1));
  return [first, second, third];
}

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);

describe('a downgrade from Business with three stores to Pro', () => {
  it('keeps the first store active and pauses the two others, data kept', async () => {
    const owner = await registeredOwner(api, 'business');
    const [first, second, third] = await threeStores(owner);
    expect(Object.values(pausedOf(await storesOf(owner)))).toEqual([false, false, false]);

    await subscribeToPlan(api.database.db, owner.uid, 'pro');

    const list = await storesOf(owner);
    expect({ plan: list.plan, maxStores: list.maxStores }).toEqual({ plan: 'pro', maxStores: 1 });
    expect(pausedOf(list)).toEqual({ [first]: false, [second]: true, [third]: true });
  });

  it('switches the active store to the one the owner keeps active, and back', async () => {
    const owner = await registeredOwner(api, 'business');
    const [first, second, third] = await threeStores(owner);
    await subscribeToPlan(api.database.db, owner.uid, 'pro');

    const kept = await keepActive(owner, third);

    expect(kept.statusCode, kept.body).toBe(200);
    expect(pausedOf(shopListSchema.parse(kept.json()).data)).toEqual({
      [first]: true,
      [second]: true,
      [third]: false,
    });
    expect(pausedOf(await storesOf(owner))).toEqual({
      [first]: true,
      [second]: true,
      [third]: false,
    });

    // What billing calls when a downgrade names the store to keep: the newest choice wins.
    await keepStoreActive(api.database.db, owner.uid, second);
    expect(pausedOf(await storesOf(owner))).toEqual({
      [first]: true,
      [second]: false,
      [third]: true,
    });
  });

  it("answers 404 for another owner's store, and leaves it as it was", async () => {
    const owner = await registeredOwner(api, 'business');
    const [first, second] = await threeStores(owner);
    await subscribeToPlan(api.database.db, owner.uid, 'pro');
    const stranger = await registeredOwner(api);

    const response = await keepActive(stranger, second);

    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('shop_not_found');
    expect(pausedOf(await storesOf(owner))).toMatchObject({ [first]: false, [second]: true });
  });

  it('refuses Audit now on a paused store, naming the plan that lifts the limit, and keeps its audit readable', async () => {
    const owner = await registeredOwner(api, 'business');
    const [first, second] = await threeStores(owner);
    await subscribeToPlan(api.database.db, owner.uid, 'pro');
    const queuedBefore = queuedAudits.length;

    const refused = await auditNow(owner, second);

    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ error: object }>().error).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'stores',
      plan: 'business',
    });
    expect(queuedAudits.length).toBe(queuedBefore);
    const overview = await api.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${second}/seo`,
      headers: bearer(owner.idToken),
    });
    expect(overview.statusCode).toBe(200);

    // The active store is audited as before.
    expect((await auditNow(owner, first)).statusCode).toBe(202);
    expect(queuedAudits.length).toBe(queuedBefore + 1);
  });

  it('brings every store back with an upgrade to Business', async () => {
    const owner = await registeredOwner(api, 'business');
    const [, second] = await threeStores(owner);
    await subscribeToPlan(api.database.db, owner.uid, 'pro');
    expect((await auditNow(owner, second)).statusCode).toBe(403);

    await subscribeToPlan(api.database.db, owner.uid, 'business');

    expect(Object.values(pausedOf(await storesOf(owner)))).toEqual([false, false, false]);
    expect((await auditNow(owner, second)).statusCode).toBe(202);
  });
});

describe('a subscription past due', () => {
  it("keeps its plan during the grace period, then Free's limits apply: one store active, no new store", async () => {
    const owner = await registeredOwner(api);
    const [first, second] = await threeStores(owner);
    const subscription = await subscribeToPlan(api.database.db, owner.uid, 'business', {
      status: 'past_due',
      pastDueSince: day(2),
    });
    expect((await storesOf(owner)).plan).toBe('business');
    expect(
      (await planStateOf(api.database.db, owner.uid, new Date(Date.now() + 6 * 86_400_000))).plan,
    ).toBe('free');

    await api.database.pool.query(
      'update billing_subscriptions set past_due_since = $2 where stripe_subscription_id = $1',
      [subscription, day(8)],
    );

    const list = await storesOf(owner);
    expect({ plan: list.plan, maxStores: list.maxStores }).toEqual({ plan: 'free', maxStores: 1 });
    expect(pausedOf(list)).toMatchObject({ [first]: false, [second]: true });
    const another = await startConnecting(owner, uniqueShopDomain('fourth'));
    expect(another.statusCode).toBe(403);
    // Four stores: only Business connects that many.
    expect(another.json<{ error: object }>().error).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'stores',
      plan: 'business',
    });
  });

  it('names no plan when none allows the stores needed', async () => {
    const owner = await registeredOwner(api, 'business');
    for (let index = 0; index < 5; index += 1) {
      await connectedStore(api, owner, uniqueShopDomain(`store${index}`));
    }

    const response = await startConnecting(owner, uniqueShopDomain('sixth'));

    expect(response.statusCode).toBe(403);
    const error = response.json<{ error: Record<string, unknown> }>().error;
    expect(error).toMatchObject({ code: 'plan_limit_reached', limit: 'stores' });
    expect(error).not.toHaveProperty('plan');
  });
});
