import PgBoss from 'pg-boss';

/**
 * Durable background jobs, kept in PostgreSQL by pg-boss (its own schema, `pgboss` by default), so a
 * job survives a crash or a restart and any API instance may run it. Every queue is created before it
 * is first used, since pg-boss 10 refuses to send to or work on a queue that does not exist.
 */

/** How a job is retried, and what makes it unique; pg-boss's own option names. */
export interface JobOptions {
  /** Attempts after the first one; the job fails for good after the last. */
  retryLimit?: number;
  /** Seconds before the first retry; doubled (with jitter) for each next one when retryBackoff is set. */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** With singletonSeconds, at most one job per key and time slot. */
  singletonKey?: string;
  singletonSeconds?: number;
  /** Seconds to wait before the first attempt. */
  startAfter?: number;
  /** How long a job may wait in the queue (retries included) before pg-boss drops it. */
  retentionDays?: number;
}

/** A job as a worker receives it: its data, and where it stands in its retries. */
export interface QueuedJob<Data> {
  id: string;
  name: string;
  data: Data;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  /** The retry options the job was sent with. */
  retry: Required<Pick<JobOptions, 'retryLimit' | 'retryDelay' | 'retryBackoff'>>;
}

/** Where workers log what their jobs did (pino's signature). */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Runs one job; a job whose handler throws is retried as its options say. */
export type JobHandler<Data> = (job: QueuedJob<Data>) => Promise<void>;

export interface JobQueue {
  /** Stores the job; resolves with its id once it is durably queued. */
  send(name: string, data: object, options?: JobOptions): Promise<string | null>;
  /** Runs `handler` for every job of the queue, one at a time per worker. */
  work<Data>(name: string, handler: JobHandler<Data>): Promise<void>;
  /** Sends a job on a cron schedule (UTC), from whichever instance holds the schedule. */
  schedule(name: string, cron: string, data?: object, options?: JobOptions): Promise<void>;
  /** Connects and installs or migrates pg-boss's schema; needed before anything else. */
  start(): Promise<void>;
  /** Stops fetching, lets the jobs under way finish (up to 10 s), then closes the connections. */
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  databaseUrl: string;
  /** Default `pgboss`. Tests give each file a schema of its own, so workers never take each other's jobs. */
  schema?: string;
  /** How often an idle worker looks for new jobs; default 2 s (pg-boss's minimum is 0.5 s). */
  pollingIntervalSeconds?: number;
  /** pg-boss reports failures of its own (a lost connection, a failed maintenance) here. */
  onError(error: Error): void;
}

const stopTimeoutMs = 10_000;
/** pg-boss's connections come on top of the app's pool; a few suffice for sending and polling. */
const maxConnections = 3;

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema: options.schema ?? 'pgboss',
    max: maxConnections,
    ...(options.pollingIntervalSeconds !== undefined && {
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    }),
  });
  // Without a listener, an 'error' event would throw and take the process down.
  boss.on('error', options.onError);

  const queuesCreated = new Map<string, Promise<void>>();
  const ensureQueue = (name: string): Promise<void> => {
    let created = queuesCreated.get(name);
    if (created === undefined) {
      // createQueue does nothing when the queue exists, so every instance may call it on start.
      created = boss.createQueue(name).catch((error: unknown) => {
        queuesCreated.delete(name);
        throw error;
      });
      queuesCreated.set(name, created);
    }
    return created;
  };

  return {
    async send(name, data, jobOptions = {}) {
      await ensureQueue(name);
      return boss.send(name, data, jobOptions);
    },
    async work<Data>(name: string, handler: JobHandler<Data>) {
      await ensureQueue(name);
      await boss.work<Data>(name, { includeMetadata: true, batchSize: 1 }, async (jobs) => {
        for (const job of jobs) {
          await handler({
            id: job.id,
            name: job.name,
            data: job.data,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            retry: {
              retryLimit: job.retryLimit,
              retryDelay: job.retryDelay,
              retryBackoff: job.retryBackoff,
            },
          });
        }
      });
    },
    async schedule(name, cron, data = {}, jobOptions = {}) {
      await ensureQueue(name);
      await boss.schedule(name, cron, data, jobOptions);
    },
    async start() {
      await boss.start();
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
    },
  };
}
