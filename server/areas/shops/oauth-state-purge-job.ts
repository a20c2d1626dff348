import * as z from 'zod/mini';
import type { Database } from '#server/db/database.ts';
import { defineJob, type JobLog } from '#server/jobs/job-queue.ts';
import { deleteExpiredOauthStates } from './shops-repository.ts';

/** Housekeeping, once an hour: states past their ten minutes can no longer be used. */
export const oauthStatePurgeJob = defineJob({
  name: 'shop-oauth-state-purge',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '23 * * * *', payload: {} },
  async handle(_run, deps: { db: Database; log: Pick<JobLog, 'info'> }) {
    const purged = await deleteExpiredOauthStates(deps.db, new Date());
    if (purged > 0) deps.log.info({ purged }, 'expired store authorization states purged');
  },
});
