import type Stripe from 'stripe';
import { session as sessionRules } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import { cancelSubscriptionsForAccountDeletion } from '#server/areas/billing/index.ts';
import { accountDeletionJob } from './account-deletion-job.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { Caller } from '#server/platform/identity.ts';
import { deleteAccountEverywhere, type AccountDeletionDependencies } from './delete-account.ts';

export interface RequestAccountDeletionDependencies extends AccountDeletionDependencies {
  jobs: JobQueue;
  /** To cancel the account's subscriptions; absent where the API runs without billing. */
  stripe?: Stripe | undefined;
  now?: () => Date;
}

/** `done`: nothing of the user is left. `pending`: the account-deletion job finishes what is left. */
export type AccountDeletionOutcome = { status: 'done' } | { status: 'pending'; failure: unknown };

/**
 * Deletes the caller's account, sessions and Firebase user (docs/product.md, "Flows").
 *
 * The sign-in must be recent (the same five minutes a session needs): a stolen session or an
 * unattended browser cannot delete an account without the user's credentials.
 *
 * The account's subscriptions are cancelled at Stripe first, now: once the account is gone its owner
 * could no longer stop them. If Stripe cannot cancel one, nothing has been queued or deleted and the
 * caller may try again (503 `subscription_cancel_failed`); a deletion must never start that would
 * leave a subscription billing an account that no longer exists.
 *
 * The durable job is queued next and the inline deletion follows. Once the job is stored, no failure
 * can leave personal data behind for good: if the queue cannot take the job, nothing has been deleted
 * yet and the caller may simply try again (503); if an inline step fails, the job retries it.
 */
export async function requestAccountDeletion(
  deps: RequestAccountDeletionDependencies,
  caller: Caller,
): Promise<AccountDeletionOutcome> {
  const now = deps.now?.() ?? new Date();
  if (now.getTime() - caller.authTime.getTime() > sessionRules.maxSignInAgeMs) {
    throw new AppError('recent_login_required', 403, {
      message: 'Deleting the account needs a sign-in of the last five minutes; sign in again',
    });
  }

  await cancelSubscriptionsForAccountDeletion(deps, caller.uid);

  try {
    await deps.jobs.send(accountDeletionJob, { uid: caller.uid });
  } catch (error) {
    throw new AppError('account_deletion_failed', 503, {
      message: 'The deletion could not be queued; nothing was deleted, try again',
      cause: error,
    });
  }

  try {
    await deleteAccountEverywhere(deps, caller.uid);
    return { status: 'done' };
  } catch (failure) {
    return { status: 'pending', failure };
  }
}
