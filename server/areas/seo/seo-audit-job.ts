import * as z from 'zod/mini';
import { DatabaseClosedError } from '#server/db/database.ts';
import { defineJob } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import { failAudit, runAudit } from './run-audit.ts';
import type { SeoDependencies } from './seo-dependencies.ts';

/**
 * A full audit run (run-audit.ts), queued by startAudit. A failed attempt is tried again from the
 * start (a batch rewrites its pages, so nothing is counted twice); after the last, the run shows
 * `failed`. A process stopping mid-run leaves it to the job's retry, once the attempt expires: after
 * two hours, far beyond a run of the largest plan's 100,000 pages (minutes), so that a long run is
 * never taken for a dead one and run twice at once.
 */
export const seoAuditJob = defineJob({
  name: 'seo-audit',
  payload: z.object({ runId: z.uuid() }),
  retry: { limit: 2, delaySeconds: 30, backoff: true },
  retentionDays: 2,
  expireInMinutes: 120,
  concurrency: 1,
  async handle(run, deps: SeoDependencies) {
    const { runId } = run.payload;
    try {
      const outcome = await runAudit(deps, runId);
      if (outcome !== 'done') deps.log.info({ runId, outcome }, 'seo audit ended early');
    } catch (error) {
      if (error instanceof DatabaseClosedError) {
        deps.log.info({ runId }, 'seo audit stopped: the process is stopping');
        return;
      }
      if (run.lastAttempt) {
        await failAudit(deps, runId);
        deps.log.error({ err: error, runId }, 'seo audit failed');
        reportError(error, { extra: { job: seoAuditJob.name, runId } });
        return;
      }
      deps.log.warn({ err: error, runId }, 'seo audit stopped; retrying');
      throw error;
    }
  },
});
