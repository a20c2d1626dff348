import * as z from 'zod/mini';
import type { Database } from '#server/db/database.ts';
import { defineJob, type JobLog } from '#server/jobs/job-queue.ts';
import { deleteLiveEventsBefore } from './live-events-repository.ts';

/**
 * How long events are kept for browsers that resume: a channel that was away longer reloads its
 * screens anyway (the client reads everything again when its channel opens).
 */
export const liveEventRetentionMs = 24 * 60 * 60 * 1000;

export interface LiveEventPurgeDependencies {
  db: Database;
  log: Pick<JobLog, 'info'>;
}

/** Removes the events older than a day; returns how many went. */
export async function purgeOldLiveEvents(db: Database, now = new Date()): Promise<number> {
  return deleteLiveEventsBefore(db, new Date(now.getTime() - liveEventRetentionMs));
}

/** Keeps the event table to about a day of events. One instance runs it per hour, whichever. */
export const liveEventPurgeJob = defineJob({
  name: 'live-event-purge',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '23 * * * *', payload: {} },
  async handle(_run, deps: LiveEventPurgeDependencies) {
    const purged = await purgeOldLiveEvents(deps.db);
    if (purged > 0) deps.log.info({ purged }, 'old live events purged');
  },
});
