import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDependencies } from '#server/areas/catalog/catalog-dependencies.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { catalogSummaries } from '#server/areas/catalog/catalog-summaries.ts';
import { catalogWebhookHandlers } from '#server/areas/catalog/catalog-webhooks.ts';
import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { reconcileCatalog } from '#server/areas/catalog/reconcile-catalog.ts';
import { receiveShopifyWebhook } from '#server/areas/webhooks/receive-webhook.ts';
import { webhookDeliveryJob } from '#server/areas/webhooks/webhook-delivery-job.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { productQuery } from '#server/platform/shopify/admin-documents.ts';
import { shopifyApiVersion } from '#server/platform/shopify/shopify-app.ts';
import { operationsFigures } from '#server/operations-figures.ts';
import { testDatabaseUrl } from '../support/integration-services.ts';
import {
  catalogDependenciesFor,
  controls,
  startCatalogBench,
  type CatalogBench,
  testApp,
  type LocalShopify,
  type WebhookReceiver,
} from './catalog-local-shopify-support.ts';
import { eventually } from '../support/eventually.ts';

/**
 * The catalog against the local Shopify (server/local/shopify), which speaks Shopify's protocol with
 * Shopify's names: the import ends with exactly the store's content, a killed import resumes to the
 * same end, requests over the store's rate limit are paced and none is lost, a change in the store
 * reaches the copy through its webhook, and the reconciliation catches what no webhook tells.
 */

