import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveShopifyWebhook } from '#server/areas/webhooks/receive-webhook.ts';
import { processOnce } from '#server/areas/webhooks/webhook-deliveries-repository.ts';
import {
  sweepUnprocessedDeliveries,
  webhookDeliveryJob,
} from '#server/areas/webhooks/webhook-delivery-job.ts';
import type { WebhookDelivery } from '#server/platform/shopify/webhook-delivery.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { createTestJobQueue } from '../support/api-test-app.ts';
import { openTestDatabase } from '../support/integration-services.ts';
import {
  shopifyWebhookHeaders,
  testShopifyCredentials,
  uniqueShopDomain,
  waitUntil,
} from '../support/shops-test-support.ts';

/**
 * A delivery is handled to its end exactly once, whatever happened to its job: never queued (the
 * process stopped between recording it and queueing it), or failed on every attempt. Shopify sends
 * a delivery again until it is answered, and that replay queues it again; the jobs of one delivery
 * never run at the same time. The webhooks area runs here with its real job queue and PostgreSQL,
 * and a handler of the test's own that counts what it is given.
 */

const topic = 'products/update';

let database: DatabaseHandle;
let jobs: JobQueue;
let jobSchema: string;

/** Every call of the handler, by webhook id: when it started and ended, and whether it failed. */
const calls = new Map<string, Array<{ startedAt: number; endedAt: number; failed: boolean }>>();
/** Webhook ids whose handler fails that many more times. */
const failures = new Map<string, number>();
/** Webhook ids whose handler takes that long. */
const durations = new Map<string, number>();

async function countingHandler(delivery: WebhookDelivery): Promise<void> {
  const startedAt = Date.now();
  await new Promise((resolve) => setTimeout(resolve, durations.get(delivery.webhookId) ?? 0));
  const failuresLeft = failures.get(delivery.webhookId) ?? 0;
  if (failuresLeft > 0) failures.set(delivery.webhookId, failuresLeft - 1);
  const list = calls.get(delivery.webhookId) ?? [];
  list.push({ startedAt, endedAt: Date.now(), failed: failuresLeft > 0 });
  calls.set(delivery.webhookId, list);
  if (failuresLeft > 0) throw new Error('The handler failed, as the test asked');
}

