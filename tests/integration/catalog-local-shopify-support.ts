import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  adminClients,
  type CatalogDependencies,
  type ShopAccessProvider,
} from '#server/areas/catalog/catalog-dependencies.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import type { WebhookHandler } from '#server/areas/catalog/catalog-webhooks.ts';
import type { Database, DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import {
  startLocalShopify,
  type LocalShopify,
  type LocalShopifyOptions,
} from '#server/local/shopify/local-shopify.ts';
import { shopifyApp, shopifyScopes } from '#server/platform/shopify/shopify-app.ts';
import type { WebhookDelivery } from '#server/platform/shopify/webhook-delivery.ts';
import type { CatalogCounts } from '#shared/schemas/shops.ts';
import { createTestJobQueue } from '../support/api-test-app.ts';
import { openTestDatabase } from '../support/integration-services.ts';

/**
 * What the catalog's tests against the local Shopify (server/local/shopify) need around it: the
 * local Shopify itself; an installed app's token, obtained through the install screen and the code
 * exchange as the product does; and a webhook receiver that verifies Shopify's signature and hands
 * each delivery to the catalog's handlers, as the webhooks area does.
 */

export { startLocalShopify, type LocalShopify };

export const testApp = {
  apiKey: 'catalog-test-app-key',
  apiSecret: 'catalog-test-app-secret-0123456789abcdef',
};

/** The local Shopify's people's controls for a store (`_local/api/…`). */
export function controls(localShopifyUrl: string, shopDomain: string) {
  const base = `${localShopifyUrl}/${shopDomain}/_local/api`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}/${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} _local/api/${path} answered ${response.status}`);
    const text = await response.text();
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return {
    summary: () =>
      call<{
        products: number;
        collections: number;
        pages: number;
        blogs: number;
        articles: number;
        media: number;
        translations: number;
      }>('GET', 'summary'),
    patchProduct: (id: string, changes: Record<string, unknown>) =>
      call('PATCH', `products/${id}`, changes),
    createProduct: (product: Record<string, unknown>) =>
      call<Record<string, unknown>>('POST', 'products', product),
    deleteProduct: (id: string) => call('DELETE', `products/${id}`),
    patchPage: (id: string, changes: Record<string, unknown>) =>
      call('PATCH', `pages/${id}`, changes),
    /** The blog or article is one Shopify holds no update time for: its `updatedAt` answers null. */
    forgetUpdateTime: (kind: 'blogs' | 'articles', id: string) =>
      call('DELETE', `${kind}/${id.split('/').pop()}/updated-at`),
    setBucket: (bucket: { maximumAvailable: number; restoreRate: number }) =>
      call('PUT', 'bucket', bucket),
    /** The store's result files stop part-way, silent but open, until lifted with null. */
    holdResultDownloads: (holdAfterBytes: number | null) =>
      call('PUT', 'result-downloads', { holdAfterBytes }),
  };
}

/**
 * Installs the app on a store the way an owner does: opens the install screen, submits its Install
 * form, takes the code from the redirect and exchanges it for an offline token.
 */
export async function installApp(
  localShopifyUrl: string,
  shopDomain: string,
  redirectUri: string,
  scopes: readonly string[],
  /** The app the local Shopify knows: the tests' own, or local mode's for a local Shopify run by its CLI. */
  app: { apiKey: string; apiSecret: string } = testApp,
): Promise<string> {
  const state = randomUUID();
  const authorize = new URL(`${localShopifyUrl}/${shopDomain}/admin/oauth/authorize`);
  authorize.searchParams.set('client_id', app.apiKey);
  authorize.searchParams.set('scope', scopes.join(','));
  authorize.searchParams.set('redirect_uri', redirectUri);
  authorize.searchParams.set('state', state);
  const page = await fetch(authorize, { redirect: 'manual' });
  const html = await page.text();
  // The screen's form whose button says Install (the other one cancels).
  const install = [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/gi)].find((match) =>
    /Install/.test(match[2]!),
  );
  if (install === undefined) throw new Error('The install screen has no Install form');
  const attributes = install[1] ?? '';
  const action = /action="([^"]*)"/.exec(attributes)?.[1] ?? authorize.pathname + authorize.search;
  const method = /method="([^"]*)"/i.exec(attributes)?.[1]?.toUpperCase() ?? 'POST';
  const fields = new URLSearchParams();
  for (const input of install[2]!.matchAll(
    /<input[^>]*name="([^"]*)"[^>]*value="([^"]*)"[^>]*>/gi,
  )) {
    fields.append(input[1]!, input[2]!.replaceAll('&amp;', '&'));
  }
  const button = /<button[^>]*name="([^"]*)"[^>]*value="([^"]*)"[^>]*>\s*Install/i.exec(
    install[2]!,
  );
  if (button !== null) fields.append(button[1]!, button[2]!);
  const target = new URL(action.replaceAll('&amp;', '&'), authorize);
  const submitted =
    method === 'GET'
      ? await fetch(new URL(`${target.pathname}?${fields}`, target), { redirect: 'manual' })
      : await fetch(target, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: fields,
        });
  const location = submitted.headers.get('location');
  if (location === null) throw new Error(`Install answered ${submitted.status} without a redirect`);
  const code = new URL(location, target).searchParams.get('code');
  if (code === null) throw new Error('The install redirect carries no code');
  const exchange = await fetch(`${localShopifyUrl}/${shopDomain}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: app.apiKey,
      client_secret: app.apiSecret,
      code,
      expiring: '1',
    }),
  });
  const token = (await exchange.json()) as { access_token?: string };
  if (token.access_token === undefined)
    throw new Error(`Code exchange answered ${exchange.status}`);
  return token.access_token;
}

