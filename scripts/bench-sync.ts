/**
 * `npm run bench:sync`: how fast a store's catalog reaches the copy, and how light the import is.
 *
 * For each size (10,000 and 100,000 products; BENCH_SIZES=10000,100000 to choose), it starts the local
 * Shopify in a process of its own (`server/local/shopify/cli.ts --port 0 --products N`, which prints
 * "Local Shopify on <url>"), installs the app on its store, imports the catalog into an embedded
 * PostgreSQL in another process of its own, then changes products in the store one at a time. It prints
 * - products per second into PostgreSQL over the whole import;
 * - the import's wall time against the time Shopify took to produce the bulk files (from the first
 *   operation's creation to the last one's completion, as Shopify reports them), and their ratio
 *   (goal ≤ 1.2: storing adds little to what Shopify takes anyway, since files are streamed);
 * - the importing process's peak RSS (goal ≤ 300 MB at 100,000 products: files are never held whole);
 * - webhook-to-copy latency, from a change in the store to the copy holding it, p50 and p95 (goal
 *   p95 ≤ 1 s), over BENCH_CHANGES changes (default 40). The changes travel the product's whole way:
 *   the local Shopify signs and delivers each webhook to the product (server/main.ts in a process of
 *   its own, as `npm start` runs it, on the same PostgreSQL), whose BFF forwards it to the API, which
 *   records it and answers; a job then refetches the product from the store and stores it.
 *
 * A missed goal is printed, not failed: the figures are read side by side, run by run.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { localShopifyApp } from '#server/config.ts';
import type { CatalogDependencies } from '#server/areas/catalog/catalog-dependencies.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { deleteStoreCopy } from '#server/areas/catalog/catalog-summaries.ts';
import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { encryptedTokens } from '#server/areas/shops/complete-shop-authorization.ts';
import { shopTokenCipher } from '#server/areas/shops/shop-tokens.ts';
import { deleteShop, insertShop } from '#server/areas/shops/shops-repository.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createJobQueue } from '#server/jobs/job-queue.ts';
import { startEmbeddedPostgres } from '#server/local/embedded-postgres.ts';
import { findFreePort } from '#server/local/free-port.ts';
import { bulkOperationQuery } from '#server/platform/shopify/admin-documents.ts';
import { shopifyScopes } from '#server/platform/shopify/shopify-app.ts';
import {
  catalogDependenciesFor,
  controls,
  installApp,
} from '../tests/integration/catalog-local-shopify-support.ts';
import { removeDataFolder } from './lib/data-folder.mjs';
import { ensureClientBuild } from './lib/prepare.mjs';
import { startProductProcess } from './lib/product-process.ts';

const sizes = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const changes = Number(process.env.BENCH_CHANGES ?? 40);
/** The store the CLI seeds with `--products N`. */
const storeName = process.env.BENCH_STORE ?? 'maison-exemple';
/** A redirect address the local Shopify allows for the local app; the install never follows it. */
const redirectUri = process.env.BENCH_REDIRECT_URI ?? 'http://localhost:3000/oauth/shopify';
const goals = { ratio: 1.2, peakRssMb: 300, latencyP95Ms: 1000 };
/** The product's own secret: the product decrypts the stores' tokens that connectStore encrypts. */
const sessionSecret = randomUUID() + randomUUID();

const log = (line: string) => process.stderr.write(`${line}\n`);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}

/** The local Shopify's CLI in its own process, once it says where it listens. */
async function startLocalShopifyProcess(products: number) {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/local/shopify/cli.ts',
      '--port',
      '0',
      '--products',
      String(products),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const found = /Local Shopify on (\S+)/.exec(line);
      if (found !== null) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`The local Shopify exited (${code})`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** The import in a process of its own, so that its peak RSS is the import's alone. */
async function importInChild(
  databaseUrl: string,
  localShopifyUrl: string,
  publicUrl: string,
  shopId: string,
  shopDomain: string,
  accessToken: string,
): Promise<{ wallMs: number; peakRssMb: number }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/bench-sync.ts',
      '--import-child',
      databaseUrl,
      localShopifyUrl,
      publicUrl,
      shopId,
      shopDomain,
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CATALOG_TEST_ACCESS_TOKEN: accessToken },
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`The import process exited with ${code}`);
  return JSON.parse(output.trim().split('\n').pop()!) as { wallMs: number; peakRssMb: number };
}