const schema = `pgboss_catalog_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const seeded = 'maison-exemple.myshopify.com';
const large = 'grande-maison.myshopify.com';
/** A store larger than what the Free plan lets Vitrine copy (copyLimitFor in catalog-sync.ts). */
const beyondFree = 'tres-grande-maison.myshopify.com';

let bench: CatalogBench;
let database: DatabaseHandle;
let jobs: JobQueue;
let receiver: WebhookReceiver;
let shopify: LocalShopify;
let tokens: Map<string, string>;

const depsFor = (shopDomain: string, shopId: string) => bench.depsFor(shopDomain, shopId);
const copyCounts = (shopId: string) => bench.copyCounts(shopId);

const numericId = (gid: string) => gid.split('/').pop()!;

/** The store's last products, as its Admin API lists them. */
async function shopifyProducts(shopDomain: string, count: number): Promise<string[]> {
  const response = await fetch(
    `${shopify.url}/${shopDomain}/admin/api/${shopifyApiVersion}/graphql.json`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': tokens.get(shopDomain)!,
      },
      body: JSON.stringify({
        query: `query Last($count: Int!) { products(first: $count, reverse: true) { nodes { id } } }`,
        variables: { count },
      }),
    },
  );
  const answer = (await response.json()) as {
    data: { products: { nodes: Array<{ id: string }> } };
  };
  return answer.data.products.nodes.map((node) => node.id);
}

describe('the catalog against the local Shopify', () => {
  const seededShopId = randomUUID();
  let seededDeps: CatalogDependencies;

  beforeAll(async () => {
    bench = await startCatalogBench({
      jobSchema: schema,
      stores: [
        { name: 'maison-exemple' },
        { name: 'grande-maison', products: 3000 },
        { name: 'tres-grande-maison', products: 6000 },
      ],
      webhookRetryDelaysMs: [200, 400, 800],
    });
    ({ database, jobs, receiver, shopify, tokens } = bench);
    seededDeps = depsFor(seeded, seededShopId);
    receiver.setHandlers(catalogWebhookHandlers(seededDeps));
  }, 120_000);

  afterAll(() => bench?.stop());

  it('imports the store: the copy holds exactly what the store has, and says so', async () => {
    await catalogRepository.markQueued(database.db, seededShopId);
    await importCatalog(seededDeps, seededShopId);

    expect(await copyCounts(seededShopId)).toEqual(await controls(shopify.url, seeded).summary());
    const summary = (await catalogSummaries(database.db, [seededShopId])).get(seededShopId)!;
    expect(summary).toMatchObject({ phase: 'ready', errorCode: null, progress: null });
    expect(summary.lastSyncedAt).not.toBeNull();
    expect(summary.locales).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ locale: 'en', primary: true }),
        expect.objectContaining({ locale: 'fr', primary: false, published: true }),
      ]),
    );

    // Importing again (the owner asks for it) changes nothing: no row doubled, none lost.
    await catalogRepository.markQueued(database.db, seededShopId);
    expect(await importCatalog(seededDeps, seededShopId)).toBe('imported');
    expect(await copyCounts(seededShopId)).toEqual(await controls(shopify.url, seeded).summary());
  }, 120_000);

  it('resumes an import whose process was killed, and ends with exactly the store’s content', async () => {
    const shopId = randomUUID();
    await catalogRepository.markQueued(database.db, shopId);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/integration/catalog-local-import-process.ts',
        testDatabaseUrl(),
        shopify.url,
        receiver.url,
        shopId,
        large,
      ],
      {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, CATALOG_TEST_ACCESS_TOKEN: tokens.get(large)! },
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await eventually(
      'the first process to store part of a file',
      () => catalogRepository.findSyncState(database.db, shopId),
      (state) => state?.operations.some((operation) => operation.linesStored > 0) ?? false,
    );
    child.kill('SIGKILL');
    await exited;
    const killed = (await catalogRepository.findSyncState(database.db, shopId))!;
    expect(killed.phase).toBe('importing');

    await importCatalog(depsFor(large, shopId), shopId);

    const resumed = (await catalogRepository.findSyncState(database.db, shopId))!;
    expect(resumed.run).toBe(killed.run);
    expect(resumed.phase).toBe('ready');
    expect(await copyCounts(shopId)).toEqual(await controls(shopify.url, large).summary());
  }, 180_000);

  it('paces requests over a small rate limit: every one is answered, none is lost', async () => {
    const local = controls(shopify.url, seeded);
    await local.setBucket({ maximumAvailable: 60, restoreRate: 30 });
    try {
      const { rows } = await database.pool.query<{ gid: string }>(
        'select gid from catalog_products where shop_id = $1 order by gid limit 25',
        [seededShopId],
      );
      const client = seededDeps.adminClient(seededShopId, seeded);
      const answers = await Promise.all(
        rows.map((row) =>
          client.request<{ product: { id: string } | null }>(productQuery, { id: row.gid }),
        ),
      );
      expect(answers.map((answer) => answer.product?.id)).toEqual(rows.map((row) => row.gid));
      expect(client.bucket()).toMatchObject({ maximumAvailable: 60, restoreRate: 30 });
    } finally {
      await local.setBucket({ maximumAvailable: 2000, restoreRate: 100 });
    }
  }, 120_000);

  it('brings a change, a creation and a deletion in the store to the copy through their webhooks', async () => {
    const local = controls(shopify.url, seeded);
    const { rows } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1 order by gid limit 2',
      [seededShopId],
    );
    const [changed, deleted] = rows.map((row) => row.gid);
    const titleOf = async (gid: string) =>
      (
        await database.pool.query<{ title: string }>(
          'select title from catalog_products where shop_id = $1 and gid = $2',
          [seededShopId, gid],
        )
      ).rows[0]?.title;

    await local.patchProduct(numericId(changed!), { title: 'Nappe en lin lavé, bleu de Prusse' });
    await eventually(
      'the new title',
      () => titleOf(changed!),
      (title) => title === 'Nappe en lin lavé, bleu de Prusse',
    );

    await local.deleteProduct(numericId(deleted!));
    await eventually(
      'the deletion',
      () => titleOf(deleted!),
      (title) => title === undefined,
    );

    const created = await local.createProduct({ title: 'Plaid en laine mérinos' });
    // The local controls answer a product with its GraphQL id, as the Admin API names it.
    const createdGid = String(created.id);
    await eventually(
      'the creation',
      () => titleOf(createdGid),
      (title) => title === 'Plaid en laine mérinos',
    );

    expect(await copyCounts(seededShopId)).toEqual(await local.summary());
  }, 60_000);

  it('removes a product only once Shopify says it is gone: a products/delete for one it still has changes nothing', async () => {
    // The signature covers the body, `{"id": …}` for a deletion; the topic and the store come from
    // headers nobody signed, so a signed body of another topic or store can arrive as this one.
    const { rows } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1 order by gid limit 1',
      [seededShopId],
    );
    const kept = rows[0]!.gid;
    const before = await copyCounts(seededShopId);

    await catalogWebhookHandlers(seededDeps)['products/delete']!({
      provider: 'shopify',
      topic: 'products/delete',
      shopDomain: seeded,
      webhookId: randomUUID(),
      triggeredAt: new Date(),
      payload: { id: Number(numericId(kept)) },
    });

    const { rows: after } = await database.pool.query(
      'select 1 from catalog_products where shop_id = $1 and gid = $2',
      [seededShopId, kept],
    );
    expect(after).toHaveLength(1);
    expect(await copyCounts(seededShopId)).toEqual(before);
  });

  it('takes a product delivery of megabytes, records only the id and update time, and brings the change', async () => {
    const local = controls(shopify.url, seeded);
    const { rows } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1 order by gid limit 1 offset 1',
      [seededShopId],
    );
    const gid = rows[0]!.gid;
    receiver.accepting = false;
    try {
      await local.patchProduct(numericId(gid), { title: 'Coussin en lin, huit coloris' });
      await new Promise((resolve) => setTimeout(resolve, 300));
    } finally {
      receiver.accepting = true;
    }
    // Shopify's whole REST product: variants and media run to megabytes on a large product.
    const body = JSON.stringify({
      id: Number(numericId(gid)),
      admin_graphql_api_id: gid,
      title: 'Coussin en lin, huit coloris',
      updated_at: new Date().toISOString(),
      body_html: `<p>${'Lin lavé. '.repeat(300_000)}</p>`,
      variants: Array.from({ length: 100 }, (_, index) => ({ id: index, sku: `SKU-${index}` })),
    });
    expect(Buffer.byteLength(body)).toBeGreaterThan(3 * 1024 * 1024);
    const webhookId = randomUUID();
    const headers = {
      'x-shopify-topic': 'products/update',
      'x-shopify-hmac-sha256': createHmac('sha256', testApp.apiSecret)
        .update(body)
        .digest('base64'),
      'x-shopify-shop-domain': seeded,
      'x-shopify-api-version': shopifyApiVersion,
      'x-shopify-webhook-id': webhookId,
      'x-shopify-triggered-at': new Date().toISOString(),
    };

    const received = await receiveShopifyWebhook(
      { db: database.db, jobs, apiSecret: testApp.apiSecret },
      { headers, rawBody: Buffer.from(body) },
    );

    expect(received).toBe('recorded');
    const { rows: recorded } = await database.pool.query<{
      id: string;
      payload: Record<string, unknown>;
      size: number;
    }>(
      `select id, payload, octet_length(payload::text) as size
         from webhook_deliveries where webhook_id = $1`,
      [webhookId],
    );
    expect(Object.keys(recorded[0]!.payload).sort()).toEqual([
      'admin_graphql_api_id',
      'id',
      'updated_at',
    ]);
    expect(recorded[0]!.size).toBeLessThan(200);

    // The delivery's job, as the workers run it, hands the catalog what was recorded.
    await webhookDeliveryJob.handle(
      {
        id: randomUUID(),
        payload: { deliveryId: recorded[0]!.id },
        retryCount: 0,
        retry: webhookDeliveryJob.retry,
        lastAttempt: false,
      },
      {
        db: database.db,
        handlers: catalogWebhookHandlers(seededDeps),
        stripeEvents: async () => {},
        log: { info: () => {}, warn: () => {} },
      },
    );
    const { rows: copied } = await database.pool.query<{ title: string }>(
      'select title from catalog_products where shop_id = $1 and gid = $2',
      [seededShopId, gid],
    );
    expect(copied[0]!.title).toBe('Coussin en lin, huit coloris');
  }, 60_000);

  it('reconciles what no webhook told: a page changed, a product deleted while deliveries were missed', async () => {
    const local = controls(shopify.url, seeded);
    const { rows: pages } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_pages where shop_id = $1 order by gid limit 1',
      [seededShopId],
    );
    const { rows: products } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1 order by gid desc limit 1',
      [seededShopId],
    );
    await local.patchPage(numericId(pages[0]!.gid), { title: 'Nos engagements' });
    receiver.accepting = false;
    try {
      await local.deleteProduct(numericId(products[0]!.gid));
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      receiver.accepting = true;
    }
    expect(await copyCounts(seededShopId)).not.toEqual(await local.summary());

    const told: string[] = [];
    const listening: CatalogDependencies = {
      ...seededDeps,
      onPagesChanged: async (shopId, gids) => {
        expect(shopId).toBe(seededShopId);
        told.push(...gids);
      },
    };
    expect(await reconcileCatalog(listening, seededShopId)).toBe('reconciled');
    // The audit hears of the page changed and the product removed, which no webhook told.
    expect(told).toEqual(expect.arrayContaining([pages[0]!.gid, products[0]!.gid]));

    const { rows: page } = await database.pool.query<{ title: string }>(
      'select title from catalog_pages where shop_id = $1 and gid = $2',
      [seededShopId, pages[0]!.gid],
    );
    expect(page[0]!.title).toBe('Nos engagements');
    expect(await copyCounts(seededShopId)).toEqual(await local.summary());
    const state = await catalogRepository.findSyncState(database.db, seededShopId);
    expect(state!.lastReconciledAt).not.toBeNull();
  }, 120_000);
  it('subscribes again at the reconciliation what Shopify deleted after failed deliveries, and counts it', async () => {
    const local = controls(shopify.url, seeded);
    const subscribedTopics = async () => {
      const response = await fetch(
        `${shopify.url}/${seeded}/admin/api/${shopifyApiVersion}/graphql.json`,
        {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-shopify-access-token': tokens.get(seeded)!,
          },
          body: JSON.stringify({
            query: `query($uri: String!) {
              webhookSubscriptions(first: 250, uri: $uri) { nodes { topic } }
            }`,
            variables: { uri: `${receiver.url}/webhooks/shopify` },
          }),
        },
      );
      const answer = (await response.json()) as {
        data: { webhookSubscriptions: { nodes: Array<{ topic: string }> } };
      };
      return answer.data.webhookSubscriptions.nodes.map((node) => node.topic);
    };
    const recreatedFigure = async () => {
      const figure = operationsFigures({ database }).find(
        (item) => item.name === 'vitrine_webhook_subscriptions_recreated',
      );
      expect(figure, 'the figure is defined').toBeDefined();
      const [sample] = await figure!.sample();
      return sample!.value;
    };
    const { rows: products } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1 order by gid limit 1',
      [seededShopId],
    );
    const productId = numericId(products[0]!.gid);
    expect(await subscribedTopics()).toContain('PRODUCTS_UPDATE');
    const countedBefore = await recreatedFigure();

    // The product answers 500: two changes, four attempts each, and Shopify deletes the subscription.
    receiver.failing = true;
    try {
      await local.patchProduct(productId, { title: 'Nappe en lin, première' });
      await local.patchProduct(productId, { title: 'Nappe en lin, seconde' });
      await eventually(
        'Shopify to delete the subscription',
        subscribedTopics,
        (topics) => !topics.includes('PRODUCTS_UPDATE'),
      );
    } finally {
      receiver.failing = false;
    }

    expect(await reconcileCatalog(seededDeps, seededShopId)).toBe('reconciled');
    expect(await subscribedTopics()).toContain('PRODUCTS_UPDATE');
    expect(await recreatedFigure()).toBe(countedBefore + 1);
    // A run that finds every subscription in place creates none and counts none.
    expect(await reconcileCatalog(seededDeps, seededShopId)).toBe('reconciled');
    expect(await recreatedFigure()).toBe(countedBefore + 1);

    // The next change reaches the copy through its webhook again.
    await local.patchProduct(productId, { title: 'Nappe en lin, de retour' });
    await eventually(
      'the change to reach the copy',
      async () =>
        (
          await database.pool.query<{ title: string }>(
            'select title from catalog_products where shop_id = $1 and gid = $2',
            [seededShopId, products[0]!.gid],
          )
        ).rows[0]?.title,
      (title) => title === 'Nappe en lin, de retour',
    );
  }, 120_000);

  it('copies a Free owner’s large store up to the plan’s bound, says it is partial, and copies it whole after an upgrade', async () => {
    const shopId = randomUUID();
    const plan = { pagesAudited: 100 };
    const deps = catalogDependenciesFor({
      db: database.db,
      jobs,
      localShopifyUrl: shopify.url,
      publicUrl: receiver.url,
      store: { shopId, shopDomain: beyondFree, accessToken: tokens.get(beyondFree)! },
      plan,
    });
    const local = controls(shopify.url, beyondFree);
    const store = await local.summary();
    await catalogRepository.markQueued(database.db, shopId);
    expect(await importCatalog(deps, shopId)).toBe('imported');

    // Every product copied comes with all its media; far fewer than the store's, far more than the
    // plan audits, and the copy says which kinds it holds only in part.
    const capped = await copyCounts(shopId);
    expect(capped.products).toBeGreaterThanOrEqual(plan.pagesAudited);
    expect(capped.products).toBeLessThan(store.products / 2);
    const { rows: medialess } = await database.pool.query(
      `select p.gid from catalog_products p
       where p.shop_id = $1 and (select count(*) from catalog_media m
         where m.shop_id = $1 and m.product_gid = p.gid) = 0`,
      [shopId],
    );
    expect(medialess.length).toBeLessThan(capped.products);
    const state = (await catalogRepository.findSyncState(database.db, shopId))!;
    expect(state.phase).toBe('ready');
    expect(state.partialKinds).toContain('products');
    const summary = (await catalogSummaries(database.db, [shopId])).get(shopId)!;
    expect(summary.partialKinds).toContain('products');
    // What the owner reads: N of the store's M products copied, M as Shopify counts them.
    expect(summary.partialCopy).toEqual([
      { kind: 'products', copied: capped.products, total: store.products },
    ]);

    // A reconciliation neither grows the copy nor loses what it holds.
    expect(await reconcileCatalog(deps, shopId)).toBe('reconciled');
    expect((await copyCounts(shopId)).products).toBe(capped.products);
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.partialCopy).toEqual([
      { kind: 'products', copied: capped.products, total: store.products },
    ]);

    // A product beyond the copy changed in the store: its webhook leaves the copy as it is.
    const { rows: lastCopied } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1',
      [shopId],
    );
    const copied = new Set(lastCopied.map((row) => row.gid));
    const outside = (await shopifyProducts(beyondFree, 200)).find((gid) => !copied.has(gid))!;
    expect(outside).toBeDefined();
    receiver.setHandlers(catalogWebhookHandlers(deps));
    try {
      const before = receiver.handled.length;
      await local.patchProduct(numericId(outside), { title: 'Hors de la copie' });
      await eventually(
        'the delivery to be handled',
        async () => receiver.handled.length,
        (handled) => handled > before,
      );
    } finally {
      receiver.setHandlers(catalogWebhookHandlers(seededDeps));
    }
    expect((await copyCounts(shopId)).products).toBe(capped.products);

    // The owner upgrades: the next import copies the whole store and the copy is no longer partial.
    plan.pagesAudited = 10_000;
    await catalogRepository.markQueued(database.db, shopId);
    expect(await importCatalog(deps, shopId)).toBe('imported');
    expect(await copyCounts(shopId)).toEqual(store);
    expect((await catalogRepository.findSyncState(database.db, shopId))!.partialKinds).toEqual([]);
    expect((await catalogSummaries(database.db, [shopId])).get(shopId)!.partialCopy).toEqual([]);
  }, 300_000);
});
