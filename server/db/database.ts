import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

/**
 * The query builder over the pool. The tables are defined by their areas (a `tables.ts` in each folder of `server/areas`)
 * and imported where they are queried, so the database handle knows none of them.
 */
export type Database = NodePgDatabase;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  maxConnections?: number;
  /**
   * Hears of a pooled connection that failed while idle (the server restarted, the network dropped
   * it). The pool replaces it on the next query; the product logs and reports it so that a database
   * that keeps dropping connections is noticed. Default: one line on stderr.
   */
  onIdleConnectionError?: (error: Error) => void;
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A database that does not answer fails the call (and a start) instead of hanging it.
    connectionTimeoutMillis: 10_000,
  });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on(
    'error',
    options.onIdleConnectionError ??
      ((error) => process.stderr.write(`Database connection lost while idle: ${error.message}\n`)),
  );
  const db = drizzle(pool);
  return { db, pool, close: () => pool.end() };
}

/**
 * Lends `work` one connection of the pool, for it alone until it ends, as a query builder of its
 * own: whatever `work` sends through it goes through that connection, and what lives in a session
 * (an advisory lock) lasts no longer than `work`. A connection lost meanwhile fails the queries sent
 * after. When `work` fails the connection is closed rather than returned, so that nothing of its
 * session can outlive it.
 */
export async function withOwnConnection<T>(
  db: Database,
  work: (connection: Database) => Promise<T>,
): Promise<T> {
  const pool = (db as Database & { $client?: unknown }).$client;
  if (!(pool instanceof pg.Pool)) {
    throw new Error('withOwnConnection needs the query builder of the pool (openDatabase)');
  }
  const client = await pool.connect();
  // A connection checked out reports a failure while idle here instead of taking the process down;
  // its next query fails.
  const ignoreIdleError = () => {};
  client.on('error', ignoreIdleError);
  let failed = false;
  try {
    return await work(drizzle(client));
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    client.off('error', ignoreIdleError);
    client.release(failed);
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
