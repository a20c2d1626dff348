import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { AppInstallations } from './app-installations.ts';
import { localControls } from './local-controls.ts';
import { LocalShopifyState } from './local-shopify-state.ts';
import { SeededStore } from './seeded-store.ts';
import { shopifyRoutes } from './shopify-routes.ts';
import { storeImageRoutes } from './store-images.ts';
import { storefrontRoutes, type StorefrontControls } from './storefront-routes.ts';
import { defaultWebhookRetryDelaysMs, WebhookDeliveries } from './webhook-deliveries.ts';

/**
 * The local Shopify: a server of our own that speaks Shopify's protocol (OAuth with expiring,
 * rotating tokens; the GraphQL Admin API with its cost and throttling; bulk operations; signed
 * webhooks) for seeded, deterministic stores, each served under `${url}/<name>.myshopify.com/`, with
 * their images (store-images.ts), and the stores' online storefronts, rendered as Shopify's Dawn
 * theme does (storefront-routes.ts).
 * Local mode and the tests start it; production never loads it.
 */

export interface LocalShopifyOptions {
  /** 0: any free port. */
  port: number;
  app: {
    apiKey: string;
    apiSecret: string;
    /** App URL (Shopify opens it for an install started from Shopify's side), e.g. http://localhost:3000/oauth/shopify */
    appUrl: string;
    /** Allowed redirect_uri values (exact match, as Shopify's allow-list). */
    redirectUrls: string[];
    /** Where the three privacy topics go (shopify.app.toml's compliance_topics uri). */
    complianceWebhookUrl: string;
  };
  /** Stores to seed; default: [{ name: 'maison-exemple' }] with its seeded catalog. */
  stores?: Array<{ name: string; products?: number }>;
  /** Default 3600. */
  accessTokenLifetimeSeconds?: number;
  /** Default 90 days. */
  refreshTokenLifetimeSeconds?: number;
  /** Default 2000 / 100 (the standard plan). */
  bucket?: { maximumAvailable: number; restoreRate: number };
  /** Webhook retry delays in ms (Shopify: 8 attempts over 4 h; local default: 1 s, 2 s, 4 s… 64 s). */
  webhookRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface LocalShopify {
  readonly url: string;
  /**
   * The stores' storefronts answer at this same address for a request whose Host is the store's
   * primary domain (`storefrontUrl`'s host): what they were asked, and a way to slow them down.
   */
  readonly storefront: StorefrontControls;
  stop(): Promise<void>;
}

const storeName = /^[a-z0-9][a-z0-9-]*$/;

export async function startLocalShopify(options: LocalShopifyOptions): Promise<LocalShopify> {
  const log = options.log ?? (() => {});
  const seeds = options.stores ?? [{ name: 'maison-exemple' }];
  for (const { name } of seeds) {
    if (!storeName.test(name))
      throw new Error(`A store name is lowercase letters, digits and hyphens: ${name}`);
  }
  // Seeded once the server listens: the stores' images are named at its address (store-images.ts).
  const stores = new Map<string, SeededStore>();
  const resultsDirectory = await mkdtemp(path.join(os.tmpdir(), 'local-shopify-bulk-'));
  let url = '';
  const state = new LocalShopifyState(
    stores,
    new AppInstallations(
      options.app,
      {
        accessTokenSeconds: options.accessTokenLifetimeSeconds ?? 3600,
        refreshTokenSeconds: options.refreshTokenLifetimeSeconds ?? 90 * 24 * 3600,
      },
      options.bucket ?? { maximumAvailable: 2000, restoreRate: 100 },
    ),
    new WebhookDeliveries({
      apiSecret: options.app.apiSecret,
      retryDelaysMs: options.webhookRetryDelaysMs ?? defaultWebhookRetryDelaysMs,
      log,
    }),
    options.app,
    {
      directory: resultsDirectory,
      urlOf: (fileName) => `${url}/bulk-operation-results/${fileName}`,
    },
    log,
  );

  const app = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('application/graphql', { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );
  const storefront = storefrontRoutes(stores);
  storefront.install(app);
  await app.register(shopifyRoutes(state, resultsDirectory));
  await app.register(localControls(state));
  await app.register(storeImageRoutes(stores));
  app.get('/', async () => ({
    stores: [...stores.keys()].map((domain) => ({
      domain,
      admin: `${url}/${domain}/_local/admin`,
    })),
  }));

  try {
    await app.listen({ port: options.port, host: '127.0.0.1' });
  } catch (error) {
    await rm(resultsDirectory, { recursive: true, force: true });
    throw error;
  }
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : options.port}`;
  for (const { name, products } of seeds) {
    const store = new SeededStore(name, products, url);
    stores.set(store.domain, store);
  }

  return {
    url,
    storefront: storefront.controls,
    async stop() {
      state.stop();
      await app.close();
      await rm(resultsDirectory, { recursive: true, force: true });
    },
  };
}
