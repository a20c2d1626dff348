import { sql } from 'drizzle-orm';
import { syncPhases } from './areas/catalog/index.ts';
import type { DatabaseHandle } from './db/database.ts';
import type { Sample, SampledFigure } from './platform/metrics.ts';

/**
 * What operators watch, read at each scrape of the metrics endpoint from where it already is: the
 * sessions, the job queue's and the webhooks' tables, the catalog's sync states and the pool. Every
 * instance reads the same tables, so the database figures are the deployment's, not the instance's
 * (aggregate them with max, not sum); the pool's are the instance's own.
 *
 * Read-only SQL on the areas' tables, gathered here by the composition root rather than spread over
 * the areas, so that the figures of the whole product are defined in one file
 * (docs/decisions/0015-metrics-endpoint-and-production-layout.md).
 */

/** Deliveries processed within this window give the webhook lag. */
const webhookLagWindow = '5 minutes';
/** Failed jobs counted per queue: those that failed for good within this window. */
const jobFailureWindow = '1 hour';

export interface OperationsFiguresOptions {
  database: DatabaseHandle;
  /** pg-boss's schema when this process runs the jobs; the queue figures are left out otherwise. */
  jobsSchema?: string;
}

export function operationsFigures(options: OperationsFiguresOptions): SampledFigure[] {
  const { db, pool } = options.database;
  const rows = async <Row>(query: ReturnType<typeof sql>) =>
    (await db.execute(query)).rows as Row[];

  const figures: SampledFigure[] = [
    {
      name: 'vitrine_sessions_open',
      help: 'Sessions that have not expired (signed-out sessions are deleted).',
      async sample() {
        const [row] = await rows<{ open: number }>(
          sql`select count(*)::int as open from sessions where expires_at > now()`,
        );
        return [{ value: row?.open ?? 0 }];
      },
    },
    {
      name: 'vitrine_db_pool_connections',
      help: 'Connections of this instance’s database pool, by state (total, idle).',
      labelNames: ['state'],
      async sample() {
        return [
          { labels: { state: 'total' }, value: pool.totalCount },
          { labels: { state: 'idle' }, value: pool.idleCount },
        ];
      },
    },
    {
      name: 'vitrine_db_pool_waiting_requests',
      help: 'Queries of this instance waiting for a free connection of its database pool.',
      async sample() {
        return [{ value: pool.waitingCount }];
      },
    },
    {
      name: 'vitrine_webhook_deliveries_waiting',
      help: 'Webhook deliveries received and not processed yet.',
      async sample() {
        const [row] = await rows<{ waiting: number }>(
          sql`select count(*)::int as waiting from webhook_deliveries where processed_at is null`,
        );
        return [{ value: row?.waiting ?? 0 }];
      },
    },
    {
      name: 'vitrine_webhook_oldest_waiting_seconds',
      help: 'Age of the oldest webhook delivery not processed yet (0 when none waits).',
      async sample() {
        const [row] = await rows<{ age: number | null }>(
          sql`select extract(epoch from now() - min(received_at))::float8 as age
              from webhook_deliveries where processed_at is null`,
        );
        return [{ value: Math.max(0, row?.age ?? 0) }];
      },
    },
    {
      name: 'vitrine_webhook_lag_seconds',
      help: `Time from a webhook delivery's receipt to its processing, mean and max over the deliveries processed in the last ${webhookLagWindow}.`,
      labelNames: ['statistic'],
      async sample() {
        const [row] = await rows<{ mean: number | null; max: number | null }>(
          sql`select avg(extract(epoch from processed_at - received_at))::float8 as mean,
                     max(extract(epoch from processed_at - received_at))::float8 as max
              from webhook_deliveries
              where processed_at > now() - ${webhookLagWindow}::interval`,
        );
        return [
          { labels: { statistic: 'mean' }, value: row?.mean ?? 0 },
          { labels: { statistic: 'max' }, value: row?.max ?? 0 },
        ];
      },
    },
    {
      name: 'vitrine_catalog_stores',
      help: 'Connected stores by the phase of their catalog copy (queued, importing, ready, error).',
      labelNames: ['phase'],
      async sample() {
        const counted = await rows<{ phase: string; stores: number }>(
          sql`select phase, count(*)::int as stores from catalog_sync_states group by phase`,
        );
        const byPhase = new Map(counted.map(({ phase, stores }) => [phase, stores]));
        return syncPhases.map((phase) => ({ labels: { phase }, value: byPhase.get(phase) ?? 0 }));
      },
    },
    {
      name: 'vitrine_webhook_subscriptions_recreated',
      help: 'Webhook subscriptions the catalog reconciliation created again after Shopify deleted them for failed deliveries, over the connected stores.',
      async sample() {
        const [row] = await rows<{ recreated: number }>(
          sql`select coalesce(sum(webhook_subscriptions_recreated), 0)::int as recreated
              from catalog_sync_states`,
        );
        return [{ value: row?.recreated ?? 0 }];
      },
    },
  ];
  if (options.jobsSchema !== undefined)
    figures.push(...jobQueueFigures(options, options.jobsSchema));
  return figures;
}

interface QueueRow {
  queue: string;
  waiting: number;
  oldest: number | null;
  failed: number;
}

/**
 * pg-boss's tables: `queue` names every queue (so that an empty one still reports 0), `job` holds the
 * jobs until they are archived, `archive` afterwards. A job waits while it is `created` or `retry`;
 * its wait counts from when it may run (`start_after`), so a retry's back-off is not a delay.
 */
function jobQueueFigures(options: OperationsFiguresOptions, schema: string): SampledFigure[] {
  const { db } = options.database;
  const schemaName = sql.identifier(schema);
  const read = () =>
    db
      .execute(
        sql`select queue.name as queue,
                   count(job.id) filter (where job.state in ('created', 'retry'))::int as waiting,
                   extract(epoch from now() - min(job.start_after)
                     filter (where job.state in ('created', 'retry') and job.start_after <= now())
                   )::float8 as oldest,
                   (select count(*) from ${schemaName}.archive archived
                     where archived.name = queue.name and archived.state = 'failed'
                       and archived.archived_on > now() - ${jobFailureWindow}::interval
                       and archived.completed_on > now() - ${jobFailureWindow}::interval
                   )::int
                   + count(job.id) filter (
                       where job.state = 'failed'
                         and job.completed_on > now() - ${jobFailureWindow}::interval
                     )::int as failed
            from ${schemaName}.queue queue
            left join ${schemaName}.job job on job.name = queue.name
            group by queue.name
            order by queue.name`,
      )
      .then((result) => result.rows as unknown as QueueRow[]);
  const perQueue = (value: (row: QueueRow) => number) => async (): Promise<Sample[]> =>
    (await read()).map((row) => ({ labels: { queue: row.queue }, value: value(row) }));

  return [
    {
      name: 'vitrine_job_queue_waiting',
      help: 'Jobs waiting to run (queued or to be retried), by queue.',
      labelNames: ['queue'],
      sample: perQueue((row) => row.waiting),
    },
    {
      name: 'vitrine_job_queue_oldest_waiting_seconds',
      help: 'How long the oldest job that may run has waited for a worker, by queue (0 when none).',
      labelNames: ['queue'],
      sample: perQueue((row) => Math.max(0, row.oldest ?? 0)),
    },
    {
      name: 'vitrine_job_queue_failed',
      help: `Jobs that failed for good (retries spent) in the last ${jobFailureWindow}, by queue.`,
      labelNames: ['queue'],
      sample: perQueue((row) => row.failed),
    },
  ];
}
