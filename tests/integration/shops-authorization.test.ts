import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertShop } from '#server/areas/shops/shops-repository.ts';
import { sessionBindingHeader } from '#server/http/session-binding.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { ownerInSession, type OwnerInSession as Owner } from '../support/owners-and-stores.ts';
import {
  playShopifyTokenEndpoint,
  recordingCatalog,
  signedByShopify,
  testOauthRedirectUri,
  testShopifyApp,
  testShopifyCredentials,
  uniqueShopDomain,
  type PlayedTokenEndpoint,
  type RecordingCatalog,
} from '../support/shops-test-support.ts';
import { logCollector } from './bff-test-harness.ts';

/**
 * Connecting a store through the API, as the BFF calls it: the authorization starts, and Shopify's
 * redirect back is checked before anything else (signature, time, store, state bound to the account
 * and session). The tests play Shopify's side: they sign its queries and answer its token endpoint.
 */

let api: ApiTestContext;
let shopify: PlayedTokenEndpoint;
let catalog: RecordingCatalog;
const logs = logCollector();

beforeAll(async () => {
  shopify = await playShopifyTokenEndpoint();
  catalog = recordingCatalog();
  api = await startApiForTests({
    shopify: testShopifyApp(shopify.url),
    shopCatalog: catalog,
    logStream: logs.stream,
  });
});

afterAll(async () => {
  await api?.close();
  await shopify?.close();
});

function headersOf(owner: Owner, binding = owner.binding) {
  return { ...bearer(owner.idToken), [sessionBindingHeader]: binding };
}

async function startAuthorization(owner: Owner, shop: string) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations',
    headers: headersOf(owner),
    payload: { shop },
  });
}

/** Starts an authorization and returns the state Shopify will hand back. */
async function stateFor(owner: Owner, shopDomain: string): Promise<string> {
  const response = await startAuthorization(owner, shopDomain);
  expect(response.statusCode).toBe(200);
  return new URL(
    response.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl,
  ).searchParams.get('state')!;
}

/** Shopify's redirect back after Install, signed as Shopify signs it. */
function shopifyRedirect(fields: {
  shop: string;
  state: string;
  code?: string;
  timestamp?: number;
}): URLSearchParams {
  return signedByShopify({
    code: fields.code ?? shopify.issueCode(fields.shop),
    host: Buffer.from(`admin.shopify.com/store/${fields.shop.split('.')[0]}`).toString('base64'),
    shop: fields.shop,
    state: fields.state,
    timestamp: String(fields.timestamp ?? Math.floor(Date.now() / 1000)),
  });
}

function callback(owner: Owner, query: URLSearchParams | string, binding = owner.binding) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations/callback',
    headers: headersOf(owner, binding),
    payload: { query: query.toString() },
  });
}

async function shopRowsOf(uid: string) {
  const result = await api.database.pool.query<{
    id: string;
    shop_domain: string;
    status: string;
    scopes: string;
    access_token_encrypted: string | null;
    refresh_token_encrypted: string | null;
    access_token_expires_at: Date | null;
  }>('select * from shops where owner_uid = $1', [uid]);
  return result.rows;
}

async function connectedStore(owner: Owner, shopDomain: string): Promise<void> {
  await insertShop(api.database.db, {
    id: crypto.randomUUID(),
    ownerUid: owner.uid,
    shopDomain,
    status: 'active',
    scopes: 'read_products',
    connectedAt: new Date(),
  });
}

