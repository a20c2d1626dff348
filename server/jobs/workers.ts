import type { Database } from '../db/database.ts';
import type { IdentityProvider } from '../platform/identity.ts';
import type { Mailer } from '../platform/mail.ts';
import { registerAccountDeletionWorker } from '../areas/account/account-deletion-job.ts';
import { registerContactMailWorker } from '../areas/contact/contact-mail-job.ts';
import type { JobLog, JobQueue } from './job-queue.ts';

/** What the workers need; they run in the processes that run the API (roles `all` and `api`). */
export interface WorkerDependencies {
  db: Database;
  identity: IdentityProvider;
  mailer: Mailer;
  /** Where contact messages are mailed (CONTACT_INBOX). */
  contactInbox: string;
  log: JobLog;
}

/**
 * Registers every worker of the product on the queue, one line per queue. A queue whose worker is
 * not registered here keeps its jobs until an instance that has it starts.
 */
export async function startWorkers(queue: JobQueue, deps: WorkerDependencies): Promise<void> {
  await registerAccountDeletionWorker(queue, deps);
  await registerContactMailWorker(queue, deps);
}
