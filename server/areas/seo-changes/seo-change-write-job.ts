import * as z from 'zod/mini';
import { AppError } from '#shared/errors.ts';
import { defineJob } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import { AdminQueryError } from '#server/platform/shopify/admin-client.ts';
import * as changesRepository from './changes-repository.ts';
import type { SeoChangesDependencies } from './seo-changes-dependencies.ts';
import { writeBatch } from './write-changes.ts';

/**
 * The write of one approved batch to Shopify (write-changes.ts), queued by its approval, its undo
 * or a conflict resolved for the owner's value. A batch that finds another batch of its store being
 * written, or an earlier one still to write the primary text of one of its translations, asks to
 * run again a moment later. Shopify unavailable fails the attempt, which is retried
 * with backoff (for about an hour); after the last attempt what is left of the batch fails with the
 * reason, and the owner may edit and approve it again, but for a change already sent, which Shopify
 * may hold: it waits for the sweep's next try, which reads Shopify before writing anything. Shopify refusing the query itself (a GraphQL
 * error, which no retry mends) fails what is left at once (`shopify_refused`), and is reported.
 */
export const seoChangeWriteJob = defineJob({
  name: 'seo-change-write',
  payload: z.object({ shopId: z.uuid(), batchId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  retentionDays: 7,
  concurrency: 2,
  // The owner waits to see the change applied.
  pollingIntervalSeconds: 0.5,
  async handle(run, deps: SeoChangesDependencies) {
    const { shopId, batchId } = run.payload;
    const attempt = { jobId: run.id, attempt: run.retryCount + 1, retryLimit: run.retry.limit };
    let outcome;
    try {
      outcome = await writeBatch(deps, shopId, batchId);
    } catch (error) {
      // Shopify refusing the query itself is a fault of the query: no retry mends it.
      const refusedQuery = error instanceof AdminQueryError;
      if (!run.lastAttempt && !refusedQuery) {
        deps.log.warn(
          { err: error, shopId, batchId, ...attempt },
          'seo changes not written; retrying',
        );
        throw error;
      }
      const code = refusedQuery
        ? 'shopify_refused'
        : error instanceof AppError
          ? error.code
          : 'internal_error';
      // Shopify unreachable may have taken a write whose answer was lost: a change sent stays
      // approved, and the sweep (below) tries the batch again later, reading Shopify first, until
      // it gives up on it (`unconfirmedWriteGivenUpAfterHours`).
      await changesRepository.markFailed(deps.db, { batchId }, code, {
        unsentOnly: code === 'shopify_unavailable',
      });
      deps.log.error({ err: error, shopId, batchId, ...attempt }, 'seo changes not written');
      reportError(error, { extra: { job: seoChangeWriteJob.name, ...attempt } });
      return;
    }
    if (outcome === 'busy') {
      await deps.jobs.send(seoChangeWriteJob, run.payload, {
        startAfterSeconds: deps.busyRetrySeconds ?? 2,
      });
      return;
    }
    if (outcome === 'gone') {
      deps.log.info({ shopId, batchId }, 'seo changes not written: the store is disconnected');
      return;
    }
    deps.log.info({ shopId, batchId, ...outcome }, 'seo changes written');
  },
});

/**
 * How long an approved batch may wait before the sweep takes it for one whose job was never queued.
 * An approval queues its job right after committing, within milliseconds; the margin is wide so
 * that the sweep of one process never races a job another process is about to queue, and a write
 * lost this way is still made within about twenty minutes.
 */
export const unqueuedBatchAfterSeconds = 15 * 60;

/**
 * How long after it was sent a change Shopify never confirmed is tried again: then it fails with
 * `write_unconfirmed`, which asks the owner to check the value in Shopify, rather than be tried
 * for ever while Shopify does not answer (or the write keeps failing).
 */
export const unconfirmedWriteGivenUpAfterHours = 24;

/**
 * Queues again the write of every approved batch that has no write job: the process that approved it
 * stopped between committing the approval and queueing the job. The write reads Shopify before
 * writing anything, so a batch queued twice by a race with its approval is written once.
 */
export const seoChangeWriteSweepJob = defineJob({
  name: 'seo-change-write-sweep',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 60, backoff: true },
  retentionDays: 1,
  concurrency: 1,
  singletonKey: () => 'every-store',
  schedule: { cron: '*/5 * * * *', payload: {} },
  async handle(_run, deps: SeoChangesDependencies) {
    await queueUnqueuedBatches(deps);
  },
});

/**
 * The sweep's work, over every store or one (`shopId`), at `now`. Answers the batches it queued.
 */
export async function queueUnqueuedBatches(
  deps: Pick<SeoChangesDependencies, 'db' | 'jobs' | 'log'>,
  options: { now?: Date; shopId?: string } = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const givenUp = await changesRepository.failUnconfirmedSentBefore(
    deps.db,
    new Date(now.getTime() - unconfirmedWriteGivenUpAfterHours * 3_600_000),
    options.shopId,
  );
  if (givenUp > 0) {
    deps.log.warn({ changes: givenUp }, 'seo changes never confirmed by Shopify: given up');
  }
  const before = new Date(now.getTime() - unqueuedBatchAfterSeconds * 1000);
  const waiting = await changesRepository.batchesWaitingSince(deps.db, before, options.shopId);
  if (waiting.length === 0) return [];
  const queued = new Set(
    (await deps.jobs.unfinishedPayloads(seoChangeWriteJob)).map(({ batchId }) => batchId),
  );
  const lost = waiting.filter(({ batchId }) => !queued.has(batchId));
  for (const { shopId, batchId } of lost) {
    await queueBatchWrite(deps, shopId, batchId);
    deps.log.warn({ shopId, batchId }, 'seo changes approved without a write job: queued again');
  }
  return lost.map(({ batchId }) => batchId);
}

/** Queues the write of a batch just approved. */
export async function queueBatchWrite(
  deps: Pick<SeoChangesDependencies, 'jobs'>,
  shopId: string,
  batchId: string,
): Promise<void> {
  await deps.jobs.send(seoChangeWriteJob, { shopId, batchId });
}

/** Puts the SEO changes' job to work in this process. */
export async function startSeoChangesJobs(deps: SeoChangesDependencies): Promise<void> {
  await deps.jobs.work(seoChangeWriteJob, deps);
  await deps.jobs.work(seoChangeWriteSweepJob, deps);
}
