import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '#shared/errors.ts';
import type { CatalogDependencies } from '#server/areas/catalog/catalog-dependencies.ts';
import { catalogImportJob, queueCatalogImport } from '#server/areas/catalog/catalog-import-job.ts';
import { productWithMedia, translationRows } from '#server/areas/catalog/catalog-records.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { catalogSummaries, deleteStoreCopy } from '#server/areas/catalog/catalog-summaries.ts';
import { catalogReconcileJob } from '#server/areas/catalog/catalog-reconcile-job.ts';
import { newOperations } from '#server/areas/catalog/catalog-sync.ts';
import { catalogWebhookHandlers } from '#server/areas/catalog/catalog-webhooks.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { shopifyApp } from '#server/platform/shopify/shopify-app.ts';
import { createTestJobQueue } from '../support/api-test-app.ts';
import { openTestDatabase } from '../support/integration-services.ts';

/**
 * What the catalog offers the rest of the product, on the real PostgreSQL: the stores screen's
 * summary of each copy, the removal of a copy, queueing an import, the import job's outcome when
 * Shopify refuses the store, and the webhook handlers' decisions that need no call to Shopify (a
 * stale delivery, a store we do not know; a deletion asks Shopify first), and what a removal keeps.
 */

const schema = `pgboss_catalog_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let database: DatabaseHandle;
let jobs: JobQueue;

beforeAll(async () => {
  database = openTestDatabase();
  jobs = createTestJobQueue(schema);
  await jobs.start();
});

afterAll(async () => {
  await jobs?.stop();
  await database?.pool.query(`drop schema if exists ${schema} cascade`);
  await database?.close();
});

const shopify = shopifyApp({ apiKey: 'key', apiSecret: 'secret' });

/** Dependencies whose way to Shopify records each use, and fails if the test said it must not be used. */
function dependencies(
  shops: { shopId: string; shopDomain: string },
  options: { shopifyRefuses?: boolean; paused?: boolean } = {},
) {
  const askedForAccess: string[] = [];
  const deps: CatalogDependencies = {
    db: database.db,
    jobs,
    shopify,
    publicUrl: 'http://127.0.0.1:9',
    log: { info: () => {}, warn: () => {}, error: () => {} },
    shops: {
      shopAccess: async (shopId) => {
        askedForAccess.push(shopId);
        if (options.shopifyRefuses === true) {
          throw new AppError('shop_needs_reconnecting', 409);
        }
        throw new Error('This test expects no call to Shopify');
      },
      findShopByDomain: async (shopDomain) =>
        shopDomain === shops.shopDomain ? { shopId: shops.shopId, ownerUid: 'owner' } : undefined,
      storeIsPaused: async (shopId) => options.paused === true && shopId === shops.shopId,
      pagesAuditedFor: async () => 100_000,
      handleRefusedAccessToken: async () => 'ended',
    },
    adminClient: () => {
      throw new Error('This test expects no call to Shopify');
    },
  };
  return { deps, askedForAccess };
}

const product = (id: number, updatedAt: string, title = `Produit ${id}`) =>
  productWithMedia({
    id: `gid://shopify/Product/${id}`,
    title,
    handle: `produit-${id}`,
    descriptionHtml: '<p>Lin</p>',
    seo: { title: null, description: null },
    status: 'ACTIVE',
    productType: '',
    vendor: 'Maison Exemple',
    tags: [],
    onlineStoreUrl: null,
    updatedAt,
    media: {
      nodes: [
        { id: `gid://shopify/MediaImage/${id}1`, mediaContentType: 'IMAGE', alt: null },
        { id: `gid://shopify/MediaImage/${id}2`, mediaContentType: 'IMAGE', alt: 'Nappe' },
      ],
    },
  });

/** A ready copy of a store with three products, their media and a French title each. */
async function readyCopy(shopId: string) {
  await catalogRepository.markQueued(database.db, shopId);
  const state = (await catalogRepository.beginRun(database.db, shopId, {
    phase: 'importing',
    locales: ['fr'],
    operations: newOperations(['products']),
  }))!;
  for (const id of [1, 2, 3]) {
    const { product: row, media } = product(id, '2026-05-01T10:00:00Z');
    await catalogRepository.storeProductWithMedia(database.db, shopId, state.run, row, media);
    await catalogRepository.replaceTranslations(
      database.db,
      shopId,
      state.run,
      [row.gid],
      ['fr'],
      translationRows(
        {
          resourceId: row.gid,
          translatableContent: [{ key: 'title', digest: 'd' }],
          t0: [
            {
              key: 'title',
              value: `Produit ${id} (fr)`,
              locale: 'fr',
              outdated: false,
              updatedAt: null,
            },
          ],
        },
        ['fr'],
      ),
    );
  }
  await catalogRepository.storeShopDetails(database.db, {
    shopId,
    gid: 'gid://shopify/Shop/1',
    name: 'Maison Exemple',
    myshopifyDomain: 'maison-exemple.myshopify.com',
    primaryDomainHost: 'maison-exemple.fr',
    primaryDomainUrl: 'https://maison-exemple.fr',
    currencyCode: 'EUR',
    ianaTimezone: 'Europe/Paris',
    locales: [
      {
        locale: 'en',
        name: 'English',
        primary: true,
        published: true,
        url: 'https://maison-exemple.fr/',
      },
      {
        locale: 'fr',
        name: 'French',
        primary: false,
        published: true,
        url: 'https://maison-exemple.fr/fr',
      },
    ],
    readAt: new Date(),
  });
  await catalogRepository.finishRun(database.db, shopId, state.run, 'import');
  return state.run;
}

