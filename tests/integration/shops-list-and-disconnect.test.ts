import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import {
  recordingCatalog,
  testShopifyApp,
  uniqueShopDomain,
  type RecordingCatalog,
} from '../support/shops-test-support.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';

/**
 * The owner's list of stores and their disconnection, with a Shopify that cannot be reached: the
 * list composes each connection with what the catalog says of its copy, and disconnecting does not
 * depend on Shopify confirming the app's removal.
 */

let api: ApiTestContext;
let catalog: RecordingCatalog;
const shopify = testShopifyApp();

beforeAll(async () => {
  catalog = recordingCatalog();
  api = await startApiForTests({ shopify, shopCatalog: catalog });
});

afterAll(async () => {
  await api?.close();
});

function list(owner: TestUser) {
  return api.app.inject({ method: 'GET', url: '/api/v1/shops', headers: bearer(owner.idToken) });
}

function disconnect(owner: TestUser, shopId: string) {
  return api.app.inject({
    method: 'DELETE',
    url: `/api/v1/shops/${shopId}`,
    headers: bearer(owner.idToken),
  });
}

const counts = {
  products: 300,
  collections: 12,
  pages: 8,
  blogs: 1,
  articles: 20,
  media: 410,
  translations: 900,
};

describe('the list of stores', () => {
  it("shows each store's connection with its copy, and the plan's limit", async () => {
    const owner = await registeredOwner(api, 'business');
    const ready = await connectedStore(api, owner, uniqueShopDomain('ready'));
    const fresh = await connectedStore(api, owner, uniqueShopDomain('fresh'));
    const removed = await connectedStore(api, owner, uniqueShopDomain('removed'), 'uninstalled');
    catalog.copies.set(ready, {
      phase: 'ready',
      errorCode: null,
      progress: null,
      counts,
      partialCopy: [{ kind: 'products', copied: 300, total: 6000 }],
      name: 'Maison Exemple',
      primaryDomain: 'maison-exemple.fr',
      currency: 'EUR',
      timeZone: 'Europe/Paris',
      locales: [],
      lastSyncedAt: '2026-11-21T08:00:00.000Z',
    });

    const response = await list(owner);

    expect(response.statusCode).toBe(200);
    const { shops, plan, maxStores } = response.json<{
      data: {
        shops: Array<{ id: string; state: string; errorCode: string | null; name: string | null }>;
        plan: string;
        maxStores: number;
      };
    }>().data;
    expect({ plan, maxStores }).toEqual({ plan: 'business', maxStores: 5 });
    const byId = new Map(shops.map((shop) => [shop.id, shop]));
    expect(byId.get(ready)).toMatchObject({
      state: 'ready',
      name: 'Maison Exemple',
      counts,
      lastSyncedAt: '2026-11-21T08:00:00.000Z',
    });
    // A copy the plan bounds says how much of the store it holds; a store with no copy, nothing.
    expect(byId.get(ready)).toMatchObject({
      partialCopy: [{ kind: 'products', copied: 300, total: 6000 }],
    });
    expect(byId.get(fresh)).toMatchObject({ state: 'connecting', name: null, partialCopy: [] });
    // The app removed in Shopify's admin says so, not that Shopify refused Vitrine.
    expect(byId.get(removed)).toMatchObject({
      state: 'needs_reconnecting',
      errorCode: 'app_uninstalled',
    });
    // Never a token, in any form.
    expect(response.body).not.toMatch(/token|shpat|shprt|v1\./i);
  });

  it("shows no one else's stores", async () => {
    const owner = await registeredOwner(api);
    const stranger = await registeredOwner(api);
    await connectedStore(api, stranger, uniqueShopDomain());

    const response = await list(owner);

    expect(response.json<{ data: { shops: unknown[] } }>().data.shops).toEqual([]);
  });
});

describe('disconnecting a store', () => {
  it('deletes the copy and the store even when Shopify cannot confirm the removal', async () => {
    const owner = await registeredOwner(api);
    const shopDomain = uniqueShopDomain();
    const shopId = await connectedStore(api, owner, shopDomain);
    catalog.removedCounts = counts;

    const response = await disconnect(owner, shopId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { shopDomain, uninstalled: false, removed: counts },
    });
    expect(catalog.deletedCopies).toContain(shopId);
    const rows = await api.database.pool.query('select 1 from shops where id = $1', [shopId]);
    expect(rows.rowCount).toBe(0);
  });

  it("refuses another account's store, and leaves it connected", async () => {
    const owner = await registeredOwner(api);
    const stranger = await registeredOwner(api);
    const shopId = await connectedStore(api, owner, uniqueShopDomain());

    const response = await disconnect(stranger, shopId);

    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('shop_not_found');
    expect(catalog.deletedCopies).not.toContain(shopId);
    const rows = await api.database.pool.query('select 1 from shops where id = $1', [shopId]);
    expect(rows.rowCount).toBe(1);
  });

  it('refuses an id that is not one', async () => {
    const owner = await registeredOwner(api);

    const response = await disconnect(owner, 'not-a-uuid');

    expect(response.statusCode).toBe(400);
  });
});