describe('starting an authorization', () => {
  it("answers the store's install screen at Shopify, asking for an offline token, with a state kept only as its hash", async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();

    const response = await startAuthorization(owner, `https://${shopDomain}/admin`);

    expect(response.statusCode).toBe(200);
    const { authorizeUrl, shopDomain: answered } = response.json<{
      data: { authorizeUrl: string; shopDomain: string };
    }>().data;
    expect(answered).toBe(shopDomain);
    const url = new URL(authorizeUrl);
    expect(`${url.origin}${url.pathname}`).toBe(
      `${shopify.url}/${shopDomain}/admin/oauth/authorize`,
    );
    expect(url.searchParams.get('client_id')).toBe(testShopifyCredentials.apiKey);
    expect(url.searchParams.get('redirect_uri')).toBe(testOauthRedirectUri);
    expect(url.searchParams.get('scope')).toContain('read_products');
    expect(url.searchParams.get('grant_options[]')).toBe('');
    // Written as Shopify's library writes it: spaces as %20, never +.
    expect(authorizeUrl).not.toContain('+');
    const state = url.searchParams.get('state')!;
    expect(state).toMatch(/^[0-9a-f]{64}$/);

    const stored = await api.database.pool.query<{ state_hash: string; expires_at: Date }>(
      'select state_hash, expires_at from shop_oauth_states where uid = $1',
      [owner.uid],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0]!.state_hash).toBe(createHash('sha256').update(state).digest('hex'));
    const lifetime = stored.rows[0]!.expires_at.getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);
  });

  it('refuses an address that is not a store, and keeps no state', async () => {
    const owner = await ownerInSession(api);

    const response = await startAuthorization(owner, 'maison-exemple.com');

    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_shop_domain', field: 'shop' });
    const stored = await api.database.pool.query('select 1 from shop_oauth_states where uid = $1', [
      owner.uid,
    ]);
    expect(stored.rowCount).toBe(0);
  });

  it("refuses a new store beyond the plan's limit, and lets the store already connected reconnect", async () => {
    const owner = await ownerInSession(api);
    const connected = uniqueShopDomain('connected');
    await connectedStore(owner, connected);

    const another = await startAuthorization(owner, uniqueShopDomain());
    expect(another.statusCode).toBe(403);
    // Pro connects one store too: the plan that lifts the limit is Business.
    expect(another.json<{ error: object }>().error).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'stores',
      plan: 'business',
    });

    expect((await startAuthorization(owner, connected)).statusCode).toBe(200);
  });
});

