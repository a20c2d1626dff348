import * as z from 'zod/mini';
import { AppError } from '#shared/errors.ts';
import { DatabaseClosedError } from '#server/db/database.ts';
import { defineJob, type JobQueue } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import { recordStoreActivity } from '#server/areas/shops/index.ts';
import { tellCopyChanged, type CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import { importCatalog } from './import-catalog.ts';
import { findAbandonedImports } from './store-sync-lock.ts';

/**
 * How long an import that found another run of its store under way waits before trying again: long
 * enough that an import waiting for hours behind another one adds a job every few minutes, not every
 * one, short enough that one behind a reconciliation starts soon after it.
 */
export const busyRetrySeconds = 5 * 60;

/**
 * A store's import, queued when the owner connects it (or asks again). A second send while one waits
 * is dropped. A failed attempt is retried with backoff and resumes where the last one stopped; after
 * the last attempt the store shows `error` with `import_failed`. When Shopify refuses the store's
 * credentials or the app's access, retrying cannot help: the store shows the reason at once.
 *
 * Two imports of a store never run at once, but the store's sync lock keeps them apart rather than
 * the queue (store-sync-lock.ts): an import that finds another run of its store under way asks to be
 * run again five minutes later, when that run may be over. So a job left active by a worker that died
 * holds nothing back: a worker that starts queues that import again at once (resumeAbandonedImports),
 * and it resumes. One whose store was disconnected, or that has nothing left to import, ends quietly;
 * so does one cut short because its process is stopping (its connection closed with the database),
 * leaving the store `importing`: the job's retry, or the next worker that starts, resumes it.
 */
export const catalogImportJob = defineJob({
  // Not `catalog-import`: that queue keeps pg-boss's stately policy for good.
  name: 'catalog-store-import',
  payload: z.object({ shopId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  retentionDays: 7,
  concurrency: 2,
  singletonKey: (payload) => payload.shopId,
  oneRunningPerKey: false,
  async handle(run, deps: CatalogDependencies) {
    const { shopId } = run.payload;
    const attempt = { jobId: run.id, attempt: run.retryCount + 1, retryLimit: run.retry.limit };
    let outcome;
    try {
      outcome = await importCatalog(deps, shopId);
    } catch (error) {
      if (error instanceof DatabaseClosedError) {
        deps.log.info({ shopId, ...attempt }, 'catalog import stopped: the process is stopping');
        return;
      }
      const refused =
        error instanceof AppError &&
        ['shop_needs_reconnecting', 'shopify_refused'].includes(error.code);
      if (refused || run.lastAttempt) {
        await catalogRepository.failImport(
          deps.db,
          shopId,
          refused ? (error as AppError).code : 'import_failed',
        );
        deps.log.error({ err: error, shopId, ...attempt }, 'catalog import failed');
        if (!refused) reportError(error, { extra: { job: catalogImportJob.name, ...attempt } });
        return;
      }
      deps.log.warn({ err: error, shopId, ...attempt }, 'catalog import stopped; retrying');
      throw error;
    }
    switch (outcome) {
      case 'imported': {
        await recordStoreActivity(deps.db, shopId, { kind: 'import.finished', actor: 'vitrine' });
        const { onImportFinished } = deps;
        await tellCopyChanged(deps, shopId, onImportFinished && (() => onImportFinished(shopId)));
        return;
      }
      case 'busy':
        await deps.jobs.send(catalogImportJob, { shopId }, { startAfterSeconds: busyRetrySeconds });
        deps.log.info({ shopId, ...attempt }, 'catalog import deferred: the store is being synced');
        return;
      case 'not queued':
        deps.log.info({ shopId, ...attempt }, 'catalog import not needed: the copy is not queued');
        return;
      default:
        deps.log.info({ shopId, ...attempt }, `catalog import stopped: ${outcome}`);
    }
  },
});

/** Queues a store's import and shows it as queued (the shops area calls this once connected). */
export async function queueCatalogImport(
  deps: Pick<CatalogDependencies, 'db'> & { jobs: JobQueue },
  shopId: string,
): Promise<void> {
  await catalogRepository.markQueued(deps.db, shopId);
  await deps.jobs.send(catalogImportJob, { shopId });
}

/**
 * Queues again the imports that no process runs any more (findAbandonedImports): those of a worker
 * that died or stopped, whose job would otherwise wait, active, until it expires. Every worker does
 * this when it starts. An import that a live worker runs holds its store's lock and is left alone;
 * so is one whose job waits in the queue, for its start (a busy store's) or for a retry after a
 * failed attempt, which released the lock: it resumes then, and a second job would only run beside
 * it. Answers the stores queued again.
 */
export async function resumeAbandonedImports(
  deps: Pick<CatalogDependencies, 'db' | 'jobs' | 'log'>,
): Promise<string[]> {
  const waiting = await deps.jobs.waitingKeys(catalogImportJob);
  const shopIds = (await findAbandonedImports(deps.db)).filter(
    (shopId) => !waiting.has(catalogImportJob.singletonKey!({ shopId })),
  );
  for (const shopId of shopIds) await deps.jobs.send(catalogImportJob, { shopId });
  if (shopIds.length > 0) {
    deps.log.info({ shopIds }, 'catalog imports that no worker runs queued again');
  }
  return shopIds;
}

/**
 * Imports again the stores among `shopIds` whose copy holds only part of the store, now that their
 * owner's plan lets the copy hold more (billing tells of a plan that audits more pages): each import
 * reads the whole catalog again up to the new limit. A store being imported already is left to that
 * import, which reads the plan when it starts its files. Answers the stores queued.
 */
export async function importPartialCopiesAgain(
  deps: Pick<CatalogDependencies, 'db' | 'jobs' | 'log'>,
  shopIds: readonly string[],
): Promise<string[]> {
  const partial = (await catalogRepository.findSyncStates(deps.db, shopIds))
    .filter((state) => state.phase === 'ready' && state.partialKinds.length > 0)
    .map((state) => state.shopId);
  for (const shopId of partial) await queueCatalogImport(deps, shopId);
  if (partial.length > 0) {
    deps.log.info({ shopIds: partial }, 'partial catalog copies imported again after an upgrade');
  }
  return partial;
}
