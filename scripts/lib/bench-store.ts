/**
 * A connected, imported and audited store for the benchmarks that follow a change through the
 * product's own processes (bench-writes.ts, bench-change-to-findings.ts): an embedded PostgreSQL in
 * a temporary folder, the local Shopify's CLI in a process of its own seeding `maison-exemple` with
 * `products` products, and the product as `npm start` runs it (server/main.ts) on both, whose workers
 * write the approved changes, receive the store's webhooks and audit the pages they name.
 *
 * The store is connected as an owner connects it (a row in `shops` with the installed app's token,
 * encrypted as the product encrypts it, the owner on the Business plan), imported in this process
 * with the catalog's own import, then audited in full by the product's worker, so that the
 * benchmark starts from a store whose copy and findings are complete.
 *
 * With `recordAdminApi`, the product reaches the local Shopify through a recording proxy
 * (admin-api-recorder.ts), whose log of the Admin API's answers the benchmark reads.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { localShopifyApp } from '#server/config.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { encryptedTokens } from '#server/areas/shops/complete-shop-authorization.ts';
import { shopTokenCipher } from '#server/areas/shops/shop-tokens.ts';
import { insertShop } from '#server/areas/shops/shops-repository.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { startEmbeddedPostgres } from '#server/local/embedded-postgres.ts';
import { findFreePort } from '#server/local/free-port.ts';
import { shopifyScopes } from '#server/platform/shopify/shopify-app.ts';
import { subscribeToPlan } from '../../tests/support/billing-plans.ts';
import {
  catalogDependenciesFor,
  controls,
  installApp,
} from '../../tests/integration/catalog-local-shopify-support.ts';
import { startAdminApiRecorder, type AdminApiRecorder } from './admin-api-recorder.ts';
import { removeDataFolder } from './data-folder.mjs';
import { ensureClientBuild } from './prepare.mjs';
import { startProductProcess } from './product-process.ts';

/** The store the CLI seeds with `--products N`. */
const storeName = 'maison-exemple';
/** A redirect address the local Shopify allows for the local app; the install never follows it. */
const redirectUri = 'http://localhost:3000/oauth/shopify';
export const benchOwner = 'bench-owner';

export interface BenchStore {
  database: DatabaseHandle;
  /** A queue on the product's job tables: what is sent here, the product's workers run. */
  jobs: JobQueue;
  shopId: string;
  shopDomain: string;
  localShopifyUrl: string;
  /** The local Shopify's `_local` controls of the store. */
  local: ReturnType<typeof controls>;
  /** The Admin API calls of the product, with `recordAdminApi`. */
  adminApi: AdminApiRecorder | undefined;
  stop(): Promise<void>;
}

export interface BenchStoreOptions {
  /** The product's requests to the local Shopify go through a recording proxy. */
  recordAdminApi?: boolean;
}

/** Lines to the terminal, apart from the figures (stdout). */
export const log = (line: string) => process.stderr.write(`${line}\n`);

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
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Runs the cleanups in reverse order, each whatever the others do. */
async function runCleanups(cleanups: Array<() => Promise<unknown>>): Promise<void> {
  for (const cleanup of cleanups.reverse())
    await cleanup().catch((error: unknown) => log(String(error)));
}

