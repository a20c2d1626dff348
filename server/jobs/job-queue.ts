import PgBoss from 'pg-boss';
import * as z from 'zod/mini';

/**
 * Durable background jobs, kept in PostgreSQL by pg-boss (its own schema, `pgboss` by default), so a
 * job survives a crash or a restart and any API instance may run it.
 *
 * A job is declared once, by the area that owns the work, with defineJob: its name, the schema of
 * its payload, how it is retried, how many run at once, what makes it unique and, for periodic work,
 * its schedule. Senders and workers both go through that definition, so a payload is checked against
 * the same schema when it is queued and when it is run.
 */

/** How a failed job is tried again; pg-boss's retryLimit, retryDelay and retryBackoff. */
export interface RetryPolicy {
  /** Attempts after the first one; the job fails for good after the last. */
  limit: number;
  /** Seconds before the first retry. */
  delaySeconds: number;
  /** Doubles the delay (with jitter) for each next retry. */
  backoff: boolean;
}

/** A run of a job, as its handler receives it. */
export interface JobRun<Payload> {
  id: string;
  payload: Payload;
  /** 0 on the first attempt. */
  retryCount: number;
  /** The policy the job was sent with (a test may have shortened the definition's). */
  retry: RetryPolicy;
  /** True when a failure now fails the job for good. */
  lastAttempt: boolean;
}

export interface JobDefinition<Payload, Dependencies> {
  /** The queue's name; stable, since stored jobs carry it. */
  name: string;
  payload: z.ZodMiniType<Payload>;
  retry: RetryPolicy;
  /** How long a job may wait in the queue, retries included, before pg-boss drops it. */
  retentionDays: number;
  /**
   * How long one attempt may run before the queue takes its process for dead and tries it again, in
   * minutes (pg-boss's default: 15). Longer for work that can outlast it, which would otherwise run
   * twice at once.
   */
  expireInMinutes?: number;
  /** How many jobs of this queue one process runs at once. */
  concurrency: number;
  /**
   * How often an idle worker asks for this queue's jobs, in seconds (pg-boss's minimum 0.5); the
   * queue's default otherwise. For work somebody is waiting to see, such as a change in a store
   * reaching its copy. A job sent from a process that works its queue does not wait for it: it wakes
   * one of that process's idle workers.
   */
  pollingIntervalSeconds?: number;
  /**
   * Jobs with the same key are not queued twice while one waits, nor run twice at once: a send while
   * one waits is dropped (answered null). The queue is then created with pg-boss's `stately` policy,
   * which a queue keeps for good: a job that gains a key later needs a new name.
   */
  singletonKey?: (payload: Payload) => string;
  /**
   * With a singletonKey: false leaves keeping two jobs of a key from running at once to the handler
   * (pg-boss's `short` policy: only a waiting job is dropped), for work that keeps its runs apart
   * itself, such as with a lock. The queue's own guard has a cost: a job whose process died stays
   * active until it expires (15 minutes), and until then the next job of its key cannot start, nor
   * any job queued behind that one. Like the policy it chooses, it is kept for good by the queue.
   */
  oneRunningPerKey?: boolean;
  /** Periodic work: a cron expression (UTC) and the payload each scheduled job carries. */
  schedule?: { cron: string; payload: Payload };
  /** Does the work; a throw fails the attempt, which is retried as `retry` says. */
  handle(run: JobRun<Payload>, dependencies: Dependencies): Promise<void>;
}

/** Declares a job; the identity function gives the definition its types. */
export function defineJob<Payload, Dependencies>(
  definition: JobDefinition<Payload, Dependencies>,
): JobDefinition<Payload, Dependencies> {
  return definition;
}

export interface SendOptions {
  /** Seconds to wait before the first attempt. */
  startAfterSeconds?: number;
  /** Overrides part of the definition's retry policy (tests shorten the delays). */
  retry?: Partial<RetryPolicy>;
}

/** What a worker logs (pino's signature). */
export interface JobLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/**
 * The payload is not what its job's schema says: a bug of the sender, never worth retrying. send()
 * throws it to the sender; a stored job found so (sent by an older version, or written by hand) is
 * reported through the queue's onError and completed without running.
 */
