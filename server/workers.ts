import { accountDeletionJob } from './areas/account/account-deletion-job.ts';
import type { CatalogDependencies } from './areas/catalog/catalog-dependencies.ts';
import { catalogImportJob } from './areas/catalog/catalog-import-job.ts';
import { catalogReconcileJob } from './areas/catalog/catalog-reconcile-job.ts';
import { contactMailJob, contactMailSweepJob } from './areas/contact/contact-mail-job.ts';
import { sessionPurgeJob } from './areas/sessions/session-purge-job.ts';
import type { Database } from './db/database.ts';
import type { JobLog, JobQueue } from './jobs/job-queue.ts';
import type { IdentityProvider } from './platform/identity.ts';
import type { Mailer } from './platform/mail.ts';

/** What the jobs of every area need; the workers run where the API runs (roles `all` and `api`). */
export interface WorkerDependencies {
  db: Database;
  identity: IdentityProvider;
  mailer: Mailer;
  jobs: JobQueue;
  /** Where contact messages are mailed (CONTACT_INBOX). */
  contactInbox: string;
  log: JobLog;
  /**
   * The catalog's way to Shopify: the Shopify app, the shops area's access to a store's token, the
   * public address webhooks come to, one Admin API client per store. Without it (a process started
   * before stores can be connected), the catalog's jobs wait in their queues.
   */
  catalog?: Omit<CatalogDependencies, 'db' | 'jobs' | 'log'>;
}

/**
 * Puts every job the areas define to work, one line per job. A queue whose job is not listed here
 * keeps its jobs until an instance that lists it starts.
 */
export async function startWorkers(deps: WorkerDependencies): Promise<void> {
  await deps.jobs.work(accountDeletionJob, deps);
  await deps.jobs.work(contactMailJob, deps);
  await deps.jobs.work(contactMailSweepJob, deps);
  await deps.jobs.work(sessionPurgeJob, deps);
  if (deps.catalog !== undefined) {
    const catalog = { ...deps.catalog, db: deps.db, jobs: deps.jobs, log: deps.log };
    await deps.jobs.work(catalogImportJob, catalog);
    await deps.jobs.work(catalogReconcileJob, catalog);
  }
}
