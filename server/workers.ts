import { accountDeletionJob } from './areas/account/account-deletion-job.ts';
import { contactMailJob, contactMailSweepJob } from './areas/contact/contact-mail-job.ts';
import { sessionPurgeJob } from './areas/sessions/session-purge-job.ts';
import { oauthStatePurgeJob } from './areas/shops/oauth-state-purge-job.ts';
import type { ShopCatalog } from './areas/shops/shop-catalog.ts';
import { shopWebhookHandlers } from './areas/shops/shop-webhook-handlers.ts';
import {
  webhookDeliveryJob,
  webhookDeliveryPurgeJob,
} from './areas/webhooks/webhook-delivery-job.ts';
import type { WebhookHandlers } from './areas/webhooks/webhook-delivery.ts';
import type { Database } from './db/database.ts';
import type { JobLog, JobQueue } from './jobs/job-queue.ts';
import type { IdentityProvider } from './platform/identity.ts';
import type { Mailer } from './platform/mail.ts';
import type { ShopifyApp } from './platform/shopify/shopify-app.ts';

/** What the jobs of every area need; the workers run where the API runs (roles `all` and `api`). */
export interface WorkerDependencies {
  db: Database;
  identity: IdentityProvider;
  mailer: Mailer;
  jobs: JobQueue;
  /** Vitrine as a Shopify app, for the jobs that read or write a store. */
  shopify: ShopifyApp;
  /** Where contact messages are mailed (CONTACT_INBOX). */
  contactInbox: string;
  /** The copy of each connected store's catalog (server/areas/shops/shop-catalog.ts). */
  shopCatalog: ShopCatalog;
  log: JobLog;
}

/** What each webhook topic does, gathered from the areas that handle them. */
export function webhookHandlers(deps: WorkerDependencies): WebhookHandlers {
  return {
    ...shopWebhookHandlers({ db: deps.db, catalog: deps.shopCatalog }),
  };
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
  await deps.jobs.work(oauthStatePurgeJob, deps);
  await deps.jobs.work(webhookDeliveryJob, { ...deps, handlers: webhookHandlers(deps) });
  await deps.jobs.work(webhookDeliveryPurgeJob, deps);
}
