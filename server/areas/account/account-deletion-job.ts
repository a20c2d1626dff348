import { deleteAccountEverywhere, type AccountDeletionDependencies } from './delete-account.ts';
import { reportError } from '../../platform/error-reporting.ts';
import type { JobLog, JobOptions, JobQueue } from '../../jobs/job-queue.ts';

/**
 * The durable half of an account deletion (issue 4: "no personal data may survive"). The API queues
 * this job before it deletes anything, so that whatever the inline deletion leaves behind — a database
 * hiccup, Firebase down — is deleted later, however long it takes and whichever instance survives.
 */
export const accountDeletionQueue = 'account-deletion';

export interface AccountDeletionJobData {
  uid: string;
}

export interface AccountDeletionWorkerDependencies extends AccountDeletionDependencies {
  /** Where failed attempts are logged; the error reporter hears of them too. */
  log: Pick<JobLog, 'warn' | 'error'>;
}

/**
 * Retries: 1 minute, then doubling with jitter, twelve times: about four days of attempts in all,
 * well inside the 14 days a job is kept. pg-boss caps a job's retries, but a deletion must not give
 * up while data is left: after the last attempt the worker queues a new job with the same options,
 * so the attempts go on, four days at a time, until everything is gone.
 */
export const accountDeletionJobOptions: JobOptions = {
  retryLimit: 12,
  retryDelay: 60,
  retryBackoff: true,
  retentionDays: 14,
};

export async function sendAccountDeletionJob(
  queue: JobQueue,
  uid: string,
  options: JobOptions = accountDeletionJobOptions,
): Promise<void> {
  const data: AccountDeletionJobData = { uid };
  await queue.send(accountDeletionQueue, data, options);
}

/**
 * Deletes the user's sessions, contact messages, account row and Firebase user, all of them
 * idempotently: the job may run after the inline deletion already succeeded, or alongside it, and
 * then finds nothing to do. A failed attempt is reported and thrown, so that pg-boss retries it with
 * backoff; the last one first queues a new job (see accountDeletionJobOptions).
 */
export async function registerAccountDeletionWorker(
  queue: JobQueue,
  deps: AccountDeletionWorkerDependencies,
): Promise<void> {
  await queue.work<AccountDeletionJobData>(accountDeletionQueue, async (job) => {
    try {
      await deleteAccountEverywhere(deps, job.data.uid);
    } catch (error) {
      const attempt = { jobId: job.id, attempt: job.retryCount + 1, retryLimit: job.retryLimit };
      const lastAttempt = job.retryCount >= job.retryLimit;
      if (lastAttempt) {
        // The same retry options as this job's, so that a test's short delays stay short.
        await sendAccountDeletionJob(queue, job.data.uid, {
          ...accountDeletionJobOptions,
          ...job.retry,
        })
          .then(() => deps.log.error({ err: error, ...attempt }, 'account deletion queued again'))
          .catch((sendError: unknown) => {
            // Nothing will try again: the reports below are what tells a person to finish it.
            deps.log.error({ err: error, sendError, ...attempt }, 'account deletion gave up');
            reportError(sendError, { extra: { job: accountDeletionQueue, ...attempt } });
          });
      } else {
        deps.log.warn({ err: error, ...attempt }, 'account deletion attempt failed; retrying');
      }
      reportError(error, { extra: { job: accountDeletionQueue, ...attempt, lastAttempt } });
      throw error;
    }
  });
}
