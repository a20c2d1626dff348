import * as z from 'zod/mini';
import { defineJob, type JobLog, type JobQueue } from '#server/jobs/job-queue.ts';
import { reportError } from '#server/platform/error-reporting.ts';
import type { UserShopsDependencies } from '#server/areas/shops/index.ts';
import { deleteAccountEverywhere, type AccountDeletionDependencies } from './delete-account.ts';

export interface AccountDeletionJobDependencies extends AccountDeletionDependencies {
  /** The job always disconnects the account's stores, whatever the API that queued it could do. */
  stores: UserShopsDependencies;
  /** To queue the job again when it runs out of attempts. */
  jobs: JobQueue;
  /** Where failed attempts are logged; the error reporter hears of them too. */
  log: Pick<JobLog, 'warn' | 'error'>;
}

/**
 * How long after a deletion its second pass starts: a Firebase ID token lives one hour from when it
 * was minted, and the last one of the user may have been minted just before the Firebase user was
 * deleted; five minutes more allow for clocks that disagree. After that no token of the user can
 * pass the API's checks, so nothing can be re-created behind the second pass.
 */
export const secondPassDelaySeconds = 60 * 60 + 5 * 60;

/**
 * The durable half of an account deletion: no personal data may survive one. The API queues this job
 * before it deletes anything, so that whatever the inline deletion leaves behind (a database hiccup,
 * Firebase down) is deleted later, however long it takes and whichever instance survives.
 *
 * It deletes the user's sessions, stores (the app removed at Shopify first), contact messages, SEO
 * changes, billing records, account row and Firebase user, each step idempotently: the job may run after the inline deletion already
 * succeeded, or alongside it, and then finds nothing to do. It calls nothing at Stripe: the
 * account's subscriptions were cancelled before it was queued (request-account-deletion.ts), and a
 * cancellation that failed queued no job.
 *
 * Once everything is gone, the job queues its own second pass, to start when the user's last ID token
 * has expired (secondPassDelaySeconds). A call that carried such a token and was let through just
 * before the Firebase user went (a second tab, another BFF instance) may have re-created the account
 * or a contact message, or connected a store, and Stripe's late events about the cancelled
 * subscriptions may have recorded them again; the second pass deletes these, and queues nothing
 * further. A store connected later still is disconnected by the sweep of stores without an account
 * (orphaned-stores-sweep-job.ts).
 *
 * Retries: 1 minute, then doubling with jitter, twelve times: about four days of attempts in all,
 * well inside the 14 days a job is kept. pg-boss caps a job's retries, but a deletion must not give
 * up while data is left: after the last attempt the job queues itself again with the same policy, so
 * the attempts go on, four days at a time, until everything is gone.
 */
export const accountDeletionJob = defineJob({
  name: 'account-deletion',
  // Without `pass`, a first pass: jobs stored before there was a second pass read as such.
  payload: z.object({
    uid: z.string().check(z.minLength(1)),
    pass: z.optional(z.enum(['first', 'second'])),
  }),
  retry: { limit: 12, delaySeconds: 60, backoff: true },
  retentionDays: 14,
  concurrency: 2,
  async handle(run, deps: AccountDeletionJobDependencies) {
    try {
      await deleteAccountEverywhere(deps, run.payload.uid);
      // A failure to queue it fails this attempt, which is retried: the second pass is as durable.
      if (run.payload.pass !== 'second') {
        await deps.jobs.send(
          accountDeletionJob,
          { uid: run.payload.uid, pass: 'second' },
          { startAfterSeconds: secondPassDelaySeconds, retry: run.retry },
        );
      }
    } catch (error) {
      const attempt = { jobId: run.id, attempt: run.retryCount + 1, retryLimit: run.retry.limit };
      if (run.lastAttempt) {
        // The same policy as this job's, so that a test's short delays stay short.
        await deps.jobs
          .send(accountDeletionJob, run.payload, { retry: run.retry })
          .then(() => deps.log.error({ err: error, ...attempt }, 'account deletion queued again'))
          .catch((sendError: unknown) => {
            // Nothing will try again: the reports below are what tells a person to finish it.
            deps.log.error({ err: error, sendError, ...attempt }, 'account deletion gave up');
            reportError(sendError, { extra: { job: accountDeletionJob.name, ...attempt } });
          });
      } else {
        deps.log.warn({ err: error, ...attempt }, 'account deletion attempt failed; retrying');
      }
      reportError(error, {
        extra: { job: accountDeletionJob.name, ...attempt, lastAttempt: run.lastAttempt },
      });
      throw error;
    }
  },
});