/** The child's side: import, then print the wall time and the process's peak RSS. */
async function runImportChild(args: string[]): Promise<void> {
  const [databaseUrl, localShopifyUrl, publicUrl, shopId, shopDomain] = args;
  const database = openDatabase(databaseUrl!, { maxConnections: 2 });
  const deps = catalogDependenciesFor({
    db: database.db,
    jobs: createJobQueue({ databaseUrl: databaseUrl!, onError: () => {} }),
    localShopifyUrl: localShopifyUrl!,
    publicUrl: publicUrl!,
    store: {
      shopId: shopId!,
      shopDomain: shopDomain!,
      accessToken: process.env.CATALOG_TEST_ACCESS_TOKEN!,
    },
  });
  const started = performance.now();
  const outcome = await importCatalog(deps, shopId!);
  if (outcome !== 'imported') throw new Error(`The import did not run: ${outcome}`);
  const wallMs = performance.now() - started;
  await database.close();
  // resourceUsage().maxRSS is in kilobytes.
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  process.stdout.write(`${JSON.stringify({ wallMs, peakRssMb })}\n`);
}

/** From the first file's creation to the last one's completion, as Shopify reports them. */
async function fileProductionMs(deps: CatalogDependencies, shopId: string, shopDomain: string) {
  const state = (await catalogRepository.findSyncState(deps.db, shopId))!;
  const client = deps.adminClient(shopId, shopDomain);
  let first = Infinity;
  let last = -Infinity;
  for (const operation of state.operations) {
    if (operation.bulkOperationId === null) continue;
    const answer = await client.request<{
      bulkOperation: { createdAt: string; completedAt: string | null } | null;
    }>(bulkOperationQuery, { id: operation.bulkOperationId });
    if (answer.bulkOperation?.completedAt == null) continue;
    first = Math.min(first, Date.parse(answer.bulkOperation.createdAt));
    last = Math.max(last, Date.parse(answer.bulkOperation.completedAt));
  }
  return last - first;
}

/**
 * The product as `npm start` runs it, on the benchmark's PostgreSQL and local Shopify. Nobody signs
 * in, so its Auth Emulator address names a port where nothing listens.
 */
