import * as z from 'zod/mini';
import { AppError } from '../../../shared/errors.ts';
import { defineJob, type JobQueue } from '../../jobs/job-queue.ts';
import { reportError } from '../../platform/error-reporting.ts';
import type { CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import { importCatalog } from './import-catalog.ts';

/**
 * A store's import, queued when the owner connects it (or asks again). One per store at a time: a
 * second send while one waits is dropped. A failed attempt is retried with backoff and resumes where
 * the last one stopped; after the last attempt the store shows `error` with `import_failed`. When
 * Shopify refuses the store's credentials or the app's access, retrying cannot help: the store shows
 * the reason at once.
 */
export const catalogImportJob = defineJob({
  name: 'catalog-import',
  payload: z.object({ shopId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  retentionDays: 7,
  concurrency: 2,
  singletonKey: (payload) => payload.shopId,
  async handle(run, deps: CatalogDependencies) {
    const { shopId } = run.payload;
    const attempt = { jobId: run.id, attempt: run.retryCount + 1, retryLimit: run.retry.limit };
    try {
      await importCatalog(deps, shopId);
    } catch (error) {
      const refused =
        error instanceof AppError &&
        ['shop_needs_reconnecting', 'shop_not_found', 'shopify_refused'].includes(error.code);
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
