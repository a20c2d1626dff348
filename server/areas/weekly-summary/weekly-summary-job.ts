import * as z from 'zod/mini';
import { defineJob } from '#server/jobs/job-queue.ts';
import { sendWeeklySummaries, type WeeklySummaryDependencies } from './send-weekly-summaries.ts';
import * as mailsRepository from './weekly-summary-repository.ts';

/** How long a week's record is kept: past it, nothing can send that week's summary any more. */
const keptForMs = 8 * 7 * 86_400_000;

/**
 * Every day at 07:00 UTC, the summaries of the accounts whose weekday it is. The ledger
 * (weekly_summary_mails) keeps it to one per account and week, whichever run gets there: a retry
 * after some sends failed sends only those. Old records are purged on the way.
 */
export const weeklySummaryJob = defineJob({
  name: 'weekly-summary',
  payload: z.object({}),
  retry: { limit: 3, delaySeconds: 600, backoff: true },
  retentionDays: 2,
  concurrency: 1,
  singletonKey: () => 'every-account',
  // Longer than one attempt needs at the expected number of accounts; a longer run would be tried
  // again while it still runs, which the ledger's locks make harmless.
  expireInMinutes: 60,
  schedule: { cron: '0 7 * * *', payload: {} },
  async handle(_run, deps: WeeklySummaryDependencies) {
    const now = new Date();
    const purged = await mailsRepository.purgeBefore(deps.db, new Date(now.getTime() - keptForMs));
    const { mailed, failed } = await sendWeeklySummaries(deps, now);
    deps.log.info({ mailed, failed, purged }, 'weekly summaries');
    if (failed > 0) throw new Error(`${failed} weekly summaries were not mailed`);
  },
});
