import * as z from 'zod/mini';
import type { Database } from '../../db/database.ts';
import { defineJob, type JobLog } from '../../jobs/job-queue.ts';
import {
  deleteProcessedDeliveries,
  findDelivery,
  markDeliveryProcessed,
} from './webhook-deliveries-repository.ts';
import type { WebhookHandlers } from './webhook-delivery.ts';

export interface WebhookDeliveryDependencies {
  db: Database;
  handlers: WebhookHandlers;
  log: Pick<JobLog, 'info' | 'warn'>;
}

/**
 * Runs the handler registered for a recorded delivery's topic, then marks it processed (its payload
 * dropped). A handler that fails is retried with backoff; one delivery is handled at most once to
 * its end, since a processed delivery is skipped.
 */
export const webhookDeliveryJob = defineJob({
  name: 'webhook-delivery',
  payload: z.object({ deliveryId: z.uuid() }),
  retry: { limit: 8, delaySeconds: 15, backoff: true },
  retentionDays: 7,
  concurrency: 4,
  // A change made in Shopify should show in Vitrine within a second; the default 2 s poll would
  // spend twice that waiting.
  pollingIntervalSeconds: 0.5,
  async handle(run, deps: WebhookDeliveryDependencies) {
    const row = await findDelivery(deps.db, run.payload.deliveryId);
    if (row === undefined || row.processedAt !== null) return;
    const handler = deps.handlers[row.topic];
    if (handler === undefined) {
      deps.log.warn({ topic: row.topic }, 'webhook topic without a handler; recorded only');
    } else {
      await handler({
        provider: row.provider,
        topic: row.topic,
        shopDomain: row.shopDomain,
        webhookId: row.webhookId,
        triggeredAt: row.triggeredAt,
        payload: row.payload,
      });
    }
    await markDeliveryProcessed(deps.db, row.id);
  },
});

/** How long a processed delivery is remembered, so that a late retry of it is still recognised. */
export const processedDeliveryMemoryDays = 7;

/**
 * Housekeeping, once a day: Shopify retries a delivery for four hours at most, so a week-old record
 * recognises nothing any more.
 */
export const webhookDeliveryPurgeJob = defineJob({
  name: 'webhook-delivery-purge',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '41 3 * * *', payload: {} },
  async handle(_run, deps: { db: Database; log: Pick<JobLog, 'info'> }) {
    const before = new Date(Date.now() - processedDeliveryMemoryDays * 24 * 3_600_000);
    const purged = await deleteProcessedDeliveries(deps.db, before);
    if (purged > 0) deps.log.info({ purged }, 'old webhook deliveries purged');
  },
});