async function startProduct(databaseUrl: string, localShopifyUrl: string) {
  const product = await startProductProcess({
    projectId: 'demo-vitrine-bench',
    log,
    env: {
      DATABASE_URL: databaseUrl,
      LOCAL_SHOPIFY_URL: localShopifyUrl,
      FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await findFreePort()}`,
      SESSION_SECRET: sessionSecret,
    },
  });
  try {
    await product.ready;
  } catch (error) {
    await product.stop();
    throw error;
  }
  return product;
}

/**
 * The store as the product knows it after an owner connected it: a row in `shops` with its token,
 * encrypted as the product encrypts it. The token is stored as one that does not expire, so that no
 * refresh happens in the middle of a measure.
 */
async function connectStore(
  database: DatabaseHandle,
  store: { shopId: string; shopDomain: string; accessToken: string },
) {
  await insertShop(database.db, {
    id: store.shopId,
    ownerUid: 'bench-owner',
    shopDomain: store.shopDomain,
    status: 'active',
    scopes: shopifyScopes.join(','),
    connectedAt: new Date(),
    ...encryptedTokens(shopTokenCipher(sessionSecret), store.shopId, {
      accessToken: store.accessToken,
      scope: shopifyScopes.join(','),
      accessTokenExpiresAt: null,
      refreshToken: null,
      refreshTokenExpiresAt: null,
    }),
  });
}

async function benchSize(database: DatabaseHandle, databaseUrl: string, products: number) {
  log(`\nStarting the local Shopify with ${products} products, and the product…`);
  const shopify = await startLocalShopifyProcess(products);
  const product = await startProduct(databaseUrl, shopify.url).catch(async (error: unknown) => {
    await shopify.stop();
    throw error;
  });
  const shopDomain = `${storeName}.myshopify.com`;
  const shopId = randomUUID();
  try {
    const accessToken = await installApp(
      shopify.url,
      shopDomain,
      redirectUri,
      shopifyScopes,
      localShopifyApp,
    );
    const store = { shopId, shopDomain, accessToken };
    await connectStore(database, store);
    const deps = catalogDependenciesFor({
      db: database.db,
      jobs: createJobQueue({ databaseUrl, onError: () => {} }),
      localShopifyUrl: shopify.url,
      publicUrl: product.url,
      store,
    });

    // As connecting the store does before its import is queued.
    await catalogRepository.markQueued(database.db, shopId);
    log('Importing…');
    // The webhook subscriptions it makes name the product's address.
    const imported = await importInChild(
      databaseUrl,
      shopify.url,
      product.url,
      shopId,
      shopDomain,
      accessToken,
    );
    const counts = (await catalogRepository.countRecords(database.db, [shopId])).get(shopId)!;
    const productionMs = await fileProductionMs(deps, shopId, shopDomain);
    const ratio = imported.wallMs / productionMs;

    log(`Changing ${changes} products one at a time…`);
    const local = controls(shopify.url, shopDomain);
    const { rows } = await database.pool.query<{ gid: string }>(
      'select gid from catalog_products where shop_id = $1 order by gid limit $2',
      [shopId, changes],
    );
    const latencies: number[] = [];
    for (const [index, row] of rows.entries()) {
      const title = `Bench ${index} ${randomUUID()}`;
      const sentAt = Date.now();
      await local.patchProduct(row.gid.split('/').pop()!, { title });
      for (;;) {
        const { rows: stored } = await database.pool.query<{ title: string }>(
          'select title from catalog_products where shop_id = $1 and gid = $2',
          [shopId, row.gid],
        );
        if (stored[0]?.title === title) break;
        if (Date.now() - sentAt > 30_000) throw new Error(`No copy of change ${index} after 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      latencies.push(Date.now() - sentAt);
    }
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    const p95 = percentile(latencies, 0.95);

    console.log(`\n${products} products (copy: ${JSON.stringify(counts)})`);
    console.log(
      `  into PostgreSQL: ${Math.round(counts.products / (imported.wallMs / 1000))} products/s over the whole import`,
    );
    console.log(
      `  import wall time ${(imported.wallMs / 1000).toFixed(1)} s, bulk files produced in ${(productionMs / 1000).toFixed(1)} s: ratio ${ratio.toFixed(2)}× (goal ≤ ${goals.ratio}×, ${verdict(ratio <= goals.ratio)})`,
    );
    console.log(
      `  peak RSS of the importing process: ${imported.peakRssMb.toFixed(0)} MB${products >= 100_000 ? ` (goal ≤ ${goals.peakRssMb} MB, ${verdict(imported.peakRssMb <= goals.peakRssMb)})` : ''}`,
    );
    console.log(
      `  webhook to copy over ${latencies.length} changes: p50 ${p50} ms, p95 ${p95} ms (goal p95 ≤ ${goals.latencyP95Ms} ms, ${verdict(p95 <= goals.latencyP95Ms)})`,
    );
  } finally {
    await product.stop();
    await shopify.stop();
    // Every size seeds the same store: the next one connects it afresh.
    await deleteStoreCopy(database.db, shopId);
    await deleteShop(database.db, shopId);
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === '--import-child') {
    await runImportChild(process.argv.slice(3));
    return;
  }
  // The product serves its client, built first when missing or stale, as `npm start` does.
  await ensureClientBuild();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-sync-'));
  // As root, PostgreSQL runs as a system user of its own; opened to it, the cluster stays inside.
  await fs.chmod(dataDir, 0o755);
  log('Starting PostgreSQL…');
  const postgres = await startEmbeddedPostgres(dataDir, log);
  const database = openDatabase(postgres.url, { maxConnections: 4 });
  try {
    await migrateDatabase(database);
    for (const products of sizes) await benchSize(database, postgres.url, products);
  } finally {
    await database.close();
    await postgres.stop();
    await removeDataFolder(dataDir);
  }
}

await main();
