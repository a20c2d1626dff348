import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  createJobQueue,
  defineJob,
  InvalidJobPayloadError,
  type JobQueue,
  type JobRun,
} from '#server/jobs/job-queue.ts';
import { createTestJobQueue } from '../support/api-test-app.ts';
import { testDatabaseUrl } from '../support/integration-services.ts';

/**
 * The typed job definitions against pg-boss on the real PostgreSQL: what a definition declares
 * (payload schema, retries, concurrency, singleton key, schedule) is what the queue does.
 */

const schema = `pgboss_jobs_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
let queue: JobQueue;
let sql: pg.Client;

beforeAll(async () => {
  queue = createTestJobQueue(schema);
  await queue.start();
  sql = new pg.Client({ connectionString: testDatabaseUrl() });
  await sql.connect();
});

afterAll(async () => {
  await queue?.stop();
  await sql?.query(`drop schema if exists ${schema} cascade`);
  await sql?.end();
});

async function jobsNamed(name: string): Promise<Array<{ state: string; data: unknown }>> {
  const { rows } = await sql.query<{ state: string; data: unknown }>(
    `select state, data from ${schema}.job where name = $1 order by created_on`,
    [name],
  );
  return rows;
}

/** A promise and the function that settles it, to hold a handler until the test lets it go. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const noDependencies = undefined as never;

describe('defineJob and the queue', () => {
  it('checks a payload against the job’s schema before storing it', async () => {
    const job = defineJob({
      name: `typed-${randomUUID()}`,
      payload: z.object({ messageId: z.uuid() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
      async handle() {},
    });

    await expect(queue.send(job, { messageId: 'not-a-uuid' })).rejects.toBeInstanceOf(
      InvalidJobPayloadError,
    );
    expect(await jobsNamed(job.name)).toEqual([]);

    const messageId = randomUUID();
    expect(await queue.send(job, { messageId })).toEqual(expect.any(String));
    expect(await jobsNamed(job.name)).toEqual([{ state: 'created', data: { messageId } }]);
  });

  it('reports a stored job whose payload its schema refuses, and ends it without running or retrying it', async () => {
    const name = `stored-${randomUUID()}`;
    const definition = {
      name,
      retry: { limit: 3, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
    };
    // An older sender, whose payload the job's schema no longer accepts.
    const olderSender = defineJob({
      ...definition,
      payload: z.object({ messageId: z.string() }),
      async handle() {},
    });
    const handled: unknown[] = [];
    const job = defineJob({
      ...definition,
      payload: z.object({ messageId: z.uuid() }),
      async handle(run) {
        handled.push(run.payload);
      },
    });
    const reported: Error[] = [];
    const worker = createJobQueue({
      databaseUrl: testDatabaseUrl(),
      schema,
      pollingIntervalSeconds: 0.5,
      onError: (error) => reported.push(error),
    });
    await worker.start();
    try {
      await queue.send(olderSender, { messageId: 'not-a-uuid' });
      await worker.work(job, noDependencies);

      await expect
        .poll(async () => (await jobsNamed(name))[0]?.state, { timeout: 15_000 })
        .toBe('completed');
      expect(handled).toEqual([]);
      expect(reported).toHaveLength(1);
      expect(reported[0]).toBeInstanceOf(InvalidJobPayloadError);
      expect(reported[0]!.message).toContain(name);
    } finally {
      await worker.stop();
    }
  });

  it('runs as many jobs at once as the definition’s concurrency, and no more', async () => {
    for (const concurrency of [1, 3]) {
      const release = gate();
      let running = 0;
      let mostAtOnce = 0;
      let finished = 0;
      const job = defineJob({
        name: `concurrent-${concurrency}-${randomUUID()}`,
        payload: z.object({ index: z.number() }),
        retry: { limit: 0, delaySeconds: 1, backoff: false },
        retentionDays: 1,
        concurrency,
        async handle() {
          running += 1;
          mostAtOnce = Math.max(mostAtOnce, running);
          await release.opened;
          running -= 1;
          finished += 1;
        },
      });
      await queue.work(job, noDependencies);
      for (let index = 0; index < 4; index += 1) await queue.send(job, { index });

      await expect.poll(() => running, { timeout: 10_000 }).toBe(concurrency);
      // Long enough for an idle worker to poll again and take more, if it wrongly could.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(mostAtOnce).toBe(concurrency);
      release.open();
      await expect.poll(() => finished, { timeout: 15_000 }).toBe(4);
    }
  });

  it('has a job sent from the process that works its queue taken by an idle worker, not at its next poll', async () => {
    const ran: number[] = [];
    const job = defineJob({
      name: `woken-${randomUUID()}`,
      payload: z.object({ index: z.number() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 2,
      // Once started, the workers would not look for jobs again within the test.
      pollingIntervalSeconds: 3600,
      async handle(run) {
        ran.push(run.payload.index);
      },
    });
    await queue.work(job, noDependencies);
    await queue.send(job, { index: 0 });
    await expect.poll(() => ran, { timeout: 10_000 }).toEqual([0]);

    // Both workers now wait for their next poll: only being woken makes them take these.
    await queue.send(job, { index: 1 });
    await queue.send(job, { index: 2 });
    await expect.poll(() => [...ran].sort(), { timeout: 10_000 }).toEqual([0, 1, 2]);
  });

  it('retries a failed run with the job’s policy, telling the handler which attempt it is', async () => {
    const runs: Array<Pick<JobRun<unknown>, 'retryCount' | 'lastAttempt'>> = [];
    const job = defineJob({
      name: `retried-${randomUUID()}`,
      payload: z.object({}),
      retry: { limit: 1, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
      async handle(run) {
        runs.push({ retryCount: run.retryCount, lastAttempt: run.lastAttempt });
        if (run.retryCount === 0) throw new Error('the first attempt fails');
      },
    });
    await queue.work(job, noDependencies);
    await queue.send(job, {});

    await expect
      .poll(async () => (await jobsNamed(job.name))[0]?.state, { timeout: 15_000 })
      .toBe('completed');
    expect(runs).toEqual([
      { retryCount: 0, lastAttempt: false },
      { retryCount: 1, lastAttempt: true },
    ]);
  });

  it('queues one job per singleton key while one waits', async () => {
    const job = defineJob({
      name: `singleton-${randomUUID()}`,
      payload: z.object({ storeId: z.string() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
      singletonKey: (payload) => payload.storeId,
      async handle() {},
    });

    expect(await queue.send(job, { storeId: 'maison' })).toEqual(expect.any(String));
    expect(await queue.send(job, { storeId: 'maison' })).toBeNull();
    expect(await queue.send(job, { storeId: 'atelier' })).toEqual(expect.any(String));
    expect((await jobsNamed(job.name)).map((row) => row.data)).toEqual([
      { storeId: 'maison' },
      { storeId: 'atelier' },
    ]);
  });

  it('gives an attempt the time the definition allows before taking it for dead', async () => {
    const definition = {
      payload: z.object({}),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
      async handle() {},
    };
    const long = defineJob({ ...definition, name: `long-${randomUUID()}`, expireInMinutes: 120 });
    const usual = defineJob({ ...definition, name: `usual-${randomUUID()}` });
    await queue.send(long, {});
    await queue.send(usual, {});
    const { rows } = await sql.query<{ name: string; seconds: string }>(
      `select name, extract(epoch from expire_in) as seconds from ${schema}.job
         where name = any($1)`,
      [[long.name, usual.name]],
    );
    const seconds = Object.fromEntries(rows.map((row) => [row.name, Number(row.seconds)]));
    expect(seconds).toEqual({ [long.name]: 7200, [usual.name]: 900 });
  });

  it('tells the payloads of the jobs not finished yet: waiting, running, not those done', async () => {
    const release = gate();
    const started: string[] = [];
    const job = defineJob({
      name: `unfinished-${randomUUID()}`,
      payload: z.object({ batchId: z.string() }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
      async handle(run) {
        started.push(run.payload.batchId);
        if (run.payload.batchId === 'held') await release.opened;
      },
    });
    await queue.send(job, { batchId: 'done' });
    await queue.work(job, noDependencies);
    await expect.poll(() => started, { timeout: 10_000 }).toEqual(['done']);
    await queue.send(job, { batchId: 'held' });
    await expect.poll(() => started, { timeout: 10_000 }).toEqual(['done', 'held']);
    await queue.send(job, { batchId: 'waiting' });
    const unfinished = await queue.unfinishedPayloads(job);
    expect(unfinished.map(({ batchId }) => batchId).sort()).toEqual(['held', 'waiting']);
    release.open();
    await expect.poll(() => queue.unfinishedPayloads(job), { timeout: 15_000 }).toEqual([]);
  });

  it('puts periodic work on its schedule when it is put to work', async () => {
    const job = defineJob({
      name: `scheduled-${randomUUID()}`,
      payload: z.object({ scope: z.literal('all') }),
      retry: { limit: 0, delaySeconds: 1, backoff: false },
      retentionDays: 1,
      concurrency: 1,
      schedule: { cron: '*/10 * * * *', payload: { scope: 'all' } },
      async handle() {},
    });
    await queue.work(job, noDependencies);

    const { rows } = await sql.query<{ cron: string; data: unknown }>(
      `select cron, data from ${schema}.schedule where name = $1`,
      [job.name],
    );
    expect(rows).toEqual([{ cron: '*/10 * * * *', data: { scope: 'all' } }]);
  });
});
