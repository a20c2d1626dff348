import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/**
 * The local Shopify's OAuth as the product meets it over HTTP: the install screen, Shopify's signed
 * redirect, the code exchange and the refresh grant, and what each refuses.
 */

let shopify: TestShopify;
const redirectUri = 'http://localhost:3999/oauth/shopify';

beforeAll(async () => {
  shopify = await startTestShopify({ publicUrl: 'http://localhost:3999' });
});
afterAll(async () => {
  await shopify?.stop();
});

function authorizeUrl(overrides: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: shopify.app.apiKey,
    scope: 'read_products,read_locales',
    redirect_uri: redirectUri,
    state: 'f'.repeat(64),
    'grant_options[]': '',
    ...overrides,
  });
  return `${shopify.shopUrl()}/admin/oauth/authorize?${params.toString()}`;
}

/** The hidden fields of the install screen's form, as a browser would post them. */
function formFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
  }
  return fields;
}

/** Shopify's rule: hmac and signature dropped, keys sorted, URL-encoded, hex HMAC-SHA256. */
function expectedHmac(query: URLSearchParams, secret: string) {
  const entries = [...query.entries()]
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([a], [b]) => a.localeCompare(b));
  const message = new URLSearchParams(entries).toString().replace(/\+/g, '%20');
  return createHmac('sha256', secret).update(message).digest('hex');
}

/** The screen's answer to a click; an app already installed is sent back without a screen. */
async function clickOnScreen(
  decision: 'install' | 'cancel',
  overrides: Record<string, string> = {},
) {
  const screen = await fetch(authorizeUrl(overrides), { redirect: 'manual' });
  if (screen.status === 302) return screen;
  const html = await screen.text();
  return fetch(`${shopify.shopUrl()}/admin/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...formFields(html), decision }),
  });
}

async function exchange(body: Record<string, string>) {
  const response = await fetch(`${shopify.shopUrl()}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      client_id: shopify.app.apiKey,
      client_secret: shopify.app.apiSecret,
      ...body,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const shopQuery = '{ shop { name myshopifyDomain } }';

describe('the install screen', () => {
  it('shows the store and the access asked for, with Install and Cancel buttons', async () => {
    const response = await fetch(authorizeUrl());
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Maison Exemple');
    expect(html).toContain('maison-exemple.myshopify.com');
    expect(html).toContain('View products, variants and collections');
    expect(html).toMatch(/<button type="submit" name="decision" value="install">Install<\/button>/);
    expect(html).toMatch(/<button type="submit" name="decision" value="cancel">Cancel<\/button>/);
  });

  it('refuses an unknown client id with an error page and no redirect', async () => {
    const response = await fetch(authorizeUrl({ client_id: 'someone-else' }), {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('The client_id is not valid');
  });

  it('refuses a redirect address outside the allow-list, even on the decision', async () => {
    const response = await fetch(authorizeUrl({ redirect_uri: 'https://attacker.example/cb' }), {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('redirect_uri is not whitelisted');

    const forged = await fetch(`${shopify.shopUrl()}/admin/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: shopify.app.apiKey,
        redirect_uri: 'https://attacker.example/cb',
        scope: 'read_products',
        decision: 'install',
      }),
    });
    expect(forged.status).toBe(400);
    expect(forged.headers.get('location')).toBeNull();
  });

  it('on Cancel says so and closes itself, without going back to the app', async () => {
    const response = await clickOnScreen('cancel');
    expect(response.status).toBe(200);
    expect(response.headers.get('location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('Installation cancelled');
    expect(html).toContain('window.close()');
  });
});

describe('install, code and tokens', () => {
  let refreshToken: string;
  let accessToken: string;

  it('Install sends the owner back with a signed code that buys one expiring token pair', async () => {
    const response = await clickOnScreen('install');
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    const query = location.searchParams;
    expect([...query.keys()].sort()).toEqual([
      'code',
      'hmac',
      'host',
      'shop',
      'state',
      'timestamp',
    ]);
    expect(query.get('shop')).toBe('maison-exemple.myshopify.com');
    expect(query.get('state')).toBe('f'.repeat(64));
    expect(Math.abs(Number(query.get('timestamp')) - Date.now() / 1000)).toBeLessThan(10);
    expect(Buffer.from(query.get('host')!, 'base64').toString()).toBe(
      'admin.shopify.com/store/maison-exemple',
    );
    expect(query.get('hmac')).toBe(expectedHmac(query, shopify.app.apiSecret));

    const grant = await exchange({ code: query.get('code')!, expiring: '1' });
    expect(grant.status).toBe(200);
    expect(grant.body).toMatchObject({
      scope: 'read_products,read_locales',
      expires_in: 600,
      refresh_token_expires_in: 3600,
    });
    accessToken = grant.body.access_token as string;
    refreshToken = grant.body.refresh_token as string;
    expect((await shopify.graphql(accessToken, shopQuery)).status).toBe(200);

    // The same code a second time: refused, whatever the client.
    const again = await exchange({ code: query.get('code')!, expiring: '1' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    });
  });

  it('refuses a code exchange with the wrong client secret', async () => {
    const response = await clickOnScreen('install');
    const code = new URL(response.headers.get('location')!).searchParams.get('code')!;
    const refused = await exchange({ code, client_secret: 'not-the-secret', expiring: '1' });
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
  });

  it('rotates refresh tokens: the old one works until the new one is used, then never again', async () => {
    const first = await exchange({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(first.status).toBe(200);
    const second = first.body.refresh_token as string;
    expect(second).not.toBe(refreshToken);
    expect((await shopify.graphql(first.body.access_token as string, shopQuery)).status).toBe(200);

    // The app lost the answer: the previous refresh token still works while `second` is unused.
    const retried = await exchange({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(retried.status).toBe(200);
    const third = retried.body.refresh_token as string;

    // Using the replacement retires the token it replaced.
    const used = await exchange({ grant_type: 'refresh_token', refresh_token: third });
    expect(used.status).toBe(200);
    const stale = await exchange({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('invalid_grant');
    refreshToken = used.body.refresh_token as string;
    accessToken = used.body.access_token as string;
  });

  it('refuses a revoked refresh token', async () => {
    expect((await shopify.control('POST', 'revoke-refresh-tokens')).status).toBe(200);
    const refused = await exchange({ grant_type: 'refresh_token', refresh_token: refreshToken });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers 401 with Shopify’s body to an expired access token', async () => {
    expect((await shopify.graphql(accessToken, shopQuery)).status).toBe(200);
    await shopify.control('POST', 'expire-access-tokens');
    const refused = await shopify.graphql(accessToken, shopQuery);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({
      errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
    });
  });

  it('expires access tokens by their lifetime too', async () => {
    const short = await startTestShopify({ accessTokenLifetimeSeconds: 1 });
    try {
      const grant = await short.installApp();
      expect(grant.expires_in).toBe(1);
      expect((await short.graphql(grant.access_token, shopQuery)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await short.graphql(grant.access_token, shopQuery)).status).toBe(401);
    } finally {
      await short.stop();
    }
  });

  it('skips the screen for an app already installed with the scopes it asks for', async () => {
    const response = await fetch(authorizeUrl(), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const query = new URL(response.headers.get('location')!).searchParams;
    expect(query.get('hmac')).toBe(expectedHmac(query, shopify.app.apiSecret));
  });
});