export async function startBenchStore(
  products: number,
  options: BenchStoreOptions = {},
): Promise<BenchStore> {
  const cleanups: Array<() => Promise<unknown>> = [];
  try {
    // The product serves its client, built first when missing or stale, as `npm start` does.
    await ensureClientBuild();
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-store-'));
    cleanups.push(() => removeDataFolder(dataDir));
    // As root, PostgreSQL runs as a system user of its own; opened to it, the cluster stays inside.
    await fs.chmod(dataDir, 0o755);
    log('Starting PostgreSQL…');
    const postgres = await startEmbeddedPostgres(dataDir, log);
    cleanups.push(() => postgres.stop());
    const database = openDatabase(postgres.url, { maxConnections: 6 });
    cleanups.push(() => database.close());
    await migrateDatabase(database);
    const jobs = createJobQueue({ databaseUrl: postgres.url, onError: () => {} });
    await jobs.start();
    cleanups.push(() => jobs.stop());

    log(`Starting the local Shopify with ${products.toLocaleString('en')} products…`);
    const shopify = await startLocalShopifyProcess(products);
    cleanups.push(() => shopify.stop());
    const shopDomain = `${storeName}.myshopify.com`;
    const accessToken = await installApp(
      shopify.url,
      shopDomain,
      redirectUri,
      shopifyScopes,
      localShopifyApp,
    );

    let adminApi: AdminApiRecorder | undefined;
    if (options.recordAdminApi === true) {
      adminApi = await startAdminApiRecorder(shopify.url);
      cleanups.push(() => adminApi!.stop());
    }

    log('Starting the product…');
    const sessionSecret = randomUUID() + randomUUID();
    const product = await startProductProcess({
      projectId: 'demo-vitrine-bench',
      log,
      env: {
        DATABASE_URL: postgres.url,
        LOCAL_SHOPIFY_URL: adminApi?.url ?? shopify.url,
        // Nobody signs in: the Auth Emulator's address names a port where nothing listens.
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${await findFreePort()}`,
        SESSION_SECRET: sessionSecret,
      },
    });
    cleanups.push(() => product.stop());
    await product.ready;

    const shopId = randomUUID();
    await insertShop(database.db, {
      id: shopId,
      ownerUid: benchOwner,
      shopDomain,
      status: 'active',
      scopes: shopifyScopes.join(','),
      connectedAt: new Date(),
      // A token that does not expire: no refresh in the middle of a measure.
      ...encryptedTokens(shopTokenCipher(sessionSecret), shopId, {
        accessToken,
        scope: shopifyScopes.join(','),
        accessTokenExpiresAt: null,
        refreshToken: null,
        refreshTokenExpiresAt: null,
      }),
    });
    await subscribeToPlan(database.db, benchOwner, 'business');

    log('Importing the store…');
    const catalog = catalogDependenciesFor({
      db: database.db,
      jobs,
      localShopifyUrl: shopify.url,
      // The webhook subscriptions the import makes name the product's address.
      publicUrl: product.url,
      store: { shopId, shopDomain, accessToken },
    });
    await catalogRepository.markQueued(database.db, shopId);
    const imported = await importCatalog(catalog, shopId);
    if (imported !== 'imported') throw new Error(`The import did not run: ${imported}`);

    log('Auditing the store…');
    // Queued as an owner's "Audit now" queues it: the product's own worker runs it.
    const started = await startAudit({ db: database.db, jobs }, shopId, 'manual');
    if (started === undefined) throw new Error('The store has no plan to audit it with');
    for (;;) {
      const { rows } = await database.pool.query<{ state: string }>(
        'select state from seo_audit_runs where id = $1',
        [started.run.id],
      );
      const state = rows[0]?.state;
      if (state === 'done') break;
      if (state !== 'queued' && state !== 'running') {
        throw new Error(`The full audit ended ${state}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }

    return {
      database,
      jobs,
      shopId,
      shopDomain,
      localShopifyUrl: shopify.url,
      local: controls(shopify.url, shopDomain),
      adminApi,
      stop: () => runCleanups(cleanups),
    };
  } catch (error) {
    await runCleanups(cleanups);
    throw error;
  }
}

export interface AppUsage {
  throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
  usage: { pointsSpent: number; throttled: number };
}

/** The app's bucket on the store, and what it has served, as the local Shopify counts them. */
export async function appUsage(store: BenchStore): Promise<AppUsage> {
  const response = await fetch(
    `${store.localShopifyUrl}/${store.shopDomain}/_local/api/installation`,
  );
  if (!response.ok) throw new Error(`The local Shopify answered ${response.status}`);
  return (await response.json()) as AppUsage;
}

/** Waits until the app's bucket is full again: a measure starts from the store's whole budget. */
export async function waitForFullBucket(store: BenchStore): Promise<AppUsage> {
  for (;;) {
    const usage = await appUsage(store);
    const { maximumAvailable, currentlyAvailable } = usage.throttleStatus;
    if (currentlyAvailable >= maximumAvailable) return usage;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export function percentile(sorted: readonly number[], fraction: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index]!;
}