export class InvalidJobPayloadError extends Error {
  constructor(jobName: string, issues: string) {
    super(`Invalid payload for job ${jobName}: ${issues}`);
    this.name = 'InvalidJobPayloadError';
  }
}

export interface JobQueue {
  /**
   * Checks the payload against the job's schema and stores the job; resolves with its id once it is
   * durably queued, or null when a job with the same singleton key is already waiting.
   */
  send<Payload>(
    job: JobDefinition<Payload, never>,
    payload: Payload,
    options?: SendOptions,
  ): Promise<string | null>;
  /**
   * Runs the job's handler with `dependencies` for every job of its queue, as many at once as the
   * definition says, and puts it on its schedule when it has one.
   */
  work<Payload, Dependencies>(
    job: JobDefinition<Payload, Dependencies>,
    dependencies: Dependencies,
  ): Promise<void>;
  /**
   * The singleton keys of the job's jobs that wait for a run: queued (their start may lie ahead) or
   * waiting for a retry after a failed attempt. Not those running, nor those of a worker that died,
   * which look the same to the queue until they expire.
   */
  waitingKeys<Payload>(job: JobDefinition<Payload, never>): Promise<Set<string>>;
  /**
   * The payloads of the job's jobs not finished yet: queued, waiting for a retry, or running (a
   * worker that died leaves its job running until it expires, then it is retried).
   */
  unfinishedPayloads<Payload>(job: JobDefinition<Payload, never>): Promise<Payload[]>;
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

/** One of this process's workers of a queue (pg-boss's worker id), and whether it runs a job. */
interface LocalWorker {
  id: string;
  busy: boolean;
}

/** pg-boss's schema unless a test names another; the metrics read its tables (operations-figures.ts). */
export const defaultJobQueueSchema = 'pgboss';

const stopTimeoutMs = 10_000;
/** pg-boss's connections come on top of the app's pool; a few suffice for sending and polling. */
const maxConnections = 3;

function parsePayload<Payload>(job: JobDefinition<Payload, never>, payload: unknown): Payload {
  const parsed = z.safeParse(job.payload, payload);
  if (!parsed.success) throw new InvalidJobPayloadError(job.name, z.prettifyError(parsed.error));
  return parsed.data;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const schema = options.schema ?? defaultJobQueueSchema;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    schema,
    max: maxConnections,
    ...(options.pollingIntervalSeconds !== undefined && {
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    }),
  });
  // Without a listener, an 'error' event would throw and take the process down.
  boss.on('error', options.onError);

  /**
   * This process's workers, by queue, and whether each is running a job. A job sent from a process
   * that works its queue wakes one of its idle workers, which takes it at once instead of at its
   * next poll: a webhook's delivery, then the audit of the page it changed, each wait for none.
   * Other processes' workers still find it at their next poll.
   */
  const localWorkers = new Map<string, { workers: LocalWorker[]; lastWoken: number }>();
  const wakeIdleWorker = (queueName: string) => {
    const queue = localWorkers.get(queueName);
    if (queue === undefined) return;
    // In turn, so that jobs sent one after the other wake different workers.
    const { workers } = queue;
    for (let step = 1; step <= workers.length; step += 1) {
      const index = (queue.lastWoken + step) % workers.length;
      if (workers[index]!.busy) continue;
      queue.lastWoken = index;
      boss.notifyWorker(workers[index]!.id);
      return;
    }
  };

  // pg-boss 10 refuses to send to or work on a queue that does not exist; createQueue does nothing
  // when it exists, so every instance may call it on start.
  const queuesCreated = new Map<string, Promise<void>>();
  const ensureQueue = (job: JobDefinition<unknown, never>): Promise<void> => {
    let created = queuesCreated.get(job.name);
    if (created === undefined) {
      const policy =
        job.singletonKey === undefined
          ? 'standard'
          : job.oneRunningPerKey === false
            ? 'short'
            : 'stately';
      created = boss.createQueue(job.name, { name: job.name, policy }).catch((error: unknown) => {
        queuesCreated.delete(job.name);
        throw error;
      });
      queuesCreated.set(job.name, created);
    }
    return created;
  };

  return {
    async send(job, payload, sendOptions = {}) {
      const checked = parsePayload(job, payload);
      const retry = { ...job.retry, ...sendOptions.retry };
      await ensureQueue(job as JobDefinition<unknown, never>);
      const id = await boss.send(job.name, checked as object, {
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: retry.backoff,
        retentionDays: job.retentionDays,
        ...(job.expireInMinutes !== undefined && { expireInMinutes: job.expireInMinutes }),
        ...(job.singletonKey !== undefined && { singletonKey: job.singletonKey(checked) }),
        ...(sendOptions.startAfterSeconds !== undefined && {
          startAfter: sendOptions.startAfterSeconds,
        }),
      });
      if (id !== null && sendOptions.startAfterSeconds === undefined) wakeIdleWorker(job.name);
      return id;
    },

    async work(job, dependencies) {
      await ensureQueue(job as JobDefinition<unknown, never>);
      const handle = async ([received]: PgBoss.JobWithMetadata<unknown>[]) => {
        if (received === undefined) return;
        let payload: unknown;
        try {
          payload = parsePayload(job as JobDefinition<unknown, never>, received.data);
        } catch (error) {
          // Retrying cannot mend a payload: say so once, and let the job end.
          options.onError(error as Error);
          return;
        }
        await job.handle(
          {
            id: received.id,
            payload: payload as never,
            retryCount: received.retryCount,
            retry: {
              limit: received.retryLimit,
              delaySeconds: received.retryDelay,
              backoff: received.retryBackoff,
            },
            lastAttempt: received.retryCount >= received.retryLimit,
          },
          dependencies,
        );
      };
      // pg-boss 10 runs one batch at a time per worker: concurrency is that many workers, each taking
      // one job, so that one failure fails only its own job.
      const queue = localWorkers.get(job.name) ?? { workers: [], lastWoken: -1 };
      localWorkers.set(job.name, queue);
      for (let count = 0; count < job.concurrency; count += 1) {
        const worker: LocalWorker = { id: '', busy: false };
        worker.id = await boss.work(
          job.name,
          {
            includeMetadata: true,
            batchSize: 1,
            ...(job.pollingIntervalSeconds !== undefined && {
              pollingIntervalSeconds: job.pollingIntervalSeconds,
            }),
          },
          async (jobs: PgBoss.JobWithMetadata<unknown>[]) => {
            worker.busy = true;
            try {
              await handle(jobs);
            } finally {
              worker.busy = false;
            }
          },
        );
        queue.workers.push(worker);
      }
      if (job.schedule !== undefined) {
        const payload = parsePayload(job as JobDefinition<unknown, never>, job.schedule.payload);
        // pg-boss keeps one schedule per queue name, so every instance may set it on start.
        await boss.schedule(job.name, job.schedule.cron, payload as object, {
          retryLimit: job.retry.limit,
          retryDelay: job.retry.delaySeconds,
          retryBackoff: job.retry.backoff,
          retentionDays: job.retentionDays,
        });
      }
    },

    async waitingKeys(job) {
      await ensureQueue(job as JobDefinition<unknown, never>);
      // pg-boss's own table (its schema, version 10): it offers no query of jobs by key.
      const { rows } = await boss.getDb().executeSql(
        `select distinct singleton_key as key from "${schema}".job
           where name = $1 and state in ('created', 'retry') and singleton_key is not null`,
        [job.name],
      );
      return new Set(rows.map((row: { key: string }) => row.key));
    },

    async unfinishedPayloads(job) {
      await ensureQueue(job as JobDefinition<unknown, never>);
      const { rows } = await boss.getDb().executeSql(
        `select data from "${schema}".job
           where name = $1 and state in ('created', 'retry', 'active')`,
        [job.name],
      );
      // A payload its schema no longer accepts is one no worker would run either.
      return rows.flatMap((row: { data: unknown }) => {
        const parsed = z.safeParse(job.payload, row.data);
        return parsed.success ? [parsed.data] : [];
      });
    },

    async start() {
      await boss.start();
    },

    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: stopTimeoutMs });
    },
  };
}
