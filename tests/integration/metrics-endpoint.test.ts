import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApiApp } from '#server/api/app.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createJobQueue, defineJob, type JobQueue } from '#server/jobs/job-queue.ts';
import { operationsFigures } from '#server/operations-figures.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import {
  createMetrics,
  listenForScrapes,
  type Metrics,
  type MetricsListener,
} from '#server/platform/metrics.ts';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.ts';
import { createTestIdentity } from '../support/integration-services.ts';
import { parseMetrics, type ParsedMetrics } from '../support/prometheus-text.ts';

/**
 * The metrics endpoint as operators scrape it: the API's requests counted by route pattern, and the
 * figures read at each scrape from a database of the test's own (sessions, webhook deliveries, the
 * catalog's sync states, pg-boss's queues), so that every value can be predicted exactly.
 */

const testSchema = 'pgboss';
let fresh: FreshDatabase;
let database: DatabaseHandle;
let jobs: JobQueue;
let identity: IdentityProvider;
let api: FastifyInstance;
let metrics: Metrics;
let listener: MetricsListener;
const sampleErrors: string[] = [];

const failingJob = defineJob({
  name: 'metrics-test-failing',
  payload: z.object({}),
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  pollingIntervalSeconds: 0.5,
  async handle() {
    throw new Error('fails on purpose');
  },
});

/** A queue nobody works: what is sent to it waits. */
const unworkedJob = defineJob({
  name: 'metrics-test-unworked',
  payload: z.object({ n: z.number() }),
  retry: { limit: 0, delaySeconds: 1, backoff: false },
  retentionDays: 1,
  concurrency: 1,
  async handle() {},
});

beforeAll(async () => {
  fresh = await createFreshDatabase('vitrine_metrics');
  database = openDatabase(fresh.url, { maxConnections: 3 });
  await migrateDatabase(database);
  jobs = createJobQueue({
    databaseUrl: fresh.url,
    schema: testSchema,
    onError: (error) => sampleErrors.push(String(error)),
  });
  await jobs.start();
  identity = createTestIdentity();
  metrics = createMetrics({
    onSampleError: (figure, error) => sampleErrors.push(`${figure}: ${String(error)}`),
  });
  metrics.addSampledFigures(operationsFigures({ database, jobsSchema: testSchema }));
  api = await buildApiApp({
    database,
    identity,
    jobs,
    logLevel: 'silent',
    recordRequest: metrics.recordRequest,
  });
  listener = await listenForScrapes(metrics, { host: '127.0.0.1', port: 0 }, (error) =>
    sampleErrors.push(String(error)),
  );
}, 60_000);

afterAll(async () => {
  await listener?.close();
  await api?.close();
  await jobs?.stop();
  await identity?.close();
  await database?.close();
  await fresh?.drop();
});

