import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function openDatabase(url: string, options: { maxConnections?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 });
  // An idle client that loses its connection emits here; without a listener the process would crash.
  pool.on('error', () => {});
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Applies the SQL migrations in server/db/migrations that this database has not seen yet. */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  await migrate(handle.db, { migrationsFolder });
}

export async function isDatabaseReachable(handle: DatabaseHandle): Promise<boolean> {
  try {
    await handle.pool.query('select 1');
    return true;
  } catch {
    return false;
  }
}
