import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDependencies } from '#server/areas/catalog/catalog-dependencies.ts';
import {
  catalogImportJob,
  queueCatalogImport,
  resumeAbandonedImports,
} from '#server/areas/catalog/catalog-import-job.ts';
import { startCatalogJobs } from '#server/areas/catalog/catalog-jobs.ts';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { deleteStoreCopy } from '#server/areas/catalog/catalog-summaries.ts';
import {
  newOperations,
  reconciliationKinds,
  type OperationKind,
} from '#server/areas/catalog/catalog-sync.ts';
import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { reconcileCatalog } from '#server/areas/catalog/reconcile-catalog.ts';
import { findAbandonedImports } from '#server/areas/catalog/store-sync-lock.ts';
import { shopNotFound } from '#server/areas/shops/shop-access.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { openTestDatabase, testDatabaseUrl } from '../support/integration-services.ts';
import {
  controls,
  startCatalogBench,
  type CatalogBench,
  type LocalShopify,
  type WebhookReceiver,
} from './catalog-local-shopify-support.ts';
import { eventually } from '../support/eventually.ts';

/**
 * The runs that fill a store's copy (imports and reconciliations) against the local Shopify, when
 * things happen around them: another run of the same store, the store's disconnection, a result
 * download that stops sending part-way, the worker that ran an import killed.
 */

