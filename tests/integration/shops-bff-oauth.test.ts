import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopifyWebhookBodyLimitBytes } from '#shared/constants.ts';
import { oauthCompletionMessageType } from '#shared/schemas/shops.ts';
import { bearer, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { registeredOwner } from '../support/owners-and-stores.ts';
import {
  playShopifyTokenEndpoint,
  recordingCatalog,
  shopifyWebhookHeaders,
  signedByShopify,
  testShopifyApp,
  uniqueShopDomain,
  type PlayedTokenEndpoint,
} from '../support/shops-test-support.ts';
import {
  clientHeaders,
  cookieHeader,
  logCollector,
  signIn,
  startBff,
  testConfig,
  type BffHarness,
} from './bff-test-harness.ts';

/**
 * The BFF's side of connecting a store, with the real API behind it: the popup's /oauth/shopify,
 * which forwards Shopify's query with the session's ID token and answers the popup with a page that
 * tells its opener, an install
 * started from Shopify (its signed query checked on arrival, then the stores screen, through sign-in
 * when needed), and Shopify's webhooks passed through without a session or a CSRF header.
 */

let api: ApiTestContext;
let bff: BffHarness;
let shopify: PlayedTokenEndpoint;
const bffLogs = logCollector();

beforeAll(async () => {
  shopify = await playShopifyTokenEndpoint();
  api = await startApiForTests({
    shopify: testShopifyApp(shopify.url),
    shopCatalog: recordingCatalog(),
  });
  const upstreamUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  bff = await startBff({
    upstreamUrl,
    config: testConfig({ LOG_LEVEL: 'info' }),
    logStream: bffLogs.stream,
  });
});

afterAll(async () => {
  await bff?.close();
  await api?.close();
  await shopify?.close();
});

/** A registered owner signed in to the BFF; returns the session's cookie. */
async function signedInOwner(): Promise<{ cookie: { cookie: string }; uid: string }> {
  const user = await registeredOwner(api);
  const sessionId = await signIn(bff.app, user);
  return { cookie: cookieHeader(sessionId), uid: user.uid };
}

/** Connect, as the client does it: through the BFF's proxy; returns the state for Shopify's redirect. */
async function startThroughBff(cookie: { cookie: string }, shopDomain: string): Promise<string> {
  const response = await bff.app.inject({
    method: 'POST',
    url: '/api/v1/shops/authorizations',
    headers: { ...cookie, ...clientHeaders, 'content-type': 'application/json' },
    payload: JSON.stringify({ shop: shopDomain }),
  });
  expect(response.statusCode).toBe(200);
  return new URL(
    response.json<{ data: { authorizeUrl: string } }>().data.authorizeUrl,
  ).searchParams.get('state')!;
}

function redirectBack(shopDomain: string, state: string): URLSearchParams {
  return signedByShopify({
    code: shopify.issueCode(shopDomain),
    host: Buffer.from(`admin.shopify.com/store/${shopDomain.split('.')[0]}`).toString('base64'),
    shop: shopDomain,
    state,
    timestamp: String(Math.floor(Date.now() / 1000)),
  });
}

function openCallback(query: URLSearchParams, cookie?: { cookie: string }) {
  return bff.app.inject({
    method: 'GET',
    url: `/oauth/shopify?${query.toString()}`,
    headers: cookie ?? {},
  });
}

/**
 * The popup's answer: what it posts to the window that opened it, and where it goes when it has no
 * such window (server/bff/popup-answer-page.ts).
 */
function popupAnswerOf(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): {
  message: unknown;
  next: string;
} {
  expect(response.statusCode).toBe(200);
  expect(String(response.headers['content-type'])).toContain('text/html');
  const data = /<script type="application\/json" id="outcome">([^<]*)<\/script>/.exec(
    response.body,
  );
  expect(data, response.body).not.toBeNull();
  return JSON.parse(data![1]!) as { message: unknown; next: string };
}

describe('the popup coming back from Shopify', () => {
  it('connects the store and answers the popup with a page that tells its opener, not the app', async () => {
    const owner = await signedInOwner();
    const shopDomain = uniqueShopDomain();
    const state = await startThroughBff(owner.cookie, shopDomain);

    const response = await openCallback(redirectBack(shopDomain, state), owner.cookie);

    expect(popupAnswerOf(response)).toEqual({
      message: { type: oauthCompletionMessageType, result: 'connected', shopDomain },
      next: `/oauth/complete?result=connected&shop=${encodeURIComponent(shopDomain)}`,
    });
    // A page of its own: none of the app's scripts or styles, its one script allowed by its hash.
    expect(response.body).not.toMatch(/<script[^>]+src=|<link/);
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
    const script = /<script>([\s\S]*?)<\/script>/.exec(response.body)![1]!;
    expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(response.headers['cache-control']).toBe('no-store');
    const rows = await api.database.pool.query('select 1 from shops where owner_uid = $1', [
      owner.uid,
    ]);
    expect(rows.rowCount).toBe(1);
  });

  it('refuses a redirect completed in another session of the same owner', async () => {
    const user = await createEmailUser(api.emulatorHost);
    await api.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: bearer(user.idToken),
      payload: {
        accountType: 'email',
        subscriptionPlan: 'free',
        language: 'en',
        email: user.email,
        emailVerified: true,
      },
    });
    const first = cookieHeader(await signIn(bff.app, user));
    const second = cookieHeader(await signIn(bff.app, { ...user }));
    const shopDomain = uniqueShopDomain();
    const state = await startThroughBff(first, shopDomain);

    const response = await openCallback(redirectBack(shopDomain, state), second);

    expect(popupAnswerOf(response).next).toBe(
      '/oauth/complete?result=failed&error=oauth_state_invalid',
    );
  });

  it('tells the popup’s opener the failure of a tampered redirect', async () => {
    const owner = await signedInOwner();
    const shopDomain = uniqueShopDomain();
    const state = await startThroughBff(owner.cookie, shopDomain);
    const query = redirectBack(shopDomain, state);
    query.set('code', 'code-of-the-attackers-choice');

    const response = await openCallback(query, owner.cookie);

    expect(popupAnswerOf(response)).toEqual({
      message: {
        type: oauthCompletionMessageType,
        result: 'failed',
        errorCode: 'oauth_signature_invalid',
      },
      next: '/oauth/complete?result=failed&error=oauth_signature_invalid',
    });
  });

  it('without a session, fails the popup rather than asking for a sign-in', async () => {
    const shopDomain = uniqueShopDomain();
    const response = await openCallback(redirectBack(shopDomain, 'f'.repeat(64)));

    expect(popupAnswerOf(response).next).toBe(
      '/oauth/complete?result=failed&error=unauthenticated',
    );
  });

  it('keeps the code and the state out of the BFF’s logs', async () => {
    const owner = await signedInOwner();
    const shopDomain = uniqueShopDomain();
    const state = await startThroughBff(owner.cookie, shopDomain);
    const query = redirectBack(shopDomain, state);

    await openCallback(query, owner.cookie);

    expect(bffLogs.text()).toContain('/oauth/shopify');
    expect(bffLogs.text()).not.toContain(query.get('code')!);
    expect(bffLogs.text()).not.toContain(state);
  });
});

