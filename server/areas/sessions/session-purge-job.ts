import * as z from 'zod/mini';
import { session as sessionRules } from '#shared/constants.ts';
import type { Database } from '#server/db/database.ts';
import { defineJob, type JobLog } from '#server/jobs/job-queue.ts';
import { deleteExpiredSessions } from './sessions-repository.ts';

export interface SessionPurgeDependencies {
  db: Database;
  log: Pick<JobLog, 'info'>;
}

/** Removes the sessions past their idle or absolute expiry; returns how many went. */
export async function purgeExpiredSessions(db: Database, now = new Date()): Promise<number> {
  return deleteExpiredSessions(db, new Date(now.getTime() - sessionRules.idleExpiryMs), now);
}

/**
 * Housekeeping, once an hour: expired rows are useless (lookups already ignore them), but they hold
 * encrypted tokens that have no reason to be kept. One instance runs it per hour, whichever.
 */
export const sessionPurgeJob = defineJob({
  name: 'session-purge',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '17 * * * *', payload: {} },
  async handle(_run, deps: SessionPurgeDependencies) {
    const purged = await purgeExpiredSessions(deps.db);
    if (purged > 0) deps.log.info({ purged }, 'expired sessions purged');
  },
});