const schema = `pgboss_sync_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const seeded = 'maison-exemple.myshopify.com';
const large = 'grande-maison.myshopify.com';

let bench: CatalogBench;
let database: DatabaseHandle;
let jobs: JobQueue;
let receiver: WebhookReceiver;
let shopify: LocalShopify;
let tokens: Map<string, string>;

const depsFor = (shopDomain: string, shopId: string) => bench.depsFor(shopDomain, shopId);
const copyCounts = (shopId: string) => bench.copyCounts(shopId);

async function syncState(shopId: string) {
  return catalogRepository.findSyncState(database.db, shopId);
}

/** Everything the catalog keeps of a store, table by table (the copy, its state, its details). */
async function everythingKept(shopId: string) {
  const { rows } = await database.pool.query<{ kept: string; rows: string }>(
    `select 'catalog_' || kind as kept, n as rows from (
       select 'products' as kind, count(*) as n from catalog_products where shop_id = $1
       union all select 'media', count(*) from catalog_media where shop_id = $1
       union all select 'collections', count(*) from catalog_collections where shop_id = $1
       union all select 'pages', count(*) from catalog_pages where shop_id = $1
       union all select 'blogs', count(*) from catalog_blogs where shop_id = $1
       union all select 'articles', count(*) from catalog_articles where shop_id = $1
       union all select 'translations', count(*) from catalog_translations where shop_id = $1
       union all select 'tombstones', count(*) from catalog_tombstones where shop_id = $1
       union all select 'shops', count(*) from catalog_shops where shop_id = $1
       union all select 'sync_states', count(*) from catalog_sync_states where shop_id = $1
     ) as kept where n > 0`,
    [shopId],
  );
  return Object.fromEntries(rows.map((row) => [row.kept, Number(row.rows)]));
}

/** What a job's handler logged, by level. */
function recordingLog() {
  const lines: Array<{ level: 'info' | 'warn' | 'error'; message: string; details: object }> = [];
  const at =
    (level: 'info' | 'warn' | 'error') =>
    (details: object, message: string): void => {
      lines.push({ level, message, details });
    };
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

function jobRun(shopId: string) {
  return {
    id: randomUUID(),
    payload: { shopId },
    retryCount: 0,
    retry: catalogImportJob.retry,
    lastAttempt: false,
  };
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
  bench = await startCatalogBench({
    jobSchema: schema,
    stores: [{ name: 'maison-exemple' }, { name: 'grande-maison', products: 3000 }],
    webhookRetryDelaysMs: [200, 400, 800],
  });
  ({ database, jobs, receiver, shopify, tokens } = bench);
}, 120_000);

afterAll(() => bench?.stop());

describe('one run of a store at a time', () => {
  it('an import asked for while a reconciliation runs waits for it, touching nothing, then runs', async () => {
    const shopId = randomUUID();
    const deps = depsFor(seeded, shopId);
    const local = controls(shopify.url, seeded);
    await catalogRepository.markQueued(database.db, shopId);
    await importCatalog(deps, shopId);
    const imported = (await syncState(shopId))!;

    // The reconciliation's files are held from their first byte: it runs until the hold is lifted.
    await local.holdResultDownloads(0);
    let reconciling: ReturnType<typeof reconcileCatalog> | undefined;
    try {
      reconciling = reconcileCatalog(deps, shopId);
      const reconciliation = (await eventually(
        'the reconciliation to begin its run',
        () => syncState(shopId),
        (state) => state!.run === imported.run + 1,
      ))!;
      // The owner asks for an import again, as the stores screen lets them.
      await catalogRepository.markQueued(database.db, shopId);

      expect(await settledWithin(10_000, importCatalog(deps, shopId))).toEqual({ value: 'busy' });
      const during = (await syncState(shopId))!;
      expect(during).toMatchObject({ run: reconciliation.run, phase: 'queued' });
      // The run's operations are still the reconciliation's own.
      expect(during.operations.map((operation) => operation.kind)).toEqual(reconciliationKinds);

      // The job that asked re-queues itself for later instead of failing or running alongside.
      const { lines, log } = recordingLog();
      await catalogImportJob.handle(jobRun(shopId), { ...deps, log });
      expect(lines.filter((line) => line.level !== 'info')).toEqual([]);
      expect(await jobs.send(catalogImportJob, { shopId })).toBeNull();
    } finally {
      await local.holdResultDownloads(null);
    }
    expect(await reconciling).toBe('reconciled');
    // The reconciliation's end keeps the owner's request.
    expect((await syncState(shopId))!.phase).toBe('queued');

    expect(await importCatalog(deps, shopId)).toBe('imported');
    expect(await syncState(shopId)).toMatchObject({ phase: 'ready', run: imported.run + 2 });
    expect(await copyCounts(shopId)).toEqual(await local.summary());
  }, 120_000);

  it('a run that is no longer the store’s current one stops at its next write, touching nothing', async () => {
    const shopId = randomUUID();
    const local = controls(shopify.url, large);
    await catalogRepository.markQueued(database.db, shopId);
    await local.holdResultDownloads(200_000);
    let importing: ReturnType<typeof importCatalog> | undefined;
    try {
      importing = importCatalog(depsFor(large, shopId), shopId, { batchRows: 100 });
      await eventually(
        'the import to store part of the products',
        () => syncState(shopId),
        (state) => (state?.operations[0]?.linesStored ?? 0) > 0,
      );
      // Another run takes the store over, as one begun elsewhere would.
      await catalogRepository.beginRun(database.db, shopId, {
        phase: 'importing',
        locales: [],
        operations: newOperations(['pages'] satisfies OperationKind[]),
      });
    } finally {
      await local.holdResultDownloads(null);
    }
    const current = await syncState(shopId);
    const kept = await copyCounts(shopId);

    expect(await settledWithin(60_000, importing)).toEqual({ value: 'run superseded' });
    expect(await syncState(shopId)).toEqual(current);
    expect(await copyCounts(shopId)).toEqual(kept);
    // The run that took over never runs: the store is let go, so no worker takes it up later.
    await deleteStoreCopy(database.db, shopId);
  }, 120_000);
});

describe('a store disconnected while its copy is filled', () => {
  it('stops the import at its next write, quietly, and nothing of the store is left', async () => {
    const shopId = randomUUID();
    const local = controls(shopify.url, large);
    await catalogRepository.markQueued(database.db, shopId);
    const { lines, log } = recordingLog();
    await local.holdResultDownloads(0);
    let importing: Promise<void> | undefined;
    try {
      importing = catalogImportJob.handle(jobRun(shopId), { ...depsFor(large, shopId), log });
      // The large store's products take the local Shopify a while under a full suite's load.
      await eventually(
        'the products file to be ready',
        () => syncState(shopId),
        (state) => state?.operations[0]?.objectCount !== null,
        60_000,
      );
      // What disconnecting the store (or Shopify's shop/redact) does to the copy.
      await deleteStoreCopy(database.db, shopId);
    } finally {
      await local.holdResultDownloads(null);
    }

    expect(await settledWithin(60_000, importing)).toEqual({ value: undefined });
    expect(await everythingKept(shopId)).toEqual({});
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ message: expect.stringMatching(/disconnected/) });
  }, 120_000);

  it('ends a job whose store no longer exists quietly: no retry, no error, nothing kept', async () => {
    const shopId = randomUUID();
    const { lines, log } = recordingLog();
    const deps: CatalogDependencies = {
      ...depsFor(large, shopId),
      log,
      shops: {
        // What the shops area answers once the store's row is gone.
        shopAccess: () => Promise.reject(shopNotFound()),
        findShopByDomain: async () => undefined,
        storeIsPaused: async () => false,
        pagesAuditedFor: async () => 100_000,
        handleRefusedAccessToken: async () => 'ended',
      },
    };

    await expect(catalogImportJob.handle(jobRun(shopId), deps)).resolves.toBeUndefined();
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(await everythingKept(shopId)).toEqual({});
  });
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

describe('a process that stops during an import', () => {
  it('closes its database at once, and the import ends quietly, left for the next worker', async () => {
    const shopId = randomUUID();
    const local = controls(shopify.url, large);
    await catalogRepository.markQueued(database.db, shopId);
    // The stopping process's own pool, as the product's is.
    const stopping = openTestDatabase();
    const { lines, log } = recordingLog();
    await local.holdResultDownloads(200_000);
    let importing: Promise<void> | undefined;
    let closed;
    try {
      importing = catalogImportJob.handle(jobRun(shopId), {
        ...depsFor(large, shopId),
        db: stopping.db,
        log,
      });
      await eventually(
        'the products file to be downloading',
        () => syncState(shopId),
        (state) => (state?.operations[0]?.objectCount ?? null) !== null,
        60_000,
      );
      closed = await settledWithin(5_000, stopping.close());
    } finally {
      await local.holdResultDownloads(null);
    }
    expect(closed).toEqual({ value: undefined });

    // The import stops at its next write, quietly: a stop is no failure of the store's import.
    expect(await settledWithin(60_000, importing)).toEqual({ value: undefined });
    expect(lines.filter((line) => line.level !== 'info')).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ message: expect.stringMatching(/stopping/) });
    expect((await syncState(shopId))!.phase).toBe('importing');
    expect(await findAbandonedImports(database.db)).toContain(shopId);
    await deleteStoreCopy(database.db, shopId);
  }, 120_000);
});

describe('an import whose worker died', () => {
  /** A worker process that imports `shopId` from the large store (catalog-worker-process.ts). */
  async function startWorkerProcess(shopId: string) {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'tests/integration/catalog-worker-process.ts',
        testDatabaseUrl(),
        schema,
        shopify.url,
        receiver.url,
        shopId,
        large,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, CATALOG_TEST_ACCESS_TOKEN: tokens.get(large)! },
      },
    );
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('working')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`The worker process exited with ${code}`)));
    });
    return { child, exited };
  }

  async function kill(worker: { child: ChildProcess; exited: Promise<number | null> }) {
    worker.child.kill('SIGKILL');
    await worker.exited;
  }

  /**
   * The bench's queue, whose jobs wait `delaySeconds` before their first retry (the import's own
   * policy waits 30 to 60 s): sent with the job, as the product sends its policy, and kept by the
   * queue for the job's retries whichever worker runs them.
   */
  function queueRetryingAfter(delaySeconds: number): JobQueue {
    return {
      ...jobs,
      send: (job, payload, options) =>
        jobs.send(job, payload, { ...options, retry: { ...options?.retry, delaySeconds } }),
    };
  }

  /**
   * Queues the store's import and lets a worker process begin it: its run begun, a file being
   * downloaded, held there after `holdAfterBytes` (the downloads are held until the test lifts it).
   * A failed attempt is retried after `retryDelaySeconds` or up to twice that (the queue's backoff).
   */
  async function importBegunByAWorker(
    shopId: string,
    { holdAfterBytes = 0, retryDelaySeconds = catalogImportJob.retry.delaySeconds } = {},
  ) {
    await controls(shopify.url, large).holdResultDownloads(holdAfterBytes);
    const worker = await startWorkerProcess(shopId);
    try {
      await queueCatalogImport(
        { db: database.db, jobs: queueRetryingAfter(retryDelaySeconds) },
        shopId,
      );
      const begun = await eventually(
        'the worker to begin the import',
        () => syncState(shopId),
        (state) =>
          state?.phase === 'importing' &&
          state.operations.some((operation) => operation.objectCount !== null),
      );
      return { ...worker, begun: begun! };
    } catch (error) {
      await kill(worker);
      throw error;
    }
  }

  it('is not taken for abandoned while its worker lives, and is once the worker is killed', async () => {
    const shopId = randomUUID();
    const worker = await importBegunByAWorker(shopId);
    try {
      expect(await findAbandonedImports(database.db)).not.toContain(shopId);
    } finally {
      await kill(worker);
      await controls(shopify.url, large).holdResultDownloads(null);
    }
    await eventually(
      'the killed worker’s import to be found abandoned',
      () => findAbandonedImports(database.db),
      (shopIds) => shopIds.includes(shopId),
    );
    await deleteStoreCopy(database.db, shopId);
  }, 120_000);

  /** The store's import jobs that wait or run, by state. */
  async function importJobs(shopId: string) {
    const { rows } = await database.pool.query<{ state: string }>(
      `select state from ${schema}.job
       where name = $1 and singleton_key = $2 and state in ('created', 'retry', 'active')
       order by state`,
      [catalogImportJob.name, shopId],
    );
    return rows.map((row) => row.state);
  }

  it('does not hold a SIGTERM: the worker exits at once, and the next worker resumes the import', async () => {
    const shopId = randomUUID();
    // The stopped job's retry comes a second or two later, not the product's 30 to 60 s.
    const worker = await importBegunByAWorker(shopId, {
      holdAfterBytes: 200_000,
      retryDelaySeconds: 1,
    });
    let stopped;
    try {
      worker.child.kill('SIGTERM');
      // The workers' wait (10 s) and the pool's close; before, the pool waited for the import.
      stopped = await settledWithin(20_000, worker.exited);
    } finally {
      if (worker.child.exitCode === null) await kill(worker);
      await controls(shopify.url, large).holdResultDownloads(null);
    }
    expect(stopped).toEqual({ value: 0 });
    // A stop, not a failure: the store still shows its import under way, and nobody runs it.
    expect(await syncState(shopId)).toMatchObject({ phase: 'importing', run: worker.begun.run });
    expect(await findAbandonedImports(database.db)).toContain(shopId);

    const next = await startWorkerProcess(shopId);
    try {
      // At once, or at the stopped job's retry (pg-boss fails the jobs it stopped waiting for).
      const imported = await eventually(
        'the import to be resumed and finished',
        () => syncState(shopId),
        (state) => state?.phase === 'ready',
        100_000,
      );
      expect(imported!.run).toBe(worker.begun.run);
      expect(await copyCounts(shopId)).toEqual(await controls(shopify.url, large).summary());
      next.child.kill('SIGTERM');
      expect(await settledWithin(20_000, next.exited)).toEqual({ value: 0 });
    } finally {
      if (next.child.exitCode === null) await kill(next);
    }
  }, 180_000);

  it('is not taken for abandoned while it waits for a retry, after its connection was cut', async () => {
    const shopId = randomUUID();
    // A retry 10 to 20 s after the failed attempt (30 to 60 s in the product): time enough for the
    // checks made while it waits, a few queries.
    const worker = await importBegunByAWorker(shopId, { retryDelaySeconds: 10 });
    try {
      // The run's connection is cut, as a database restart or a network failure would: its lock goes.
      await database.pool.query(
        `select pg_terminate_backend(pid) from pg_locks
         where locktype = 'advisory' and granted
           and ((classid::bigint << 32) | objid::bigint) = hashtextextended('catalog-sync:' || $1, 0)`,
        [shopId],
      );
      const cut = await syncState(shopId);
      const keptWhenCut = await copyCounts(shopId);
      await controls(shopify.url, large).holdResultDownloads(null);
      // The attempt fails at its next write and waits for its retry (10 s at least).
      await eventually(
        'the failed attempt to wait for its retry',
        () => importJobs(shopId),
        (states) => states.includes('retry'),
      );
      // The run wrote nothing more once its connection was gone.
      expect(await syncState(shopId)).toEqual(cut);
      expect(await copyCounts(shopId)).toEqual(keptWhenCut);
      // Nobody holds the store's lock, yet its import is not abandoned: no second job is queued.
      expect(await findAbandonedImports(database.db)).toContain(shopId);
      const { log } = recordingLog();
      expect(await resumeAbandonedImports({ db: database.db, jobs, log })).not.toContain(shopId);
      expect(await importJobs(shopId)).toEqual(['retry']);

      // The retry resumes the run where it stopped and finishes it.
      const imported = await eventually(
        'the retry to resume and finish the import',
        () => syncState(shopId),
        (state) => state?.phase === 'ready',
        100_000,
      );
      expect(imported!.run).toBe(worker.begun.run);
      expect(await copyCounts(shopId)).toEqual(await controls(shopify.url, large).summary());
    } finally {
      await kill(worker);
      await controls(shopify.url, large).holdResultDownloads(null);
    }
  }, 180_000);

  it('resumes where it stopped as soon as a worker starts, without waiting for its job to expire', async () => {
    const shopId = randomUUID();
    const worker = await importBegunByAWorker(shopId);
    await kill(worker);
    await controls(shopify.url, large).holdResultDownloads(null);

    // Another worker starts (this process), as after a restart.
    await startCatalogJobs(depsFor(large, shopId));

    const imported = await eventually(
      'the import to be resumed and finished',
      () => syncState(shopId),
      (state) => state?.phase === 'ready',
    );
    expect(imported!.run).toBe(worker.begun.run);
    expect(await copyCounts(shopId)).toEqual(await controls(shopify.url, large).summary());
  }, 120_000);
});
