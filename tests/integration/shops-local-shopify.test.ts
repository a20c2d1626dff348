import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  adminClients,
  type ShopAccessProvider,
} from '#server/areas/catalog/catalog-dependencies.ts';
import { shopAccess } from '#server/areas/shops/shop-access.ts';
import { shopAccessProvider } from '#server/workers.ts';
import { sessionBindingHeader } from '#server/http/session-binding.ts';
import { shopifyApiVersion } from '#server/platform/shopify/shopify-app.ts';
import { AppError } from '#shared/errors.ts';
import { bearer, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { ownerInSession, type OwnerInSession as Owner } from '../support/owners-and-stores.ts';
import { openTestDatabase } from '../support/integration-services.ts';
import { startLocalShopify, type LocalShopify } from '#server/local/shopify/local-shopify.ts';
import {
  recordingCatalog,
  shopifyWebhookHeaders,
  testOauthRedirectUri,
  testShopifyApp,
  testShopifyCredentials,
  testShopTokens,
  waitUntil,
  type RecordingCatalog,
} from '../support/shops-test-support.ts';

/**
 * Connecting a store against the local Shopify, which speaks Shopify's protocol end to end: the
 * install screen, the code exchange, expiring tokens and their refresh, the app's removal and the
 * webhooks Shopify sends about it.
 */

const shopDomain = 'maison-exemple.myshopify.com';
let localShopify: LocalShopify;
let api: ApiTestContext;
let catalog: RecordingCatalog;
let shopify: ReturnType<typeof testShopifyApp>;

beforeAll(async () => {
  catalog = recordingCatalog();
  // The API listens first, so the local Shopify knows where to deliver webhooks; its Shopify
  // address is given once the local Shopify runs.
  let localUrl = '';
  shopify = {
    ...testShopifyApp(),
    shopUrl: (shop: string) => `${localUrl}/${shop}`,
  };
  api = await startApiForTests({ shopify, shopCatalog: catalog });
  const apiUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  localShopify = await startLocalShopify({
    port: 0,
    app: {
      ...testShopifyCredentials,
      appUrl: testOauthRedirectUri,
      redirectUrls: [testOauthRedirectUri],
      complianceWebhookUrl: `${apiUrl}/webhooks/shopify`,
    },
    stores: [{ name: 'maison-exemple', products: 5 }],
    webhookRetryDelaysMs: [200, 400],
  });
  localUrl = localShopify.url;
});

/** The last store connected, disconnected after its test if it failed before doing so. */
let lastConnected: { owner: Owner; shopId: string } | undefined;

afterEach(async () => {
  await localControl('api/token-endpoint-failures', jsonRequest('PUT', { status: null }));
  await localControl('api/token-endpoint-hold', jsonRequest('PUT', { held: false }));
  if (lastConnected !== undefined && (await shopRow(lastConnected.shopId)) !== undefined) {
    await disconnect(lastConnected.owner, lastConnected.shopId);
  }
  lastConnected = undefined;
});

afterAll(async () => {
  await localShopify?.stop();
  await api?.close();
});

/** What shopAccess needs, as the product's workers have it. */
function accessDependencies() {
  // Short waits between the attempts at a refresh Shopify could not answer.
  return {
    db: api.database.db,
    shopify,
    shopTokens: testShopTokens,
    refreshRetryDelaysMs: [20, 40],
  };
}

/**
 * What the owner does on Shopify's install screen: press Install. The screen is a form; its fields
 * and the button's own name and value are sent as the browser would, and Shopify's answer is the
 * redirect to the app.
 */
async function pressInstall(authorizeUrl: string): Promise<URL> {
  // An app still installed with every scope it asks for is sent straight back, as Shopify does.
  const page = await fetch(authorizeUrl, { redirect: 'manual' });
  const sentBack = page.headers.get('location');
  if (page.status === 302 && sentBack !== null) return new URL(sentBack, authorizeUrl);
  const html = await page.text();
  const form = /<form\b[^>]*>[\s\S]*?<\/form>/gi
    .exec(html)
    ?.find((candidate) => />\s*Install\s*</.test(candidate));
  if (form === undefined) throw new Error('The install screen has no form with an Install button');
  const attribute = (tag: string, name: string) =>
    new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replaceAll('&amp;', '&');
  const fields = new URLSearchParams();
  for (const input of form.match(/<input\b[^>]*>/gi) ?? []) {
    const name = attribute(input, 'name');
    if (name !== undefined) fields.append(name, attribute(input, 'value') ?? '');
  }
  const button = /<button\b[^>]*>\s*Install\s*<\/button>/i.exec(form)?.[0] ?? '';
  const buttonName = attribute(button, 'name');
  if (buttonName !== undefined) fields.append(buttonName, attribute(button, 'value') ?? '');
  const action = new URL(attribute(form, 'action') ?? authorizeUrl, authorizeUrl);
  const method = (attribute(form, 'method') ?? 'get').toUpperCase();
  const answer =
    method === 'POST'
      ? await fetch(action, {
          method,
          body: fields,
          redirect: 'manual',
        })
      : await fetch(`${action.origin}${action.pathname}?${fields}`, { redirect: 'manual' });
  const location = answer.headers.get('location');
  if (answer.status !== 302 || location === null) {
    throw new Error(`Install answered ${answer.status}, not a redirect`);
  }
  return new URL(location, authorizeUrl);
}

/** Connects the store for the owner, as the popup would: install screen, Install, callback. */
async function connect(owner: Owner): Promise<string> {
  const started = await api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations',
    headers: { ...bearer(owner.idToken), [sessionBindingHeader]: owner.binding },
    payload: { shop: 'maison-exemple' },
  });
  expect(started.statusCode).toBe(200);
  const redirect = await pressInstall(
    started.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl,
  );
  expect(`${redirect.origin}${redirect.pathname}`).toBe(testOauthRedirectUri);
  const completed = await api.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations/callback',
    headers: { ...bearer(owner.idToken), [sessionBindingHeader]: owner.binding },
    payload: { query: redirect.search.slice(1) },
  });
  expect(completed.statusCode).toBe(200);
  const shopId = completed.json<{ data: { shopId: string } }>().data.shopId;
  lastConnected = { owner, shopId };
  return shopId;
}