describe('the stores screen’s view of a copy', () => {
  it('summarises a ready copy: counts by kind, the shop’s name, domain, currency and languages', async () => {
    const shopId = randomUUID();
    await readyCopy(shopId);
    const unknown = randomUUID();

    const summaries = await catalogSummaries(database.db, [shopId, unknown]);

    expect(summaries.get(shopId)).toMatchObject({
      phase: 'ready',
      errorCode: null,
      progress: null,
      counts: {
        products: 3,
        media: 6,
        translations: 3,
        collections: 0,
        pages: 0,
        blogs: 0,
        articles: 0,
      },
      name: 'Maison Exemple',
      primaryDomain: 'maison-exemple.fr',
      currency: 'EUR',
    });
    expect(summaries.get(shopId)!.locales.map((locale) => locale.url)).toEqual([
      'https://maison-exemple.fr/',
      'https://maison-exemple.fr/fr',
    ]);
    expect(summaries.get(shopId)!.lastSyncedAt).toEqual(expect.any(String));
    expect(summaries.get(unknown)).toMatchObject({ phase: undefined, progress: null, name: null });
  });

  it('shows an import’s progress: lines stored, and the total once every file is ready', async () => {
    const shopId = randomUUID();
    await catalogRepository.markQueued(database.db, shopId);
    const { run } = (await catalogRepository.beginRun(database.db, shopId, {
      phase: 'importing',
      locales: [],
      operations: newOperations(['products', 'collections']),
    }))!;
    await catalogRepository.updateOperation(database.db, shopId, run, 0, {
      linesStored: 300,
      objectCount: 1000,
    });
    let summary = (await catalogSummaries(database.db, [shopId])).get(shopId)!;
    expect(summary.progress).toEqual({ done: 300, total: null, percent: null });

    await catalogRepository.updateOperation(database.db, shopId, run, 1, {
      linesStored: 20,
      objectCount: 40,
    });
    summary = (await catalogSummaries(database.db, [shopId])).get(shopId)!;
    expect(summary.progress).toEqual({ done: 320, total: 1040, percent: 30 });
  });

  it('removes a store’s whole copy and says what it removed, leaving other stores alone', async () => {
    const [removed, kept] = [randomUUID(), randomUUID()];
    await readyCopy(removed);
    await readyCopy(kept);

    expect(await deleteStoreCopy(database.db, removed)).toEqual({
      products: 3,
      media: 6,
      translations: 3,
      collections: 0,
      pages: 0,
      blogs: 0,
      articles: 0,
    });
    const after = await catalogSummaries(database.db, [removed, kept]);
    expect(after.get(removed)).toMatchObject({
      phase: undefined,
      name: null,
      counts: { products: 0 },
    });
    expect(after.get(kept)).toMatchObject({ phase: 'ready', counts: { products: 3, media: 6 } });
  });
});

describe('the import job', () => {
  it('queues one import per store and shows it queued', async () => {
    const shopId = randomUUID();
    await queueCatalogImport({ db: database.db, jobs }, shopId);
    expect(await jobs.send(catalogImportJob, { shopId })).toBeNull();
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.phase).toBe('queued');
  });

  it('shows at once that the store must be reconnected when Shopify refuses it, without retrying', async () => {
    const shopId = randomUUID();
    await catalogRepository.markQueued(database.db, shopId);
    const { deps } = dependencies(
      { shopId, shopDomain: 'x.myshopify.com' },
      { shopifyRefuses: true },
    );
    await catalogImportJob.handle(
      {
        id: randomUUID(),
        payload: { shopId },
        retryCount: 0,
        retry: catalogImportJob.retry,
        lastAttempt: false,
      },
      deps,
    );
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)).toMatchObject({
      phase: 'error',
      errorCode: 'shop_needs_reconnecting',
    });
  });

  it('retries another failure, and shows import_failed after the last attempt', async () => {
    const shopId = randomUUID();
    await catalogRepository.markQueued(database.db, shopId);
    const { deps } = dependencies({ shopId, shopDomain: 'x.myshopify.com' });
    const run = { id: randomUUID(), payload: { shopId }, retry: catalogImportJob.retry };
    await expect(
      catalogImportJob.handle({ ...run, retryCount: 0, lastAttempt: false }, deps),
    ).rejects.toThrow(/no call to Shopify/);
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.phase).toBe('queued');

    await catalogImportJob.handle({ ...run, retryCount: 5, lastAttempt: true }, deps);
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)).toMatchObject({
      phase: 'error',
      errorCode: 'import_failed',
    });
  });
});

