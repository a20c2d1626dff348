/**
 * A local Shopify for one test file (server/local/shopify/local-shopify.ts), on a free port, with
 * local mode's app credentials, short lifetimes and quick webhook retries. Its whole API:
 *
 *   const shopify = await startTestShopify({ publicUrl: 'http://localhost:3000' });
 *   shopify.url                  the server, e.g. http://127.0.0.1:41234
 *   shopify.shopDomain           'maison-exemple.myshopify.com' (the first store)
 *   shopify.shopUrl(domain?)     `${url}/${domain}`: what ShopifyApp.shopUrl gives in local mode
 *   shopify.app                  { apiKey, apiSecret, appUrl, redirectUrls, complianceWebhookUrl }
 *   await shopify.control('PATCH', 'products/8100000000001', { title: 'New' })
 *                                a `_local/api/…` control of the store: { status, body }
 *   await shopify.installApp()   the app installed by the OAuth flow itself (no product involved):
 *                                { access_token, refresh_token, expires_in, … }
 *   await shopify.graphql(token, query, variables?)
 *                                a POST to the Admin API at the pinned version: { status, body }
 *   await shopify.stop()
 *
 * Options: `publicUrl` (the product's address: the redirect URL is `${publicUrl}/oauth/shopify` and
 * the compliance address `${publicUrl}/webhooks/shopify`), plus any of LocalShopifyOptions (stores,
 * lifetimes, bucket, webhookRetryDelaysMs, log). Defaults here: access tokens live 600 s, refresh
 * tokens 3600 s, webhooks are retried after 100, 200 and 400 ms. The controls (see
 * server/local/shopify/local-controls.ts): GET summary, GET|PATCH|DELETE products/<id>, POST products,
 * POST collections, PATCH|DELETE collections/<id>, PATCH pages/<id>, PATCH articles/<id>,
 * DELETE articles/<id>/updated-at and blogs/<id>/updated-at (Shopify then holds no update time for
 * it: `updatedAt` answers null), PATCH shop, PUT locales,
 * PUT translations, POST revoke-refresh-tokens,
 * POST expire-access-tokens, PUT token-endpoint-failures ({ status: 408|429|5xx, times }: the
 * token endpoint fails so many times, null times for every request; { status: null } ends it),
 * POST uninstall, POST shop-redact, POST customers-redact,
 * POST customers-data-request, GET webhook-deliveries, GET installation, PUT bucket,
 * PUT result-downloads ({ holdAfterBytes }: the store's bulk result files stop part-way; null resumes).
 */
import { localShopifyApp } from '#server/config.ts';
import {
  startLocalShopify,
  type LocalShopify,
  type LocalShopifyOptions,
} from '#server/local/shopify/local-shopify.ts';
import { shopifyApiVersion, shopifyScopes } from '#server/platform/shopify/shopify-app.ts';

/** What the Admin API answers: `T` is the shape of `data` the test expects. */
export interface AdminApiAnswer<T> {
  data?: T;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }> | string;
  extensions?: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}

export interface TestShopify extends LocalShopify {
  shopDomain: string;
  app: LocalShopifyOptions['app'];
  shopUrl(shopDomain?: string): string;
  control<T = Record<string, unknown>>(
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    shopDomain?: string,
  ): Promise<{ status: number; body: T }>;
  installApp(options?: { scopes?: readonly string[]; shopDomain?: string }): Promise<{
    access_token: string;
    scope: string;
    expires_in: number;
    refresh_token: string;
    refresh_token_expires_in: number;
  }>;
  graphql<T = Record<string, unknown>>(
    accessToken: string,
    query: string,
    variables?: Record<string, unknown>,
    shopDomain?: string,
  ): Promise<{ status: number; body: AdminApiAnswer<T> }>;
}

export async function startTestShopify(
  options: Partial<Omit<LocalShopifyOptions, 'app'>> & { publicUrl?: string } = {},
): Promise<TestShopify> {
  const { publicUrl = 'http://localhost:3000', ...rest } = options;
  const app = {
    ...localShopifyApp,
    appUrl: `${publicUrl}/oauth/shopify`,
    redirectUrls: [`${publicUrl}/oauth/shopify`],
    complianceWebhookUrl: `${publicUrl}/webhooks/shopify`,
  };
  const shopify = await startLocalShopify({
    port: 0,
    accessTokenLifetimeSeconds: 600,
    refreshTokenLifetimeSeconds: 3600,
    webhookRetryDelaysMs: [100, 200, 400],
    ...rest,
    app,
  });
  const shopDomain = `${(rest.stores ?? [{ name: 'maison-exemple' }])[0]!.name}.myshopify.com`;
  const shopUrl = (domain = shopDomain) => `${shopify.url}/${domain}`;

  return {
    url: shopify.url,
    storefront: shopify.storefront,
    stop: () => shopify.stop(),
    shopDomain,
    app,
    shopUrl,
    async control(method, path, body, domain) {
      const response = await fetch(`${shopUrl(domain)}/_local/api/${path}`, {
        method,
        ...(body !== undefined && {
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        }),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
    async installApp({ scopes = shopifyScopes, shopDomain: domain = shopDomain } = {}) {
      const decision = await fetch(`${shopUrl(domain)}/admin/oauth/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          client_id: app.apiKey,
          redirect_uri: app.redirectUrls[0]!,
          scope: scopes.join(','),
          state: 'test',
          decision: 'install',
        }),
      });
      const location = decision.headers.get('location');
      if (location === null) throw new Error(`The install was refused (HTTP ${decision.status})`);
      const code = new URL(location).searchParams.get('code')!;
      const response = await fetch(`${shopUrl(domain)}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify({
          client_id: app.apiKey,
          client_secret: app.apiSecret,
          code,
          expiring: '1',
        }),
      });
      if (!response.ok) throw new Error(`The code exchange failed (HTTP ${response.status})`);
      return (await response.json()) as Awaited<ReturnType<TestShopify['installApp']>>;
    },
    async graphql(accessToken, query, variables, domain) {
      const response = await fetch(
        `${shopUrl(domain)}/admin/api/${shopifyApiVersion}/graphql.json`,
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Shopify-Access-Token': accessToken,
          },
          body: JSON.stringify({ query, ...(variables !== undefined && { variables }) }),
        },
      );
      return { status: response.status, body: (await response.json()) as never };
    },
  };
}