/** A query of the Admin API with the token: what the catalog area will do with it. */
async function shopNameWith(accessToken: string): Promise<{ status: number; name?: string }> {
  const response = await fetch(
    `${localShopify.url}/${shopDomain}/admin/api/${shopifyApiVersion}/graphql.json`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
      body: JSON.stringify({ query: '{ shop { name } }' }),
    },
  );
  if (response.status !== 200) return { status: response.status };
  const body = (await response.json()) as { data?: { shop?: { name?: string } } };
  return { status: 200, ...(body.data?.shop?.name !== undefined && { name: body.data.shop.name }) };
}

async function localControl(path: string, init: RequestInit = { method: 'POST' }) {
  const response = await fetch(`${localShopify.url}/${shopDomain}/_local/${path}`, init);
  expect(response.ok).toBe(true);
  return response;
}

function jsonRequest(method: string, body: unknown): RequestInit {
  return { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

async function tokenEndpointHold(): Promise<{ held: boolean; received: number; waiting: number }> {
  return (await localControl('api/token-endpoint-hold', { method: 'GET' })).json();
}

async function expireOurCopyOfTheToken(shopId: string): Promise<void> {
  await api.database.pool.query(
    "update shops set access_token_expires_at = now() + interval '1 minute' where id = $1",
    [shopId],
  );
}

async function shopRow(shopId: string) {
  const result = await api.database.pool.query<{
    status: string;
    error_code: string | null;
    access_token_encrypted: string | null;
    refresh_token_encrypted: string | null;
  }>('select * from shops where id = $1', [shopId]);
  return result.rows[0];
}

async function disconnect(owner: Owner, shopId: string) {
  return api.app.inject({
    method: 'DELETE',
    url: `/api/v1/shops/${shopId}`,
    headers: bearer(owner.idToken),
  });
}

describe('connecting a store at the local Shopify', () => {
  it('trades the code for a token that opens the Admin API, and queues the import', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);

    const access = await shopAccess(accessDependencies(), shopId);

    expect(access.shopDomain).toBe(shopDomain);
    expect((await shopNameWith(access.accessToken)).status).toBe(200);
    expect(catalog.queuedImports).toContain(shopId);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('refuses an address no Shopify store has, saying so, and keeps no state for it', async () => {
    const owner = await ownerInSession(api);
    const unknown = `nulle-part-${randomBytes(4).toString('hex')}.myshopify.com`;
    const started = await api.app.inject({
      method: 'POST',
      url: '/api/v1/shops/authorizations',
      headers: { ...bearer(owner.idToken), [sessionBindingHeader]: owner.binding },
      payload: { shop: unknown },
    });
    expect(started.statusCode).toBe(404);
    expect(started.json()).toMatchObject({ error: { code: 'shop_does_not_exist', field: 'shop' } });
    const states = await api.database.pool.query(
      'select 1 from shop_oauth_states where shop_domain = $1',
      [unknown],
    );
    expect(states.rowCount).toBe(0);
  });

  it('refreshes a token about to expire once, whoever asks at the same time, and stores the new pair', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    const before = await shopAccess(accessDependencies(), shopId);
    const storedBefore = await shopRow(shopId);
    await expireOurCopyOfTheToken(shopId);

    const accesses = await Promise.all(
      Array.from({ length: 5 }, () => shopAccess(accessDependencies(), shopId)),
    );

    const tokens = new Set(accesses.map((access) => access.accessToken));
    expect(tokens.size).toBe(1);
    const [fresh] = tokens;
    expect(fresh).not.toBe(before.accessToken);
    expect((await shopNameWith(fresh!)).status).toBe(200);
    const storedAfter = await shopRow(shopId);
    expect(storedAfter!.refresh_token_encrypted).not.toBe(storedBefore!.refresh_token_encrypted);
    // The stored pair is the one handed out: a later call needs no refresh and gets the same token.
    expect((await shopAccess(accessDependencies(), shopId)).accessToken).toBe(fresh);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('a refresh waiting on Shopify holds no connection: the pool answers others, and a second caller gets the same new token', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    lastConnected = { owner, shopId };
    const before = await shopAccess(accessDependencies(), shopId);
    await expireOurCopyOfTheToken(shopId);
    // A small pool of the product's, as a busy one is: two connections.
    const small = openTestDatabase({ maxConnections: 2 });
    let lent = 0;
    small.pool.on('acquire', () => (lent += 1));
    const deps = { ...accessDependencies(), db: small.db };
    await localControl('api/token-endpoint-hold', jsonRequest('PUT', { held: true }));
    try {
      const first = shopAccess(deps, shopId);
      await waitUntil(async () => (await tokenEndpointHold()).waiting === 1);
      const lentBeforeSecond = lent;
      const second = shopAccess(deps, shopId);
      // The second caller has read the store and gone on to wait for the first one's refresh.
      await waitUntil(async () => lent >= lentBeforeSecond + 2);

      const other = await small.pool.query<{ one: number }>('select 1 as one');

      expect(other.rows).toEqual([{ one: 1 }]);
      await localControl('api/token-endpoint-hold', jsonRequest('PUT', { held: false }));
      const [a, b] = await Promise.all([first, second]);
      expect(a.accessToken).not.toBe(before.accessToken);
      expect(b.accessToken).toBe(a.accessToken);
      expect((await shopNameWith(a.accessToken)).status).toBe(200);
    } finally {
      await localControl('api/token-endpoint-hold', jsonRequest('PUT', { held: false }));
      await small.close();
    }
    // Only one refresh reached Shopify (it replaces the refresh token at every use).
    expect(await tokenEndpointHold()).toEqual({ held: false, received: 1, waiting: 0 });
    expect((await shopAccess(accessDependencies(), shopId)).accessToken).not.toBe(
      before.accessToken,
    );
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('keeps reading the stored tokens after the Shopify app’s secret is rotated', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    // Shopify lets a partner rotate the app's client secret; the product then runs with the new one.
    const rotated = { ...shopify, apiSecret: 'the-rotated-client-secret-0123456789' };

    const access = await shopAccess({ ...accessDependencies(), shopify: rotated }, shopId);

    expect((await shopNameWith(access.accessToken)).status).toBe(200);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('marks the store needs_reconnecting when Shopify refuses the refresh', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    await localControl('api/revoke-refresh-tokens');
    await expireOurCopyOfTheToken(shopId);

    const refused = await shopAccess(accessDependencies(), shopId).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('shop_needs_reconnecting');
    expect(await shopRow(shopId)).toMatchObject({
      status: 'needs_reconnecting',
      error_code: 'shopify_refused',
      access_token_encrypted: null,
      refresh_token_encrypted: null,
    });
    const listed = await api.app.inject({
      method: 'GET',
      url: '/api/v1/shops',
      headers: bearer(owner.idToken),
    });
    expect(listed.json<{ data: { shops: Array<{ state: string }> } }>().data.shops[0]!.state).toBe(
      'needs_reconnecting',
    );
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('a 401 to a token another process has just replaced leaves the new pair, and the call is made again with it', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    const processA = shopAccessProvider(accessDependencies());
    let refreshedByA: string | undefined;
    // Process B reads the token, and before its query reaches Shopify, the token expires there and
    // process A, finding it about to expire, refreshes the pair.
    const processB: ShopAccessProvider = {
      ...shopAccessProvider(accessDependencies()),
      shopAccess: async (id) => {
        const access = await shopAccess(accessDependencies(), id);
        if (refreshedByA === undefined) {
          await localControl('api/expire-access-tokens');
          await expireOurCopyOfTheToken(shopId);
          refreshedByA = (await processA.shopAccess(id)).accessToken;
          expect(refreshedByA).not.toBe(access.accessToken);
        }
        return access;
      },
    };

    const answer = await adminClients(shopify, processB)(shopId, shopDomain).request<{
      shop: { name: string };
    }>('{ shop { name } }');

    expect(answer.shop.name).toBeTruthy();
    expect(await shopRow(shopId)).toMatchObject({ status: 'active', error_code: null });
    expect((await shopAccess(accessDependencies(), shopId)).accessToken).toBe(refreshedByA);
    expect((await shopNameWith(refreshedByA!)).status).toBe(200);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('a 401 to the token still stored refreshes the pair once and makes the call again: the store stays connected', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    const before = await shopAccess(accessDependencies(), shopId);
    // Shopify no longer takes the access token though our copy says it has long to live.
    await localControl('api/expire-access-tokens');

    const answer = await adminClients(shopify, shopAccessProvider(accessDependencies()))(
      shopId,
      shopDomain,
    ).request<{ shop: { name: string } }>('{ shop { name } }');

    expect(answer.shop.name).toBeTruthy();
    expect(await shopRow(shopId)).toMatchObject({ status: 'active', error_code: null });
    const after = await shopAccess(accessDependencies(), shopId);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect((await shopNameWith(after.accessToken)).status).toBe(200);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('a 401 whose refresh Shopify refuses as invalid_grant ends the connection', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    await localControl('api/revoke-refresh-tokens');
    await localControl('api/expire-access-tokens');

    const refused = await adminClients(shopify, shopAccessProvider(accessDependencies()))(
      shopId,
      shopDomain,
    )
      .request('{ shop { name } }')
      .catch((error: unknown) => error);

    expect((refused as AppError).code).toBe('shop_needs_reconnecting');
    expect(await shopRow(shopId)).toMatchObject({
      status: 'needs_reconnecting',
      access_token_encrypted: null,
      refresh_token_encrypted: null,
    });
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it.each([408, 429, 500, 502, 503, 504])(
    'a refresh answered %i is made again, and the store keeps its connection',
    async (status) => {
      const owner = await ownerInSession(api);
      const shopId = await connect(owner);
      const before = await shopAccess(accessDependencies(), shopId);
      await expireOurCopyOfTheToken(shopId);
      await localControl('api/token-endpoint-failures', jsonRequest('PUT', { status, times: 1 }));

      const access = await shopAccess(accessDependencies(), shopId);

      expect(access.accessToken).not.toBe(before.accessToken);
      expect((await shopNameWith(access.accessToken)).status).toBe(200);
      expect(await shopRow(shopId)).toMatchObject({ status: 'active', error_code: null });
      expect((await disconnect(owner, shopId)).statusCode).toBe(200);
    },
  );

  it('a token endpoint that keeps answering 429 fails the call as unavailable, and the tokens are kept for the next one', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    await expireOurCopyOfTheToken(shopId);
    await localControl(
      'api/token-endpoint-failures',
      jsonRequest('PUT', { status: 429, times: null }),
    );

    const failed = await shopAccess(accessDependencies(), shopId).catch((error: unknown) => error);

    expect((failed as AppError).code).toBe('shopify_unavailable');
    const kept = await shopRow(shopId);
    expect(kept).toMatchObject({ status: 'active', error_code: null });
    expect(kept!.refresh_token_encrypted).not.toBeNull();
    await localControl('api/token-endpoint-failures', jsonRequest('PUT', { status: null }));
    const access = await shopAccess(accessDependencies(), shopId);
    expect((await shopNameWith(access.accessToken)).status).toBe(200);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('a refresh refused for the app’s own credentials (invalid_client) leaves the store connected', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    await expireOurCopyOfTheToken(shopId);
    const misconfigured = { ...shopify, apiSecret: 'not-the-app-secret-0123456789abcdef' };

    const failed = await shopAccess(
      { ...accessDependencies(), shopify: misconfigured },
      shopId,
    ).catch((error: unknown) => error);

    expect((failed as AppError).code).toBe('shopify_refused');
    expect(await shopRow(shopId)).toMatchObject({ status: 'active', error_code: null });
    const access = await shopAccess(accessDependencies(), shopId);
    expect((await shopNameWith(access.accessToken)).status).toBe(200);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('disconnecting removes the app at Shopify, then the copy and the tokens', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    const { accessToken } = await shopAccess(accessDependencies(), shopId);

    const response = await disconnect(owner, shopId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { shopDomain, uninstalled: true } });
    expect(await shopRow(shopId)).toBeUndefined();
    expect(catalog.deletedCopies).toContain(shopId);
    expect((await shopNameWith(accessToken)).status).toBe(401);
  });

  it('disconnecting a store whose token Shopify ended early removes the app with a fresh token', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    // Shopify ends the access token before the expiry it gave; the stored copy still looks good.
    await localControl('api/expire-access-tokens');

    const response = await disconnect(owner, shopId);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { shopDomain, uninstalled: true } });
    const installation = await localControl('api/installation', { method: 'GET' });
    expect(await installation.json()).toMatchObject({ installed: false });
    expect(await shopRow(shopId)).toBeUndefined();
  });

  it('an app/uninstalled for a store where Shopify still accepts the app’s token leaves it connected', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    // A removal signed by Shopify but not confirmed by it: a store removed then installed again,
    // or a delivery sent again.
    const body = JSON.stringify({ id: 1, myshopify_domain: shopDomain });
    const headers = shopifyWebhookHeaders('app/uninstalled', shopDomain, body);

    const response = await api.app.inject({
      method: 'POST',
      url: '/webhooks/shopify',
      headers,
      payload: body,
    });

    expect(response.statusCode).toBe(200);
    await waitUntil(async () => {
      const { rows } = await api.database.pool.query<{ processed_at: Date | null }>(
        'select processed_at from webhook_deliveries where webhook_id = $1',
        [headers['x-shopify-webhook-id']],
      );
      return rows[0]?.processed_at != null;
    });
    expect(await shopRow(shopId)).toMatchObject({ status: 'active', error_code: null });
    const access = await shopAccess(accessDependencies(), shopId);
    expect((await shopNameWith(access.accessToken)).status).toBe(200);
    expect((await disconnect(owner, shopId)).statusCode).toBe(200);
  });

  it('hears of the app removed in Shopify’s admin, then of the shop’s erasure', async () => {
    const owner = await ownerInSession(api);
    const shopId = await connect(owner);
    const { accessToken } = await shopAccess(accessDependencies(), shopId);
    // The catalog's import subscribes to app/uninstalled; here the test subscribes as it would.
    const apiUrl = `http://127.0.0.1:${(api.app.server.address() as { port: number }).port}`;
    const subscribed = await fetch(
      `${localShopify.url}/${shopDomain}/admin/api/${shopifyApiVersion}/graphql.json`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': accessToken },
        body: JSON.stringify({
          query:
            'mutation ($uri: String!) { webhookSubscriptionCreate(topic: APP_UNINSTALLED, webhookSubscription: { uri: $uri }) { userErrors { message } } }',
          variables: { uri: `${apiUrl}/webhooks/shopify` },
        }),
      },
    );
    expect(subscribed.status).toBe(200);

    await localControl('api/uninstall');
    await waitUntil(async () => (await shopRow(shopId))?.status === 'uninstalled');
    expect(await shopRow(shopId)).toMatchObject({
      error_code: 'shopify_refused',
      access_token_encrypted: null,
      refresh_token_encrypted: null,
    });

    await localControl('api/shop-redact');
    await waitUntil(async () => (await shopRow(shopId)) === undefined);
    expect(catalog.deletedCopies).toContain(shopId);
  });
});