describe('an install started from Shopify', () => {
  const installQuery = (shopDomain: string, signedAt = Date.now()) =>
    signedByShopify({
      host: Buffer.from(`admin.shopify.com/store/${shopDomain.split('.')[0]}`).toString('base64'),
      shop: shopDomain,
      timestamp: String(Math.floor(signedAt / 1000)),
    });

  /** The stores screen, ready to connect the store Shopify named; nothing else of the query. */
  const landingFor = (shopDomain: string) => `/shops?connect=${encodeURIComponent(shopDomain)}`;

  it('checks the query on arrival and sends a visitor without a session to sign in, then to the stores', async () => {
    const shopDomain = uniqueShopDomain();
    const query = installQuery(shopDomain);

    const response = await openCallback(query);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `/login?redirect=${encodeURIComponent(landingFor(shopDomain))}`,
    );
    // Shopify's signature and time stay behind: the sign-in may take longer than they are valid.
    expect(response.headers.location).not.toContain(query.get('hmac')!);
    expect(response.headers.location).not.toContain('timestamp');
  });

  it('sends a signed-in owner to the same landing, where the connection starts', async () => {
    const owner = await signedInOwner();
    const shopDomain = uniqueShopDomain();

    const response = await openCallback(installQuery(shopDomain), owner.cookie);

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(landingFor(shopDomain));
  });

  it.each([
    ['without a session', false],
    ['with a session', true],
  ])('refuses an install query Shopify did not sign, %s', async (_case, signedIn) => {
    const query = installQuery(uniqueShopDomain());
    query.set('shop', uniqueShopDomain('forged'));
    const cookie = signedIn ? (await signedInOwner()).cookie : undefined;

    const response = await openCallback(query, cookie);

    expect(response.headers.location).toBe(
      '/oauth/complete?result=failed&error=oauth_signature_invalid',
    );
  });

  it('refuses an install query signed more than 90 seconds ago, before any sign-in', async () => {
    const query = installQuery(uniqueShopDomain(), Date.now() - 120_000);

    const response = await openCallback(query);

    expect(response.headers.location).toBe(
      '/oauth/complete?result=failed&error=oauth_signature_invalid',
    );
  });

  it('refuses a signed query that names no Shopify store', async () => {
    const query = signedByShopify({
      shop: 'maison.example.com',
      timestamp: String(Math.floor(Date.now() / 1000)),
    });

    const response = await openCallback(query);

    expect(response.headers.location).toBe(
      '/oauth/complete?result=failed&error=invalid_shop_domain',
    );
  });
});