describe('the reconciliation job', () => {
  it('skips a ready store its plan pauses, without asking Shopify, and says so in the log', async () => {
    const shopId = randomUUID();
    await readyCopy(shopId);
    const { deps, askedForAccess } = dependencies(
      { shopId, shopDomain: `${shopId.slice(0, 8)}.myshopify.com` },
      { paused: true },
    );
    const logged: string[] = [];
    const log = { ...deps.log, info: (_details: object, message: string) => logged.push(message) };

    await catalogReconcileJob.handle(
      {
        id: randomUUID(),
        payload: { shopId },
        retryCount: 0,
        retry: catalogReconcileJob.retry,
        lastAttempt: false,
      },
      { ...deps, log },
    );

    expect(askedForAccess).toEqual([]);
    expect(logged).toContain('catalog reconciliation skipped: the store is paused by its plan');
  });
});

describe('the webhook handlers', () => {
  const delivery = (topic: string, shopDomain: string, payload: unknown) => ({
    provider: 'shopify' as const,
    topic,
    shopDomain,
    webhookId: randomUUID(),
    triggeredAt: new Date(),
    payload,
  });

  it('ignores a delivery older than the copy’s record without asking Shopify', async () => {
    const shopId = randomUUID();
    const shopDomain = `${shopId.slice(0, 8)}.myshopify.com`;
    await readyCopy(shopId);
    const { deps, askedForAccess } = dependencies({ shopId, shopDomain });

    await catalogWebhookHandlers(deps)['products/update']!(
      delivery('products/update', shopDomain, {
        id: 1,
        admin_graphql_api_id: 'gid://shopify/Product/1',
        title: 'An old title',
        updated_at: '2026-04-30T09:00:00+02:00',
      }),
    );
    expect(askedForAccess).toEqual([]);

    // A newer one is followed up: the handler asks for the store's access to read the product again.
    await expect(
      catalogWebhookHandlers(deps)['products/update']!(
        delivery('products/update', shopDomain, { id: 1, updated_at: '2026-05-02T09:00:00Z' }),
      ),
    ).rejects.toThrow(/no call to Shopify/);
    expect(askedForAccess).toEqual([shopId]);
  });

  it('asks Shopify before removing a product a deletion names, and removes nothing until it answers', async () => {
    const shopId = randomUUID();
    const shopDomain = `${shopId.slice(0, 8)}.myshopify.com`;
    await readyCopy(shopId);
    const { deps, askedForAccess } = dependencies({ shopId, shopDomain });

    await expect(
      catalogWebhookHandlers(deps)['products/delete']!(
        delivery('products/delete', shopDomain, { id: 2 }),
      ),
    ).rejects.toThrow(/no call to Shopify/);

    expect(askedForAccess).toEqual([shopId]);
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.counts.products).toBe(3);
  });

  it('removes a deleted product with its media and translations, and keeps older files from bringing it back', async () => {
    const shopId = randomUUID();
    const run = await readyCopy(shopId);

    // What the handler of products/delete does once Shopify confirms the product is gone.
    await catalogRepository.deleteRecord(
      database.db,
      shopId,
      'gid://shopify/Product/2',
      new Date(),
    );

    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.counts).toMatchObject({
      products: 2,
      media: 4,
      translations: 2,
    });
    const stale = product(2, '2026-05-01T10:00:00Z');
    const batch = {
      products: [stale.product],
      media: stale.media,
      collections: [],
      pages: [],
      blogs: [],
      articles: [],
      translations: [],
      productStamps: [],
      collectionStamps: [],
    };
    await catalogRepository.storeBatch(database.db, shopId, run, batch, {
      readSince: new Date(Date.now() - 60_000),
    });
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.counts.products).toBe(2);
  });

  it('leaves a store its plan pauses as it is: no refetch, no removal', async () => {
    const shopId = randomUUID();
    const shopDomain = `${shopId.slice(0, 8)}.myshopify.com`;
    await readyCopy(shopId);
    const { deps, askedForAccess } = dependencies({ shopId, shopDomain }, { paused: true });
    const before = (await catalogSummaries(database.db, [shopId])).get(shopId)!;

    await catalogWebhookHandlers(deps)['products/update']!(
      delivery('products/update', shopDomain, { id: 1, updated_at: '2026-05-02T09:00:00Z' }),
    );
    await catalogWebhookHandlers(deps)['products/delete']!(
      delivery('products/delete', shopDomain, { id: 2 }),
    );

    expect(askedForAccess).toEqual([]);
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!).toEqual(before);
  });

  it('does nothing for a store it does not know', async () => {
    const { deps, askedForAccess } = dependencies({
      shopId: randomUUID(),
      shopDomain: 'known.myshopify.com',
    });
    await catalogWebhookHandlers(deps)['products/update']!(
      delivery('products/update', 'unknown.myshopify.com', {
        id: 1,
        updated_at: '2026-05-02T09:00:00Z',
      }),
    );
    expect(askedForAccess).toEqual([]);
  });
});