describe("Shopify's redirect back", () => {
  it('connects the store: the code is traded, the tokens stored encrypted, the import queued', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);

    const response = await callback(owner, shopifyRedirect({ shop: shopDomain, state }));

    expect(response.statusCode).toBe(200);
    const { shopId } = response.json<{ data: { shopId: string; shopDomain: string } }>().data;
    const [row] = await shopRowsOf(owner.uid);
    expect(row).toMatchObject({ id: shopId, shop_domain: shopDomain, status: 'active' });
    expect(row!.access_token_expires_at!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(catalog.queuedImports).toContain(shopId);

    // What Shopify granted is nowhere in the table, in the answer or in the logs.
    const granted = shopify.grantedTokens.slice(-2);
    const table = JSON.stringify(
      (await api.database.pool.query('select * from shops where id = $1', [shopId])).rows,
    );
    for (const token of granted) {
      expect(table).not.toContain(token);
      expect(response.body).not.toContain(token);
      expect(logs.text()).not.toContain(token);
    }
    expect(row!.access_token_encrypted).toMatch(/^v1\./);
    expect(row!.refresh_token_encrypted).toMatch(/^v1\./);
  });

  it('refuses a query whose signature was tampered with, before the state is looked at', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);
    const genuine = shopifyRedirect({ shop: shopDomain, state });

    const tamperedCode = new URLSearchParams(genuine);
    tamperedCode.set('code', 'code-of-the-attackers-choice');
    const forgedHmac = new URLSearchParams(genuine);
    forgedHmac.set('hmac', 'f'.repeat(64));
    const unsigned = new URLSearchParams(genuine);
    unsigned.delete('hmac');
    const signedByAnotherApp = signedByShopify(
      Object.fromEntries([...genuine].filter(([name]) => name !== 'hmac')),
      'the-secret-of-another-app-0123456789',
    );

    for (const query of [tamperedCode, forgedHmac, unsigned, signedByAnotherApp]) {
      const response = await callback(owner, query);
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('oauth_signature_invalid');
    }
    expect(await shopRowsOf(owner.uid)).toEqual([]);
    // The state was not spent by the forgeries: Shopify's genuine redirect still connects.
    expect((await callback(owner, genuine)).statusCode).toBe(200);
  });

  it('takes a state once: a replayed redirect is refused', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);
    const redirect = shopifyRedirect({ shop: shopDomain, state });

    expect((await callback(owner, redirect)).statusCode).toBe(200);
    const replayed = await callback(owner, redirect);

    expect(replayed.statusCode).toBe(400);
    expect(errorOf(replayed).code).toBe('oauth_state_invalid');
  });

  it('spends the state even when Shopify refuses the code', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);

    const refused = await callback(
      owner,
      shopifyRedirect({ shop: shopDomain, state, code: 'a-code-shopify-never-issued' }),
    );
    expect(refused.statusCode).toBe(502);
    expect(errorOf(refused).code).toBe('shopify_refused');

    const again = await callback(owner, shopifyRedirect({ shop: shopDomain, state }));
    expect(errorOf(again).code).toBe('oauth_state_invalid');
    expect(await shopRowsOf(owner.uid)).toEqual([]);
  });

  it('refuses a state older than ten minutes', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);
    await api.database.pool.query(
      "update shop_oauth_states set expires_at = now() - interval '1 second' where uid = $1",
      [owner.uid],
    );

    const response = await callback(owner, shopifyRedirect({ shop: shopDomain, state }));

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('oauth_state_invalid');
    expect(await shopRowsOf(owner.uid)).toEqual([]);
  });

  it('refuses a state issued to another account, and leaves it to its owner', async () => {
    const owner = await ownerInSession(api);
    const stranger = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);

    const stolen = await callback(
      stranger,
      shopifyRedirect({ shop: shopDomain, state }),
      owner.binding,
    );
    expect(stolen.statusCode).toBe(400);
    expect(errorOf(stolen).code).toBe('oauth_state_invalid');
    expect(await shopRowsOf(stranger.uid)).toEqual([]);

    expect((await callback(owner, shopifyRedirect({ shop: shopDomain, state }))).statusCode).toBe(
      200,
    );
  });

  it('refuses a state completed through another session of the same account', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);

    const otherSession = randomBytes(32).toString('hex');
    const response = await callback(
      owner,
      shopifyRedirect({ shop: shopDomain, state }),
      otherSession,
    );

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('oauth_state_invalid');
    expect(await shopRowsOf(owner.uid)).toEqual([]);
  });

  it('refuses a state issued for another store', async () => {
    const owner = await ownerInSession(api);
    const state = await stateFor(owner, uniqueShopDomain('asked'));

    const response = await callback(
      owner,
      shopifyRedirect({ shop: uniqueShopDomain('other'), state }),
    );

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('oauth_state_invalid');
    expect(await shopRowsOf(owner.uid)).toEqual([]);
  });

  it('refuses a shop that is not a store domain, even signed', async () => {
    const owner = await ownerInSession(api);
    const state = await stateFor(owner, uniqueShopDomain());

    const response = await callback(
      owner,
      shopifyRedirect({ shop: 'evil.example.com', state, code: 'code' }),
    );

    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('invalid_shop_domain');
  });

  it('refuses a signed redirect whose time is more than 90 seconds off', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);
    const now = Math.floor(Date.now() / 1000);

    for (const timestamp of [now - 600, now + 600]) {
      const response = await callback(
        owner,
        shopifyRedirect({ shop: shopDomain, state, timestamp }),
      );
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('oauth_signature_invalid');
    }
    expect((await callback(owner, shopifyRedirect({ shop: shopDomain, state }))).statusCode).toBe(
      200,
    );
  });

  it("checks the plan's limit again: a store connected meanwhile fills it", async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);
    await connectedStore(owner, uniqueShopDomain('meanwhile'));
    const codesGranted = shopify.grantedTokens.length;

    const response = await callback(owner, shopifyRedirect({ shop: shopDomain, state }));

    expect(response.statusCode).toBe(403);
    expect(response.json<{ error: object }>().error).toMatchObject({
      code: 'plan_limit_reached',
      limit: 'stores',
      plan: 'business',
    });
    // Refused before the code was traded: Shopify granted nothing.
    expect(shopify.grantedTokens.length).toBe(codesGranted);
    expect((await shopRowsOf(owner.uid)).map((row) => row.shop_domain)).not.toContain(shopDomain);
  });

  it('connects only one of two stores whose connections complete at once on a one-store plan', async () => {
    // Several owners at once, so that the two callbacks of at least one of them overlap between
    // counting the stores and storing the new one.
    const owners = await Promise.all(Array.from({ length: 4 }, () => ownerInSession(api)));
    const attempts = await Promise.all(
      owners.map(async (owner) => {
        const stores = [uniqueShopDomain('first'), uniqueShopDomain('second')];
        const states = [await stateFor(owner, stores[0]!), await stateFor(owner, stores[1]!)];
        return {
          owner,
          redirects: stores.map((shop, i) => shopifyRedirect({ shop, state: states[i]! })),
        };
      }),
    );

    const outcomes = await Promise.all(
      attempts.map(({ owner, redirects }) =>
        Promise.all(redirects.map((redirect) => callback(owner, redirect))),
      ),
    );

    for (const [index, responses] of outcomes.entries()) {
      expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 403]);
      const refused = responses.find((response) => response.statusCode === 403)!;
      expect(refused.json<{ error: object }>().error).toMatchObject({
        code: 'plan_limit_reached',
        limit: 'stores',
        plan: 'business',
      });
      expect(await shopRowsOf(attempts[index]!.owner.uid)).toHaveLength(1);
    }
  });

  it('lets a store already connected reconnect on a plan whose stores are all connected', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain('again');
    const state = await stateFor(owner, shopDomain);
    expect((await callback(owner, shopifyRedirect({ shop: shopDomain, state }))).statusCode).toBe(
      200,
    );

    const again = await stateFor(owner, shopDomain);
    const response = await callback(owner, shopifyRedirect({ shop: shopDomain, state: again }));

    expect(response.statusCode).toBe(200);
    expect((await shopRowsOf(owner.uid)).map((row) => row.shop_domain)).toEqual([shopDomain]);
  });

  it('keeps the active store active when it reconnects while the plan pauses another', async () => {
    const owner = await ownerInSession(api);
    const active = uniqueShopDomain('active');
    const state = await stateFor(owner, active);
    expect((await callback(owner, shopifyRedirect({ shop: active, state }))).statusCode).toBe(200);
    // Connected later, when the plan allowed it: the Free plan now pauses it.
    await connectedStore(owner, uniqueShopDomain('paused'));

    const again = await stateFor(owner, active);
    expect(
      (await callback(owner, shopifyRedirect({ shop: active, state: again }))).statusCode,
    ).toBe(200);

    const listed = await api.app.inject({
      method: 'GET',
      url: '/api/v1/shops',
      headers: bearer(owner.idToken),
    });
    const { shops } = listed.json<{
      data: { shops: Array<{ shopDomain: string; paused: boolean }> };
    }>().data;
    expect(Object.fromEntries(shops.map((shop) => [shop.shopDomain, shop.paused]))).toEqual({
      [active]: false,
      [shops.find((shop) => shop.shopDomain !== active)!.shopDomain]: true,
    });
  });

  it('refuses a store connected to another account, before the code is traded', async () => {
    const first = await ownerInSession(api);
    const second = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    await connectedStore(first, shopDomain);
    const state = await stateFor(second, shopDomain);
    const codesGranted = shopify.grantedTokens.length;

    const response = await callback(second, shopifyRedirect({ shop: shopDomain, state }));

    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('shop_connected_elsewhere');
    expect(shopify.grantedTokens.length).toBe(codesGranted);
    expect(await shopRowsOf(second.uid)).toEqual([]);
  });

  it('keeps the code, the state, the signature and the app secret out of the logs', async () => {
    const owner = await ownerInSession(api);
    const shopDomain = uniqueShopDomain();
    const state = await stateFor(owner, shopDomain);
    const redirect = shopifyRedirect({ shop: shopDomain, state });

    await callback(owner, redirect);
    await callback(owner, redirect);

    const text = logs.text();
    expect(text).toContain('/api/v1/shops/authorizations/callback');
    for (const secret of [
      redirect.get('code')!,
      state,
      redirect.get('hmac')!,
      testShopifyCredentials.apiSecret,
    ]) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('installs started from Shopify', () => {
  function checkInstallRequest(query: URLSearchParams) {
    return api.app.inject({
      method: 'POST',
      url: '/shopify/install-requests',
      payload: { query: query.toString() },
    });
  }

  it("answers the store Shopify's signature vouches for, without an ID token or a state", async () => {
    const shopDomain = uniqueShopDomain();
    const query = signedByShopify({
      host: Buffer.from(`admin.shopify.com/store/${shopDomain.split('.')[0]}`).toString('base64'),
      shop: shopDomain,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });

    const response = await checkInstallRequest(query);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { shopDomain } });
  });

  it('refuses a query Shopify did not sign, one signed too long ago, and one naming no store', async () => {
    const now = Math.floor(Date.now() / 1000);
    const forged = signedByShopify({ shop: uniqueShopDomain(), timestamp: String(now) });
    forged.set('shop', uniqueShopDomain('forged'));
    const stale = signedByShopify({ shop: uniqueShopDomain(), timestamp: String(now - 120) });
    const noStore = signedByShopify({ shop: 'maison.example.com', timestamp: String(now) });

    for (const [query, status, code] of [
      [forged, 401, 'oauth_signature_invalid'],
      [stale, 401, 'oauth_signature_invalid'],
      [noStore, 400, 'invalid_shop_domain'],
    ] as const) {
      const response = await checkInstallRequest(query);
      expect(response.statusCode).toBe(status);
      expect(errorOf(response).code).toBe(code);
    }
  });
});
