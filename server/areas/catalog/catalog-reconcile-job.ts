import * as z from 'zod/mini';
import { DatabaseClosedError } from '#server/db/database.ts';
import { defineJob } from '#server/jobs/job-queue.ts';
import type { CatalogDependencies } from './catalog-dependencies.ts';
import * as catalogRepository from './catalog-repository.ts';
import { reconcileCatalog } from './reconcile-catalog.ts';

/**
 * Every six hours, each ready store's copy is reconciled with Shopify (reconcile-catalog.ts); a
 * store whose languages changed is reconciled at once (`shopId`). A store that fails is logged and
 * left for the next run; the others go on. A store that another run is syncing right now is left
 * too, or, when it alone was asked for, reconciled a minute later. A store its owner's plan pauses
 * is skipped (logged) until the plan allows it again. A run cut short because its process is
 * stopping ends quietly.
 */
export const catalogReconcileJob = defineJob({
  name: 'catalog-reconcile',
  payload: z.object({ shopId: z.optional(z.uuid()) }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  retentionDays: 2,
  concurrency: 1,
  singletonKey: (payload) => payload.shopId ?? 'every-store',
  schedule: { cron: '17 */6 * * *', payload: {} },
  async handle(run, deps: CatalogDependencies) {
    const shopIds =
      run.payload.shopId !== undefined
        ? [run.payload.shopId]
        : await catalogRepository.findReadyShopIds(deps.db);
    let failed: unknown;
    for (const shopId of shopIds) {
      try {
        if (await deps.shops.storeIsPaused(shopId)) {
          deps.log.info(
            { shopId },
            'catalog reconciliation skipped: the store is paused by its plan',
          );
          continue;
        }
        const outcome = await reconcileCatalog(deps, shopId);
        if (outcome === 'busy' && run.payload.shopId !== undefined) {
          await deps.jobs.send(catalogReconcileJob, { shopId }, { startAfterSeconds: 60 });
        }
        if (outcome !== 'reconciled') {
          deps.log.info({ shopId, outcome }, 'catalog reconciliation left for later');
        }
      } catch (error) {
        // The process is stopping: the next scheduled run reconciles what is left.
        if (error instanceof DatabaseClosedError) {
          deps.log.info({ shopId }, 'catalog reconciliation stopped: the process is stopping');
          return;
        }
        failed = error;
        deps.log.warn({ err: error, shopId }, 'catalog reconciliation failed');
      }
    }
    if (run.payload.shopId !== undefined && failed !== undefined) throw failed;
  },
});