describe("Shopify's webhooks through the BFF", () => {
  it('passes a delivery on without a session or a CSRF header, bytes as sent', async () => {
    const shopDomain = uniqueShopDomain();
    const body = '{"id": 7,\n "title": "Bougie parfumée"}';

    const response = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/shopify',
      headers: shopifyWebhookHeaders('products/update', shopDomain, body),
      payload: body,
    });

    expect(response.statusCode).toBe(200);
    const rows = await api.database.pool.query(
      'select 1 from webhook_deliveries where shop_domain = $1',
      [shopDomain],
    );
    expect(rows.rowCount).toBe(1);
  });

  it('takes a product delivery of several MB, as Shopify sends for a large product', async () => {
    const shopDomain = uniqueShopDomain();
    const variants = Array.from({ length: 2000 }, (_, index) => ({
      id: 44_000_000_000 + index,
      title: `Taille ${index}`,
      option1: `Option ${index}`,
      sku: `SKU-${index}`,
      inventory_item_id: 45_000_000_000 + index,
    }));
    const body = JSON.stringify({
      id: 7,
      admin_graphql_api_id: 'gid://shopify/Product/7',
      title: 'Bougie parfumée',
      body_html: `<p>${'Cire de soja, mèche en coton. '.repeat(80_000)}</p>`,
      updated_at: new Date().toISOString(),
      variants,
    });
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);

    const response = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/shopify',
      headers: shopifyWebhookHeaders('products/update', shopDomain, body),
      payload: body,
    });

    expect(response.statusCode).toBe(200);
    const rows = await api.database.pool.query(
      'select 1 from webhook_deliveries where shop_domain = $1',
      [shopDomain],
    );
    expect(rows.rowCount).toBe(1);
  });

  it('refuses a delivery above its bound with 413, and records nothing', async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 7, body_html: 'x'.repeat(shopifyWebhookBodyLimitBytes) });

    const response = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/shopify',
      headers: shopifyWebhookHeaders('products/update', shopDomain, body),
      payload: body,
    });

    expect(response.statusCode).toBe(413);
    const rows = await api.database.pool.query(
      'select 1 from webhook_deliveries where shop_domain = $1',
      [shopDomain],
    );
    expect(rows.rowCount).toBe(0);
  });

  it("answers the API's 401 to a bad signature, and records nothing", async () => {
    const shopDomain = uniqueShopDomain();
    const body = JSON.stringify({ id: 7 });
    const headers = shopifyWebhookHeaders('products/update', shopDomain, body);

    const response = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/shopify',
      headers,
      payload: JSON.stringify({ id: 8 }),
    });

    expect(response.statusCode).toBe(401);
    expect(response.json<{ error: { code: string } }>().error.code).toBe(
      'webhook_signature_invalid',
    );
    const rows = await api.database.pool.query(
      'select 1 from webhook_deliveries where shop_domain = $1',
      [shopDomain],
    );
    expect(rows.rowCount).toBe(0);
  });

  it('still refuses other cross-site posts', async () => {
    const response = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/shopify/../../auth/session/revoke',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });

    expect(response.statusCode).toBe(403);
  });
});
