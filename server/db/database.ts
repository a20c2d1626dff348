import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The query builder over the pool. The tables are defined by their areas (a `tables.ts` in each folder of `server/areas`)
 * and imported where they are queried, so the database handle knows none of them.
 */
export type Database = NodePgDatabase;

/** What the callback of `db.transaction` is given: queries that commit or roll back together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The pool or a transaction: a repository's function that works within either takes this. */
export type Queryable = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /**
   * Closes the pool. The connections that withOwnConnection lends for as long as their work lasts
   * (a store's import, which may take hours) are closed first rather than waited for: their work
   * fails at its next query with DatabaseClosedError, and what their session held (an advisory
   * lock) is given back. The other queries under way finish first.
   */
  close(): Promise<void>;
}

/**
 * Work lent a connection of its own (withOwnConnection) that lost it because the database handle was
 * closed, as when the process stops: not a failure of the work, which the next process may resume.
 */
export class DatabaseClosedError extends Error {
  constructor(options?: { cause?: unknown }) {
    super('The database was closed while this work held a connection of its own', options);
    this.name = 'DatabaseClosedError';
  }
}

/** What a pool has lent for long (withOwnConnection): closed first when the handle closes. */
interface LentConnections {
  closing: boolean;
  /** How to close each connection lent now. */
  closers: Set<() => void>;
}
const lentConnections = new WeakMap<pg.Pool, LentConnections>();

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  maxConnections?: number;
  /**
   * Hears of a pooled connection that failed while idle (the server restarted, the network dropped
   * it). The pool replaces it on the next query; the product logs and reports it so that a database
   * that keeps dropping connections is noticed. Default: one line on stderr.
   */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * How long a query waits for a connection of the pool (all lent) or for a new one to open before
   * it fails (isConnectionWaitTimeout). Default: 5 s, less than the BFF waits for the API's answer
   * (10 s), so that the caller hears "busy, try again" from the API rather than a timeout.
   */
  connectionWaitMs?: number;
}

/** pg-pool's messages when no connection came in time: all lent, or the server slow to accept. */
const connectionWaitMessages = new Set([
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
]);

/**
 * Whether `error` (or an error it was caused by: the query builder wraps the driver's) is a query
 * that got no connection in time: every connection of the pool was lent for that long, or the
 * database was too slow to open one. Nothing was sent to the database; the same call may succeed
 * in a moment.
 */
export function isConnectionWaitTimeout(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (connectionWaitMessages.has(cause.message)) return true;
    cause = cause.cause;
  }
  return false;
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A database that does not answer, or a pool all lent, fails the call (and a start) instead of
    // hanging it.
    connectionTimeoutMillis: options.connectionWaitMs ?? 5_000,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on(
    'error',
    options.onIdleConnectionError ??
      ((error) => process.stderr.write(`Database connection lost while idle: ${error.message}\n`)),
  );
  const db = drizzle(pool);
  const lent: LentConnections = { closing: false, closers: new Set() };
  lentConnections.set(pool, lent);
  return {
    db,
    pool,
    close: () => {
      lent.closing = true;
      for (const closeLent of lent.closers) closeLent();
      return pool.end();
    },
  };
}

/**
 * Lends `work` one connection of the pool, for it alone until it ends, as a query builder of its
 * own: whatever `work` sends through it goes through that connection, and what lives in a session
 * (an advisory lock) lasts no longer than `work`. A connection lost meanwhile fails the queries sent
 * after. When `work` fails the connection is closed rather than returned, so that nothing of its
 * session can outlive it. When the database handle closes meanwhile, the connection is closed at
 * once, and `work` fails with DatabaseClosedError at its next query (database handle `close()`).
 */
export async function withOwnConnection<T>(
  db: Database,
  work: (connection: Database) => Promise<T>,
): Promise<T> {
  const pool = (db as Database & { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    throw new Error('withOwnConnection needs the query builder of the pool (openDatabase)');
  }
  const lent = lentConnections.get(pool);
  const client = await pool.connect();
  // A connection checked out reports a failure while idle here instead of taking the process down;
  // its next query fails.
  const ignoreIdleError = () => {};
  client.on('error', ignoreIdleError);
  let givenUp = false;
  const giveUp = (destroy: boolean) => {
    if (givenUp) return;
    givenUp = true;
    lent?.closers.delete(closeForClosing);
    client.off('error', ignoreIdleError);
    client.release(destroy);
  };
  let closedByHandle = false;
  const closeForClosing = () => {
    closedByHandle = true;
    giveUp(true);
  };
  if (lent?.closing === true) {
    giveUp(true);
    throw new DatabaseClosedError();
  }
  lent?.closers.add(closeForClosing);
  let failed = false;
  try {
    return await work(drizzle(client));
  } catch (error) {
    failed = true;
    // Closed by the handle's close(): the work did not fail, the process is stopping.
    if (closedByHandle) throw new DatabaseClosedError({ cause: error });
    throw error;
  } finally {
    giveUp(failed);
  }
}

/** Any constant works; it only has to be the same for every process that migrates this database. */
const migrationLockKey = 4_207_311_001;

/**
 * Applies the SQL migrations in server/db/migrations that this database has not seen yet. Every
 * process migrates on start, so replicas starting together take turns under an advisory lock: the
 * first applies what is new, the others then find nothing left to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const lockHolder = await handle.pool.connect();
  let unlocked = false;
  try {
    await lockHolder.query('select pg_advisory_lock($1)', [migrationLockKey]);
    // On the connection that holds the lock, so that a pool of one connection suffices.
    await migrate(drizzle(lockHolder), { migrationsFolder });
  } finally {
    unlocked = await lockHolder
      .query('select pg_advisory_unlock($1)', [migrationLockKey])
      .then(() => true)
      .catch(() => false);
    // A connection that could not give the lock back is closed, which gives it back.
    lockHolder.release(!unlocked);
  }
}
