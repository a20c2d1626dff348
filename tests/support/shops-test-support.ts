import { createHmac, randomUUID } from 'node:crypto';
import type { CatalogCounts } from '#shared/schemas/shops.ts';
import { localShopifyApp } from '#server/config.ts';
import {
  noRecords,
  type ShopCatalog,
  type StoreCopySummary,
} from '#server/areas/shops/shop-catalog.ts';
import { shopTokenCipher } from '#server/areas/shops/shop-tokens.ts';
import { shopifyApp, type ShopifyApp } from '#server/platform/shopify/shopify-app.ts';

/**
 * Shopify's side of the protocol as the tests play it, and the catalog's side of connected stores
 * as a recording of what the shops area asked of it (the catalog area is not part of these tests).
 */

export const testShopifyCredentials = localShopifyApp;

/** The product's own secret in these tests (SESSION_SECRET), and the stores' token cipher it keys. */
export const testProductSecret = 'integration-test-product-secret-0123456789';
export const testShopTokens = shopTokenCipher(testProductSecret);

/** Where the tests' Shopify app sends owners back (the BFF harness's public address). */
export const testOauthRedirectUri = 'http://localhost:3000/oauth/shopify';

/**
 * The app as the API under test knows it. Without a local Shopify's address its stores live on a
 * loopback port nothing listens on: a call to Shopify fails at once, as an unreachable Shopify does.
 */
export function testShopifyApp(localShopifyUrl = 'http://127.0.0.1:1'): ShopifyApp {
  return shopifyApp({ ...testShopifyCredentials, localShopifyUrl });
}

/**
 * Signs a query as Shopify signs the ones it sends to an app: hex HMAC-SHA256 under the app's secret
 * of the parameters other than `hmac`, sorted by name, written `name=value` joined with `&`.
 */
export function signedByShopify(
  params: Record<string, string>,
  secret: string = testShopifyCredentials.apiSecret,
): URLSearchParams {
  const message = Object.keys(params)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name]!)}`)
    .join('&');
  const hmac = createHmac('sha256', secret).update(message).digest('hex');
  return new URLSearchParams({ ...params, hmac });
}

/** Shopify's webhook signature: base64 HMAC-SHA256 of the body's bytes under the app's secret. */
export function webhookSignature(
  body: string | Buffer,
  secret: string = testShopifyCredentials.apiSecret,
): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

/** The headers Shopify sends with a delivery of `topic` about `shopDomain`, signed for `body`. */
export function shopifyWebhookHeaders(
  topic: string,
  shopDomain: string,
  body: string,
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    'content-type': 'application/json',
    'x-shopify-topic': topic,
    'x-shopify-hmac-sha256': webhookSignature(body),
    'x-shopify-shop-domain': shopDomain,
    'x-shopify-api-version': '2026-10',
    'x-shopify-webhook-id': randomUUID(),
    'x-shopify-triggered-at': new Date().toISOString(),
    'x-shopify-event-id': randomUUID(),
    ...overrides,
  };
}

/** A store name no other test uses. */
export function uniqueShopDomain(prefix = 'boutique'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}.myshopify.com`;
}

export interface RecordingCatalog extends ShopCatalog {
  readonly queuedImports: string[];
  readonly deletedCopies: string[];
  /** What summaries() and states() answer for a store; none by default. */
  readonly copies: Map<string, StoreCopySummary>;
  /** What deleteStoreCopy() answers it removed. */
  removedCounts: CatalogCounts;
}

export function recordingCatalog(): RecordingCatalog {
  const catalog: RecordingCatalog = {
    queuedImports: [],
    deletedCopies: [],
    copies: new Map(),
    removedCounts: noRecords,
    async queueImport(shopId) {
      catalog.queuedImports.push(shopId);
    },
    async states(shopIds) {
      return catalog.summaries(shopIds);
    },
    async summaries(shopIds) {
      return new Map(
        shopIds.flatMap((id) => {
          const copy = catalog.copies.get(id);
          return copy === undefined ? [] : [[id, copy] as const];
        }),
      );
    },
    async deleteStoreCopy(shopId) {
      catalog.deletedCopies.push(shopId);
      return catalog.removedCounts;
    },
  };
  return catalog;
}

/**
 * Shopify's token endpoint (`POST /<shop>/admin/oauth/access_token`) as the tests play it, for the
 * tests that need a code traded and need nothing else of Shopify (its install screen answers for
 * every store, which thus exists): it checks the app's credentials,
 * takes each code once, and grants expiring offline tokens of its own making. The whole local
 * Shopify (tests/support/local-shopify.ts) speaks the rest of the protocol.
 */
export interface PlayedTokenEndpoint {
  url: string;
  /** A code Shopify would put on its redirect after Install; valid once. */
  issueCode(shopDomain: string): string;
  /** Every token it granted, to look for them where they must not be. */
  readonly grantedTokens: string[];
  close(): Promise<void>;
}

export async function playShopifyTokenEndpoint(): Promise<PlayedTokenEndpoint> {
  const { default: Fastify } = await import('fastify');
  const server = Fastify();
  const codes = new Map<string, string>();
  const grantedTokens: string[] = [];
  // Every store exists here: the install screen's address answers, as Shopify's does for a store.
  server.get('/:shop/admin/oauth/authorize', async (_request, reply) =>
    reply.type('text/html').send('<!doctype html><title>Install</title>'),
  );
  server.post<{ Params: { shop: string }; Body: Record<string, string> }>(
    '/:shop/admin/oauth/access_token',
    async (request, reply) => {
      const { client_id: clientId, client_secret: clientSecret, code } = request.body;
      if (
        clientId !== testShopifyCredentials.apiKey ||
        clientSecret !== testShopifyCredentials.apiSecret ||
        code === undefined ||
        codes.get(code) !== request.params.shop
      ) {
        return reply.code(400).send({ error: 'invalid_request' });
      }
      codes.delete(code);
      const accessToken = `shpat_${randomUUID().replaceAll('-', '')}`;
      const refreshToken = `shprt_${randomUUID().replaceAll('-', '')}`;
      grantedTokens.push(accessToken, refreshToken);
      return {
        access_token: accessToken,
        scope: 'read_products,write_products',
        expires_in: 3600,
        refresh_token: refreshToken,
        refresh_token_expires_in: 7_776_000,
      };
    },
  );
  const url = await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url,
    grantedTokens,
    issueCode(shopDomain) {
      const code = randomUUID().replaceAll('-', '');
      codes.set(code, shopDomain);
      return code;
    },
    close: () => server.close(),
  };
}

/** Polls until `condition` holds (jobs run in the background); fails the test after 20 s. */
export async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('The condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