export interface WebhookReceiver {
  url: string;
  /** Deliveries handled, with when their handler finished (ms since the epoch). */
  handled: Array<{ delivery: WebhookDelivery; triggeredAtMs: number; doneAtMs: number }>;
  /** While false, deliveries are answered 200 and dropped: webhooks the product missed. */
  accepting: boolean;
  /** While true, deliveries are answered 500: a product that is down, as Shopify sees it. */
  failing: boolean;
  setHandlers(handlers: Record<string, WebhookHandler>): void;
  close(): Promise<void>;
}

/** Receives Shopify's deliveries as the webhooks area does: signature first, 200 at once, then the handler. */
export async function startWebhookReceiver(apiSecret: string): Promise<WebhookReceiver> {
  let handlers: Record<string, WebhookHandler> = {};
  const receiver: WebhookReceiver = {
    url: '',
    handled: [],
    accepting: true,
    failing: false,
    setHandlers(next) {
      handlers = next;
    },
    close: async () => {},
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const expected = createHmac('sha256', apiSecret).update(body).digest();
      const given = Buffer.from(String(request.headers['x-shopify-hmac-sha256'] ?? ''), 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        response.writeHead(401).end();
        return;
      }
      if (receiver.failing) {
        response.writeHead(500).end();
        return;
      }
      response.writeHead(200).end();
      if (!receiver.accepting) return;
      const topic = String(request.headers['x-shopify-topic']);
      const triggeredAt = request.headers['x-shopify-triggered-at'];
      const delivery: WebhookDelivery = {
        provider: 'shopify',
        topic,
        shopDomain: String(request.headers['x-shopify-shop-domain']),
        webhookId: String(request.headers['x-shopify-webhook-id']),
        triggeredAt: typeof triggeredAt === 'string' ? new Date(triggeredAt) : null,
        payload: JSON.parse(body.toString('utf8')),
      };
      const handler = handlers[topic];
      if (handler === undefined) return;
      void handler(delivery).then(() =>
        receiver.handled.push({
          delivery,
          triggeredAtMs: delivery.triggeredAt?.getTime() ?? Date.now(),
          doneAtMs: Date.now(),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** The catalog's dependencies for one installed store of the local Shopify. */
export function catalogDependenciesFor(options: {
  db: Database;
  jobs: JobQueue;
  localShopifyUrl: string;
  publicUrl: string;
  store: { shopId: string; shopDomain: string; accessToken: string };
  /** Stores the shops area marked as needing reconnection. */
  refused?: string[];
  /** Stores the shops area says their owner's plan pauses. */
  paused?: ReadonlySet<string>;
  /** The pages the owner's plan audits (Business's unless given); changing it changes the plan. */
  plan?: { pagesAudited: number };
}): CatalogDependencies {
  const shopify = shopifyApp({ ...testApp, localShopifyUrl: options.localShopifyUrl });
  const { store } = options;
  const shops: ShopAccessProvider = {
    shopAccess: async (shopId) => {
      if (shopId !== store.shopId) throw new Error(`Unknown store ${shopId}`);
      return store;
    },
    findShopByDomain: async (shopDomain) =>
      shopDomain === store.shopDomain ? { shopId: store.shopId, ownerUid: 'owner' } : undefined,
    storeIsPaused: async (shopId) => options.paused?.has(shopId) ?? false,
    pagesAuditedFor: async () => options.plan?.pagesAudited ?? 100_000,
    handleRefusedAccessToken: async (shopId) => {
      options.refused?.push(shopId);
      return 'ended';
    },
  };
  return {
    db: options.db,
    jobs: options.jobs,
    shopify,
    shops,
    publicUrl: options.publicUrl,
    log: { info: () => {}, warn: () => {}, error: () => {} },
    adminClient: adminClients(shopify, shops),
    bulkPollIntervalMs: 100,
  };
}

/**
 * What a catalog test file starts from: the file's database, a job queue in a schema of its own, a
 * webhook receiver, and the local Shopify with its stores seeded and the app installed on each
 * (their tokens by domain). `stop` leaves nothing behind.
 */
export interface CatalogBench {
  database: DatabaseHandle;
  jobs: JobQueue;
  receiver: WebhookReceiver;
  shopify: LocalShopify;
  tokens: Map<string, string>;
  /** The catalog's dependencies for one of the stores, under the id the test gives it. */
  depsFor(shopDomain: string, shopId: string): CatalogDependencies;
  /** What the store's copy holds, kind by kind. */
  copyCounts(shopId: string): Promise<CatalogCounts>;
  stop(): Promise<void>;
}

export async function startCatalogBench(options: {
  /** The job queue's schema: unique to the file, since the files share the cluster. */
  jobSchema: string;
  stores: NonNullable<LocalShopifyOptions['stores']>;
  webhookRetryDelaysMs?: number[];
}): Promise<CatalogBench> {
  const database = openTestDatabase();
  const jobs = createTestJobQueue(options.jobSchema);
  await jobs.start();
  const receiver = await startWebhookReceiver(testApp.apiSecret);
  const callbackUrl = `${receiver.url}/oauth/shopify`;
  const shopify = await startLocalShopify({
    port: 0,
    app: {
      ...testApp,
      appUrl: callbackUrl,
      redirectUrls: [callbackUrl],
      complianceWebhookUrl: `${receiver.url}/webhooks/shopify`,
    },
    stores: options.stores,
    ...(options.webhookRetryDelaysMs !== undefined && {
      webhookRetryDelaysMs: options.webhookRetryDelaysMs,
    }),
  });
  const tokens = new Map<string, string>();
  for (const { name } of options.stores) {
    const shopDomain = `${name}.myshopify.com`;
    tokens.set(shopDomain, await installApp(shopify.url, shopDomain, callbackUrl, shopifyScopes));
  }
  return {
    database,
    jobs,
    receiver,
    shopify,
    tokens,
    depsFor: (shopDomain, shopId) =>
      catalogDependenciesFor({
        db: database.db,
        jobs,
        localShopifyUrl: shopify.url,
        publicUrl: receiver.url,
        store: { shopId, shopDomain, accessToken: tokens.get(shopDomain)! },
      }),
    copyCounts: async (shopId) =>
      (await catalogRepository.countRecords(database.db, [shopId])).get(shopId)!,
    stop: async () => {
      await shopify.stop();
      await receiver.close();
      await jobs.stop();
      await database.pool.query(`drop schema if exists ${options.jobSchema} cascade`);
      await database.close();
    },
  };
}