beforeAll(async () => {
  database = openTestDatabase({ maxConnections: 8 });
  jobSchema = `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  jobs = createTestJobQueue(jobSchema);
  await jobs.start();
  await jobs.work(webhookDeliveryJob, {
    db: database.db,
    handlers: { [topic]: countingHandler },
    // Only Shopify's deliveries are sent here; Stripe's go through the same claim (billing-events.test.ts).
    stripeEvents: async () => {},
    log: { info: () => {}, warn: () => {} },
  });
});

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
});

/** A queue whose sends are tried once: a failed attempt fails the job for good. */
function queueWithoutRetries(queue: JobQueue): JobQueue {
  return {
    ...queue,
    send: (job, payload, options) =>
      queue.send(job, payload, { ...options, retry: { ...options?.retry, limit: 0 } }),
  };
}

/** Shopify's delivery of `products/update` about a new store: its headers and body. */
function newDelivery() {
  const shopDomain = uniqueShopDomain();
  const body = JSON.stringify({ id: 8100000000001, title: 'Robe' });
  const headers = shopifyWebhookHeaders(topic, shopDomain, body);
  return { shopDomain, body, headers, webhookId: headers['x-shopify-webhook-id']! };
}

function receive(delivery: ReturnType<typeof newDelivery>, queue: JobQueue = jobs) {
  return receiveShopifyWebhook(
    { db: database.db, jobs: queue, apiSecret: testShopifyCredentials.apiSecret },
    { headers: delivery.headers, rawBody: Buffer.from(delivery.body) },
  );
}

async function deliveryRow(webhookId: string) {
  const result = await database.pool.query<{
    id: string;
    processed_at: Date | null;
    claimed_until: Date | null;
  }>(
    `select id, processed_at, claimed_until from webhook_deliveries
     where provider = 'shopify' and webhook_id = $1`,
    [webhookId],
  );
  return result.rows[0];
}

/** The delivery's jobs by state. */
async function jobStates(deliveryId: string): Promise<string[]> {
  const result = await database.pool.query<{ state: string }>(
    `select state from ${jobSchema}.job where name = $1 and data->>'deliveryId' = $2`,
    [webhookDeliveryJob.name, deliveryId],
  );
  return result.rows.map((row) => row.state);
}

/** Waits until the delivery has no job waiting, retrying or running. */
async function jobsSettled(deliveryId: string): Promise<void> {
  await waitUntil(async () =>
    (await jobStates(deliveryId)).every((state) => ['completed', 'failed'].includes(state)),
  );
}

/** A delivery as recorded by a process that stopped before queueing its job. */
async function recordedWithoutJob(
  delivery: ReturnType<typeof newDelivery>,
  received: { at?: Date; processed?: boolean } = {},
): Promise<string> {
  const at = received.at ?? new Date();
  const result = await database.pool.query<{ id: string }>(
    `insert into webhook_deliveries
       (provider, webhook_id, topic, shop_domain, payload, received_at, processed_at)
     values ('shopify', $1, $2, $3, $4, $5, $6) returning id`,
    [
      delivery.webhookId,
      topic,
      delivery.shopDomain,
      delivery.body,
      at,
      received.processed === true ? at : null,
    ],
  );
  return result.rows[0]!.id;
}

function handledOnce(webhookId: string) {
  const list = calls.get(webhookId) ?? [];
  return list.filter((call) => !call.failed).length === 1;
}

describe('a delivery whose job was lost', () => {
  it('is handled, once, when Shopify sends it again', async () => {
    const delivery = newDelivery();
    const deliveryId = await recordedWithoutJob(delivery);
    expect(await jobStates(deliveryId)).toEqual([]);

    await Promise.all([receive(delivery), receive(delivery)]);

    await waitUntil(async () => (await deliveryRow(delivery.webhookId))?.processed_at != null);
    await jobsSettled(deliveryId);
    expect(calls.get(delivery.webhookId)).toHaveLength(1);
    expect(handledOnce(delivery.webhookId)).toBe(true);
  });
});

describe('a delivery whose handling failed on every attempt', () => {
  it('is handled when Shopify sends it again', async () => {
    const delivery = newDelivery();
    failures.set(delivery.webhookId, 1);
    await receive(delivery, queueWithoutRetries(jobs));
    const deliveryId = (await deliveryRow(delivery.webhookId))!.id;
    await waitUntil(async () => (await jobStates(deliveryId)).includes('failed'));
    expect(await deliveryRow(delivery.webhookId)).toMatchObject({
      processed_at: null,
      claimed_until: null,
    });

    await receive(delivery);

    await waitUntil(async () => (await deliveryRow(delivery.webhookId))?.processed_at != null);
    await jobsSettled(deliveryId);
    expect(calls.get(delivery.webhookId)?.map((call) => call.failed)).toEqual([true, false]);
  });
});

describe('the jobs of one delivery', () => {
  it('never run its handler at the same time, and it runs to its end once', async () => {
    const delivery = newDelivery();
    durations.set(delivery.webhookId, 500);
    await receive(delivery);
    const deliveryId = (await deliveryRow(delivery.webhookId))!.id;
    // Two more jobs for it, as replays of it while the first waits or runs would queue.
    await jobs.send(webhookDeliveryJob, { deliveryId });
    await jobs.send(webhookDeliveryJob, { deliveryId });

    await waitUntil(async () => (await deliveryRow(delivery.webhookId))?.processed_at != null);
    await jobsSettled(deliveryId);
    expect(await jobStates(deliveryId)).toEqual(['completed', 'completed', 'completed']);
    expect(calls.get(delivery.webhookId)).toHaveLength(1);
  });
});

describe('the sweep', () => {
  it('queues again the deliveries still unprocessed three hours on, for two days', async () => {
    // Long ago, so that no other test's deliveries fall into the sweep's window.
    const now = new Date('2000-01-10T12:00:00Z');
    const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
    const lost = newDelivery();
    const recent = newDelivery();
    const abandoned = newDelivery();
    const handled = newDelivery();
    const lostId = await recordedWithoutJob(lost, { at: hoursAgo(4) });
    const recentId = await recordedWithoutJob(recent, { at: hoursAgo(1) });
    const abandonedId = await recordedWithoutJob(abandoned, { at: hoursAgo(49) });
    await recordedWithoutJob(handled, { at: hoursAgo(4), processed: true });

    const queued = await sweepUnprocessedDeliveries(jobs, database.db, now);

    expect(queued).toBe(1);
    await waitUntil(async () => (await deliveryRow(lost.webhookId))?.processed_at != null);
    await jobsSettled(lostId);
    expect(handledOnce(lost.webhookId)).toBe(true);
    for (const untouched of [recent, abandoned, handled]) {
      expect(calls.get(untouched.webhookId)).toBeUndefined();
    }
    expect(await jobStates(recentId)).toEqual([]);
    expect(await jobStates(abandonedId)).toEqual([]);
    await database.pool.query('delete from webhook_deliveries where id = any($1)', [
      [recentId, abandonedId],
    ]);
  });
});

/** The delivery as claimed by a run of another process, until `secondsFromNow` (negative: past). */
async function claimedElsewhere(deliveryId: string, secondsFromNow: number): Promise<void> {
  await database.pool.query(
    `update webhook_deliveries
     set claimed_until = now() + $2 * interval '1 second', claimed_by = $3 where id = $1`,
    [deliveryId, secondsFromNow, randomUUID()],
  );
}

describe('a delivery claimed by another run', () => {
  it('is left alone while the claim lasts', async () => {
    const delivery = newDelivery();
    const deliveryId = await recordedWithoutJob(delivery);
    await claimedElsewhere(deliveryId, 60);

    await jobs.send(webhookDeliveryJob, { deliveryId });

    await waitUntil(async () => (await jobStates(deliveryId)).includes('completed'));
    expect(calls.get(delivery.webhookId)).toBeUndefined();
    expect((await deliveryRow(delivery.webhookId))?.processed_at).toBeNull();
  });

  it('is handled, once, when the claim has expired (its process stopped)', async () => {
    const delivery = newDelivery();
    const deliveryId = await recordedWithoutJob(delivery);
    await claimedElsewhere(deliveryId, -1);

    await jobs.send(webhookDeliveryJob, { deliveryId });

    await waitUntil(async () => (await deliveryRow(delivery.webhookId))?.processed_at != null);
    await jobsSettled(deliveryId);
    expect(handledOnce(delivery.webhookId)).toBe(true);
    expect((await deliveryRow(delivery.webhookId))?.claimed_until).toBeNull();
  });
});

describe('a run whose handler outlasts the lease', () => {
  it('keeps its claim, without holding the row locked, and no other run handles the delivery meanwhile', async () => {
    const delivery = newDelivery();
    const deliveryId = await recordedWithoutJob(delivery);
    const timing = { leaseMs: 600, renewEveryMs: 150 };
    const seenByOthers: string[] = [];
    let handled = 0;

    const first = processOnce(
      database.db,
      deliveryId,
      async () => {
        handled += 1;
        // Another connection can lock the row at once: no transaction holds it while Shopify is asked.
        const locked = await database.pool.query(
          'select id from webhook_deliveries where id = $1 for update nowait',
          [deliveryId],
        );
        expect(locked.rowCount).toBe(1);
        // Twice past the lease, another run still finds the delivery claimed.
        await new Promise((resolve) => setTimeout(resolve, 2 * timing.leaseMs));
        seenByOthers.push(
          await processOnce(database.db, deliveryId, async () => void (handled += 1), timing),
        );
        await new Promise((resolve) => setTimeout(resolve, timing.leaseMs));
      },
      timing,
    );

    expect(await first).toBe('processed');
    expect(seenByOthers).toEqual(['being processed']);
    expect(handled).toBe(1);
    expect(await deliveryRow(delivery.webhookId)).toMatchObject({ claimed_until: null });
    expect((await deliveryRow(delivery.webhookId))?.processed_at).not.toBeNull();
  });
});
