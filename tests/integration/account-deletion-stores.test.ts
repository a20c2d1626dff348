import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountDeletionJob } from '#server/areas/account/account-deletion-job.ts';
import { orphanedStoresSweepJob } from '#server/areas/account/orphaned-stores-sweep-job.ts';
import { queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import { storeCatalog } from '#server/workers.ts';
import { changeResponseSchema } from '#shared/schemas/seo-changes.ts';
import { pagePathOf, seoOverviewSchema } from '#shared/schemas/seo.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';
import {
  connectedStore,
  connectThroughShopify,
  registeredOwner,
  startedAuthorization,
  storeConnectedToLocalShopify,
} from '../support/owners-and-stores.ts';
import {
  testShopifyApp,
  testShopTokens,
  uniqueShopDomain,
  waitUntil,
} from '../support/shops-test-support.ts';

/**
 * An account deleted with its store connected, against the local Shopify and the product's own
 * catalog, audit and changes: the store is disconnected as its owner would disconnect it, the app
 * removed at Shopify, and nothing of it is left to keep its owner, under a new account, from
 * connecting it again.
 */

// A store of its own: a store connects to one account only, across the test files' database.
const deletedStoreName = 'compte-supprime';

let shopify: TestShopify;
let api: ApiTestContext;

beforeAll(async () => {
  shopify = await startTestShopify({ stores: [{ name: deletedStoreName, products: 3 }] });
  api = await startApiForTests({ shopify: testShopifyApp(shopify.url), shopCatalog: 'product' });
}, 60_000);

/** A test that failed part-way leaves the store connected: the next one starts from a free store. */
afterEach(async () => {
  await api.database.pool.query('delete from shops where shop_domain = $1', [shopify.shopDomain]);
  await shopify.control('POST', 'uninstall');
});

afterAll(async () => {
  await api?.close();
  await shopify?.stop();
});

/**
 * How many rows of the store there are in `shops` and in each table with a `shop_id` column, the
 * tables named.
 */
async function rowsOfStore(shopId: string): Promise<Record<string, number>> {
  const tables = await api.database.pool.query<{ table_name: string }>(
    `select table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'shop_id' order by table_name`,
  );
  const shops = await api.database.pool.query('select 1 from shops where id = $1', [shopId]);
  const counts: Record<string, number> = { shops: shops.rowCount ?? 0 };
  for (const { table_name: table } of tables.rows) {
    const result = await api.database.pool.query<{ rows: number }>(
      `select count(*)::int as rows from "${table}" where shop_id = $1`,
      [shopId],
    );
    counts[table] = result.rows[0]!.rows;
  }
  return counts;
}

async function overviewOf(owner: TestUser, shopId: string) {
  const response = await api.app.inject({
    method: 'GET',
    url: `/api/v1/shops/${shopId}/seo`,
    headers: bearer(owner.idToken),
  });
  return seoOverviewSchema.parse(response.json()).data;
}

/** A draft of a new SEO title for the first product of the store's copy. */
async function draftedChange(owner: TestUser, shopId: string): Promise<void> {
  const product = await api.database.pool.query<{ gid: string }>(
    'select gid from catalog_products where shop_id = $1 order by gid limit 1',
    [shopId],
  );
  const page = product.rows[0]!.gid;
  const response = await api.app.inject({
    method: 'PUT',
    url: `/api/v1/shops/${shopId}/seo/pages/${pagePathOf(page)}/draft`,
    headers: bearer(owner.idToken),
    payload: { language: 'en', field: 'seoTitle', targetId: page, value: 'A title kept a while' },
  });
  expect(response.statusCode, response.body).toBe(200);
  changeResponseSchema.parse(response.json());
}

async function installation(): Promise<{ installed: boolean }> {
  const response = await shopify.control<{ installed: boolean }>('GET', 'installation');
  expect(response.status).toBe(200);
  return response.body;
}

describe('deleting an account with a connected store', () => {
  it('disconnects the store: the app removed at Shopify, its copy, audit, changes, authorizations and row deleted, and its owner can connect it again', async () => {
    const owner = await registeredOwner(api);
    const shopId = await storeConnectedToLocalShopify(api, shopify, owner);
    // Imported, then audited in full, by the workers; then a change drafted by the owner.
    await queueCatalogImport({ db: api.database.db, jobs: api.jobs }, shopId);
    await waitUntil(
      async () => (await overviewOf(owner, shopId)).lastRun?.state === 'done',
      60_000,
    );
    await draftedChange(owner, shopId);
    // An authorization started and never completed.
    await startedAuthorization(api, shopify, owner);
    const statesOf = async (uid: string) =>
      (await api.database.pool.query('select 1 from shop_oauth_states where uid = $1', [uid]))
        .rowCount;
    expect(await statesOf(owner.uid)).toBe(1);
    const before = await rowsOfStore(shopId);
    for (const table of ['shops', 'catalog_products', 'seo_changes']) {
      expect(before[table], table).toBeGreaterThan(0);
    }
    // The audit's own tables hold the store's findings too.
    expect(
      Object.keys(before).filter((table) => /audit|finding/.test(table) && before[table]! > 0),
    ).not.toEqual([]);

    const response = await api.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/delete',
      headers: bearer(owner.idToken),
    });

    expect(response.statusCode).toBe(204);
    const stores = await api.database.pool.query('select 1 from shops where owner_uid = $1', [
      owner.uid,
    ]);
    expect(stores.rowCount).toBe(0);
    const left = Object.entries(await rowsOfStore(shopId)).filter(([, rows]) => rows > 0);
    expect(left).toEqual([]);
    expect(await statesOf(owner.uid)).toBe(0);
    expect(await installation()).toMatchObject({ installed: false });

    // The same person signs up again: a new account, which connects the same store.
    const again = await registeredOwner(api);
    const connected = await connectThroughShopify(api, shopify, again);

    expect(connected.statusCode, connected.body).toBe(200);
    expect(await installation()).toMatchObject({ installed: true });
    const reconnected = connected.json<{ data: { shopId: string } }>().data.shopId;
    const disconnected = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${reconnected}`,
      headers: bearer(again.idToken),
    });
    expect(disconnected.statusCode).toBe(200);
  }, 120_000);

  it('leaves a store Shopify cannot answer about to the job, which disconnects it once Shopify answers', async () => {
    const owner = await registeredOwner(api);
    const shopId = await storeConnectedToLocalShopify(api, shopify, owner);
    // Shopify down for the inline deletion: every call to it fails, as an unreachable Shopify does.
    const unreachable = await startApiForTests({ shopCatalog: 'product' });
    try {
      const response = await unreachable.app.inject({
        method: 'DELETE',
        url: '/api/v1/account/delete',
        headers: bearer(owner.idToken),
      });

      expect(response.statusCode).toBe(202);
      // The store is kept, with its tokens: the app can still be removed once Shopify answers.
      const kept = await api.database.pool.query<{ status: string }>(
        'select status from shops where id = $1',
        [shopId],
      );
      expect(kept.rows).toEqual([{ status: 'active' }]);
      expect(await installation()).toMatchObject({ installed: true });
    } finally {
      await unreachable.close();
    }

    // This API's workers reach the local Shopify: the job, queued again here, finishes the deletion.
    await api.jobs.send(accountDeletionJob, { uid: owner.uid });
    await waitUntil(async () => (await rowsOfStore(shopId)).shops === 0, 20_000);
    expect(await installation()).toMatchObject({ installed: false });
    expect(await api.identity.findUser(owner.uid)).toBeNull();
  }, 60_000);
});

describe('the sweep of stores whose owner has no account', () => {
  it('disconnects them as a deletion would, and leaves the stores of existing accounts', async () => {
    const owner = await registeredOwner(api);
    const orphan = await storeConnectedToLocalShopify(api, shopify, owner);
    const neighbour = await registeredOwner(api);
    const kept = await connectedStore(api, neighbour, uniqueShopDomain('voisine'));
    // Connected a while ago, then the account went without its stores, as deletions once left them.
    await api.database.pool.query(
      "update shops set connected_at = now() - interval '3 hours' where id = $1",
      [orphan],
    );
    await api.database.pool.query('delete from accounts where uid = $1', [owner.uid]);
    const newcomer = await registeredOwner(api);
    const refused = await connectThroughShopify(api, shopify, newcomer);
    expect(errorOf(refused).code).toBe('shop_connected_elsewhere');

    await orphanedStoresSweepJob.handle(
      {
        id: 'sweep',
        payload: {},
        retryCount: 0,
        retry: orphanedStoresSweepJob.retry,
        lastAttempt: true,
      },
      {
        db: api.database.db,
        stores: {
          shopify: testShopifyApp(shopify.url),
          shopTokens: testShopTokens,
          catalog: storeCatalog({ db: api.database.db, jobs: api.jobs }),
        },
        log: { info: () => {}, warn: () => {} },
      },
    );

    expect((await rowsOfStore(orphan)).shops).toBe(0);
    expect(await installation()).toMatchObject({ installed: false });
    expect((await rowsOfStore(kept)).shops).toBe(1);
    const connected = await connectThroughShopify(api, shopify, newcomer);
    expect(connected.statusCode, connected.body).toBe(200);
    const reconnected = connected.json<{ data: { shopId: string } }>().data.shopId;
    const disconnected = await api.app.inject({
      method: 'DELETE',
      url: `/api/v1/shops/${reconnected}`,
      headers: bearer(newcomer.idToken),
    });
    expect(disconnected.statusCode).toBe(200);
  });
});
