import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDependencies } from '../../server/areas/catalog/catalog-dependencies.ts';
import * as catalogRepository from '../../server/areas/catalog/catalog-repository.ts';
import { importCatalog } from '../../server/areas/catalog/import-catalog.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import type { JobQueue } from '../../server/jobs/job-queue.ts';
import { shopifyScopes } from '../../server/platform/shopify/shopify-app.ts';
import { createTestJobQueue } from '../support/api-test-app.ts';
import { openTestDatabase } from '../support/integration-services.ts';
import {
  catalogDependenciesFor,
  controls,
  installApp,
  startLocalShopify,
  startWebhookReceiver,
  testApp,
  type LocalShopify,
  type WebhookReceiver,
} from './catalog-local-shopify-support.ts';

/**
 * The runs that fill a store's copy (imports and reconciliations) against the local Shopify, when
 * things go wrong around them: a result download that stops sending part-way.
 */

const schema = `pgboss_sync_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const large = 'grande-maison.myshopify.com';

let database: DatabaseHandle;
let jobs: JobQueue;
let receiver: WebhookReceiver;
let shopify: LocalShopify;
const tokens = new Map<string, string>();

function depsFor(shopDomain: string, shopId: string): CatalogDependencies {
  return catalogDependenciesFor({
    db: database.db,
    jobs,
    localShopifyUrl: shopify.url,
    publicUrl: receiver.url,
    store: { shopId, shopDomain, accessToken: tokens.get(shopDomain)! },
  });
}

async function copyCounts(shopId: string) {
  return (await catalogRepository.countRecords(database.db, [shopId])).get(shopId)!;
}

/** How a promise ended within `ms`, or that it had not. */
async function settledWithin<T>(
  ms: number,
  promise: Promise<T>,
): Promise<{ value: T } | { error: unknown } | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'still running'>((resolve) => {
    timer = setTimeout(() => resolve('still running'), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        (value) => ({ value }),
        (error: unknown) => ({ error }),
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

beforeAll(async () => {
  database = openTestDatabase();
  jobs = createTestJobQueue(schema);
  await jobs.start();
  receiver = await startWebhookReceiver(testApp.apiSecret);
  shopify = await startLocalShopify({
    port: 0,
    app: {
      ...testApp,
      appUrl: `${receiver.url}/oauth/shopify`,
      redirectUrls: [`${receiver.url}/oauth/shopify`],
      complianceWebhookUrl: `${receiver.url}/webhooks/shopify`,
    },
    stores: [{ name: 'grande-maison', products: 3000 }],
    webhookRetryDelaysMs: [200, 400, 800],
  });
  tokens.set(
    large,
    await installApp(shopify.url, large, `${receiver.url}/oauth/shopify`, shopifyScopes),
  );
}, 120_000);

afterAll(async () => {
  await shopify?.stop();
  await receiver?.close();
  await jobs?.stop();
  await database?.pool.query(`drop schema if exists ${schema} cascade`);
  await database?.close();
});

describe('a result download that stops sending', () => {
  it('is given up once silent for the idle timeout, and the next attempt resumes from the stored point', async () => {
    const shopId = randomUUID();
    const local = controls(shopify.url, large);
    await catalogRepository.markQueued(database.db, shopId);
    // Silence is given up after 2 s here (60 s in the product).
    const impatient = { ...depsFor(large, shopId), bulkFileIdleTimeoutMs: 2000 };

    await local.holdResultDownloads(300_000);
    try {
      const stalled = await settledWithin(
        30_000,
        importCatalog(impatient, shopId, { batchRows: 100 }),
      );
      expect(stalled).toEqual({
        error: expect.objectContaining({ message: expect.stringMatching(/sent nothing for/) }),
      });
    } finally {
      await local.holdResultDownloads(null);
    }
    const stopped = (await catalogRepository.findSyncState(database.db, shopId))!;
    expect(stopped.phase).toBe('importing');
    const products = stopped.operations.find((operation) => operation.kind === 'products')!;
    // What came before the silence is stored, with the point to resume from.
    expect(products.linesStored).toBeGreaterThan(0);
    expect(products.linesStored).toBeLessThan(products.objectCount!);
    expect(products.bytesStored).toBeLessThanOrEqual(300_000);

    await importCatalog(depsFor(large, shopId), shopId);

    const resumed = (await catalogRepository.findSyncState(database.db, shopId))!;
    expect(resumed).toMatchObject({ run: stopped.run, phase: 'ready' });
    expect(await copyCounts(shopId)).toEqual(await local.summary());
  }, 120_000);
});