async function scrape(): Promise<{ text: string; figures: ParsedMetrics }> {
  const response = await fetch(listener.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  const text = await response.text();
  return { text, figures: parseMetrics(text) };
}

test('requests are counted and timed by route pattern, never by their URL', async () => {
  for (let i = 0; i < 3; i += 1) expect((await api.inject('/healthz')).statusCode).toBe(200);
  expect((await api.inject('/api/v1/account/me')).statusCode).toBe(401);
  expect((await api.inject('/api/v1/no-such-thing/secret-token-4242?code=x')).statusCode).toBe(404);

  const { text, figures } = await scrape();
  const healthz = { server: 'api', method: 'GET', route: '/healthz' };
  expect(figures.value('vitrine_http_requests_total', { ...healthz, status: '200' })).toBe(3);
  expect(figures.value('vitrine_http_request_duration_seconds_count', healthz)).toBe(3);
  expect(figures.value('vitrine_http_request_duration_seconds_sum', healthz)).toBeGreaterThan(0);
  expect(
    figures.value('vitrine_http_request_duration_seconds_bucket', { ...healthz, le: '+Inf' }),
  ).toBe(3);
  expect(
    figures.value('vitrine_http_requests_total', {
      server: 'api',
      method: 'GET',
      route: '/api/v1/account/me',
      status: '401',
    }),
  ).toBe(1);
  expect(
    figures.value('vitrine_http_requests_total', {
      server: 'api',
      method: 'GET',
      route: 'unmatched',
      status: '404',
    }),
  ).toBe(1);
  expect(text).not.toContain('secret-token-4242');
  expect(text).not.toContain('code=x');
  // The process's own figures come along.
  expect(figures.series('vitrine_process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
});

test('the public API does not serve the metrics, and the listener serves nothing else', async () => {
  expect((await api.inject('/metrics')).statusCode).toBe(404);
  const origin = new URL(listener.url).origin;
  expect((await fetch(`${origin}/`)).status).toBe(404);
  expect((await fetch(`${origin}/metrics/../healthz`)).status).toBe(404);
  expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
});

test('sessions, webhook lag and catalog sync phases are read from their tables at each scrape', async () => {
  const before = (await scrape()).figures;
  expect(before.value('vitrine_sessions_open')).toBe(0);
  expect(before.value('vitrine_webhook_deliveries_waiting')).toBe(0);
  expect(before.value('vitrine_webhook_oldest_waiting_seconds')).toBe(0);
  expect(before.value('vitrine_webhook_lag_seconds', { statistic: 'max' })).toBe(0);
  for (const phase of ['queued', 'importing', 'ready', 'error'])
    expect(before.value('vitrine_catalog_stores', { phase })).toBe(0);
  expect(before.value('vitrine_webhook_subscriptions_recreated')).toBe(0);

  const { pool } = database;
  // Two open sessions and one expired.
  await pool.query(
    `insert into sessions (id_hash, uid, claims, refresh_token_encrypted, id_token_encrypted,
       id_token_expires_at, expires_at)
     values ('hash-1', 'user-1', '{}', 'x', 'x', now(), now() + interval '1 day'),
            ('hash-2', 'user-2', '{}', 'x', 'x', now(), now() + interval '1 hour'),
            ('hash-3', 'user-3', '{}', 'x', 'x', now(), now() - interval '1 minute')`,
  );
  // Two deliveries processed 2 s and 4 s after their receipt, one waiting for a minute, and one
  // processed long ago, outside the lag's window.
  await pool.query(
    `insert into webhook_deliveries (provider, webhook_id, topic, shop_domain, received_at, processed_at)
     values ('shopify', 'w-1', 'products/update', 'a.myshopify.com', now() - interval '12 seconds', now() - interval '10 seconds'),
            ('shopify', 'w-2', 'products/update', 'a.myshopify.com', now() - interval '14 seconds', now() - interval '10 seconds'),
            ('shopify', 'w-3', 'products/update', 'a.myshopify.com', now() - interval '60 seconds', null),
            ('shopify', 'w-4', 'products/update', 'a.myshopify.com', now() - interval '2 hours', now() - interval '1 hour')`,
  );
  await pool.query(
    `insert into catalog_sync_states (shop_id, phase)
     values (gen_random_uuid(), 'importing'), (gen_random_uuid(), 'importing'),
            (gen_random_uuid(), 'ready')`,
  );

  const { figures } = await scrape();
  expect(figures.value('vitrine_sessions_open')).toBe(2);
  expect(figures.value('vitrine_webhook_deliveries_waiting')).toBe(1);
  expect(figures.value('vitrine_webhook_oldest_waiting_seconds')).toBeGreaterThanOrEqual(60);
  expect(figures.value('vitrine_webhook_oldest_waiting_seconds')).toBeLessThan(120);
  expect(figures.value('vitrine_webhook_lag_seconds', { statistic: 'mean' })).toBeCloseTo(3, 3);
  expect(figures.value('vitrine_webhook_lag_seconds', { statistic: 'max' })).toBeCloseTo(4, 3);
  expect(figures.value('vitrine_catalog_stores', { phase: 'importing' })).toBe(2);
  expect(figures.value('vitrine_catalog_stores', { phase: 'ready' })).toBe(1);
  expect(figures.value('vitrine_catalog_stores', { phase: 'error' })).toBe(0);
  expect(figures.value('vitrine_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
  expect(figures.value('vitrine_db_pool_waiting_requests')).toBe(0);
  expect(sampleErrors).toEqual([]);
});

test('the job queue’s depth, oldest wait and failures are read per queue', async () => {
  await jobs.send(unworkedJob, { n: 1 });
  await jobs.send(unworkedJob, { n: 2 });
  await jobs.send(failingJob, {});
  await jobs.work(failingJob, {});

  let figures = (await scrape()).figures;
  const deadline = Date.now() + 20_000;
  while (figures.value('vitrine_job_queue_failed', { queue: failingJob.name }) !== 1) {
    if (Date.now() > deadline) throw new Error('The failing job never failed');
    await new Promise((resolve) => setTimeout(resolve, 200));
    figures = (await scrape()).figures;
  }
  expect(figures.value('vitrine_job_queue_waiting', { queue: unworkedJob.name })).toBe(2);
  expect(figures.value('vitrine_job_queue_waiting', { queue: failingJob.name })).toBe(0);
  expect(
    figures.value('vitrine_job_queue_oldest_waiting_seconds', { queue: unworkedJob.name }),
  ).toBeGreaterThan(0);
  expect(
    figures.value('vitrine_job_queue_oldest_waiting_seconds', { queue: failingJob.name }),
  ).toBe(0);
  expect(figures.value('vitrine_job_queue_failed', { queue: unworkedJob.name })).toBe(0);
  expect(sampleErrors).toEqual([]);
});

test('a figure that cannot be read leaves the scrape answering, without that figure', async () => {
  await database.pool.query('alter table catalog_sync_states rename to catalog_sync_states_away');
  try {
    const { figures } = await scrape();
    expect(figures.series('vitrine_catalog_stores')).toEqual([]);
    expect(figures.value('vitrine_sessions_open')).toBe(2);
    expect(sampleErrors).toHaveLength(2);
    expect(sampleErrors).toEqual(
      expect.arrayContaining([
        expect.stringContaining('vitrine_catalog_stores'),
        expect.stringContaining('vitrine_webhook_subscriptions_recreated'),
      ]),
    );
  } finally {
    await database.pool.query('alter table catalog_sync_states_away rename to catalog_sync_states');
    sampleErrors.length = 0;
  }
});
