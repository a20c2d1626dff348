import * as z from 'zod/mini';
import { DatabaseClosedError } from '#server/db/database.ts';
import { defineJob } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import { runStorefrontPass } from './run-storefront-pass.ts';
import type { SeoDependencies } from './seo-dependencies.ts';

/**
 * The storefront pass of a store (run-storefront-pass.ts), queued when a full audit's catalog part
 * is done. One per owner runs at a time: a pass whose owner has another under way is queued again a
 * minute later. One per store waits or runs at a time: a full audit finishing while its store's pass is
 * under way queues the next one, which goes on from the pages this one did not reach. A failed
 * attempt is tried again; it starts with the pages not yet fetched, since each page is recorded as
 * it is fetched.
 */
export const storefrontPassJob = defineJob({
  name: 'seo-storefront-pass',
  payload: z.object({ shopId: z.uuid() }),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  retentionDays: 2,
  // Past its own time limit (run-storefront-pass.ts), a pass ends at its next page, whose fetches
  // take at most a few minutes more: 30 minutes is never reached by a pass that is alive.
  expireInMinutes: 30,
  concurrency: 2,
  singletonKey: (payload) => payload.shopId,
  async handle(run, deps: SeoDependencies) {
    const { shopId } = run.payload;
    try {
      const outcome = await runStorefrontPass(deps, shopId);
      if (outcome === 'owner busy') {
        // Another store of the owner has its pass under way: this one comes back later, rather
        // than waiting in one of the queue's slots.
        await deps.jobs.send(storefrontPassJob, { shopId }, { startAfterSeconds: 60 });
      }
      deps.log.info(
        { shopId, ...(typeof outcome === 'string' ? { outcome } : outcome) },
        'seo storefront pass done',
      );
    } catch (error) {
      if (error instanceof DatabaseClosedError) {
        deps.log.info({ shopId }, 'seo storefront pass stopped: the process is stopping');
        return;
      }
      if (run.lastAttempt) {
        deps.log.error({ err: error, shopId }, 'seo storefront pass failed');
        reportError(error, { extra: { job: storefrontPassJob.name, shopId } });
        return;
      }
      deps.log.warn({ err: error, shopId }, 'seo storefront pass stopped; retrying');
      throw error;
    }
  },
});
