import * as z from 'zod/mini';
import type { Database } from '#server/db/database.ts';
import { defineJob, type JobLog, type JobQueue, type SendOptions } from '#server/jobs/job-queue.ts';
import {
  deleteProcessedDeliveries,
  findUnprocessedDeliveryIds,
  processOnce,
} from './webhook-deliveries-repository.ts';
import type { StripeEventHandler, WebhookHandlers } from './webhook-delivery.ts';

export interface WebhookDeliveryDependencies {
  db: Database;
  /** Shopify's deliveries, by topic. */
  handlers: WebhookHandlers;
  /** Stripe's events, whatever their type: the billing area decides which ones matter. */
  stripeEvents: StripeEventHandler;
  log: Pick<JobLog, 'info' | 'warn'>;
}

/**
 * Runs what a recorded delivery calls for, by its provider: Shopify's go to the handler registered
 * for their topic, Stripe's to the billing area's handler. Then it marks it processed (its payload
 * dropped). A handler that fails is retried with backoff. A delivery may have more than one job (a
 * replay of it queues one, and so does the sweep below), but it is handled to its end once: a
 * processed delivery is skipped, and so is one another job has claimed and is handling
 * (webhook-deliveries-repository.ts, processOnce).
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
    const { deliveryId } = run.payload;
    const outcome = await processOnce(deps.db, deliveryId, async (row) => {
      if (row.provider === 'stripe') {
        await deps.stripeEvents({ eventId: row.webhookId, type: row.topic, payload: row.payload });
        return;
      }
      const handler = deps.handlers[row.topic];
      if (handler === undefined || row.shopDomain === null) {
        deps.log.warn({ topic: row.topic }, 'webhook topic without a handler; recorded only');
        return;
      }
      await handler({
        provider: row.provider,
        topic: row.topic,
        shopDomain: row.shopDomain,
        webhookId: row.webhookId,
        triggeredAt: row.triggeredAt,
        payload: row.payload,
      });
    });
    if (outcome === 'claim lost') {
      deps.log.warn({ deliveryId }, 'webhook delivery handled, but another job had taken it over');
    } else if (outcome !== 'processed') {
      deps.log.info({ deliveryId, outcome }, 'webhook delivery not handled by this job');
    }
  },
});

/**
 * A delivery still unprocessed this long after it arrived has lost its job, or its job has run out
 * of attempts: the job's own retries (eight, from 15 s and doubling with jitter) are over within
 * about two hours.
 */
export const unprocessedAfterMs = 3 * 3_600_000;
/** Deliveries older than this are no longer tried again: what they announced is long out of date. */
export const abandonedAfterMs = 48 * 3_600_000;
/** At most this many deliveries are queued again per sweep; the next sweep takes the rest. */
const sweepBatchSize = 100;

/**
 * The sweep's own jobs are not retried: the next sweep is their retry. Retried ones would start a new
 * chain of attempts for the same delivery at every sweep while its handler keeps failing.
 */
const sweptJobOptions: SendOptions = { retry: { limit: 0 } };

/**
 * Queues again every delivery still unprocessed `unprocessedAfterMs` after it arrived, and less than
 * `abandonedAfterMs` ago; returns how many. Shopify and Stripe send a delivery again only when it
 * was not answered, so one answered and then never handled is found here.
 */
export async function sweepUnprocessedDeliveries(
  queue: JobQueue,
  db: Database,
  now = new Date(),
): Promise<number> {
  const ids = await findUnprocessedDeliveryIds(
    db,
    {
      after: new Date(now.getTime() - abandonedAfterMs),
      before: new Date(now.getTime() - unprocessedAfterMs),
    },
    sweepBatchSize,
  );
  for (const deliveryId of ids) {
    await queue.send(webhookDeliveryJob, { deliveryId }, sweptJobOptions);
  }
  return ids.length;
}

/** Every half hour, the deliveries left unprocessed are queued again. */
export const webhookDeliverySweepJob = defineJob({
  name: 'webhook-delivery-sweep',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 0, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  schedule: { cron: '*/30 * * * *', payload: {} },
  async handle(_run, deps: { db: Database; jobs: JobQueue; log: Pick<JobLog, 'warn'> }) {
    const queued = await sweepUnprocessedDeliveries(deps.jobs, deps.db);
    if (queued > 0) deps.log.warn({ queued }, 'unprocessed webhook deliveries queued again');
  },
});

/** How long a processed delivery is remembered, so that a late retry of it is still recognised. */
export const processedDeliveryMemoryDays = 7;

/**
 * Housekeeping, once a day: Shopify retries a delivery for four hours at most and Stripe an event for
 * three days, so a week-old record recognises nothing any more.
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
