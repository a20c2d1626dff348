import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * An empty database of the run's PostgreSQL, for a test that must see every migration applied or
 * count rows exactly without the other test files' rows: the shared database is theirs too.
 */
export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

async function asAdministrator(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function createFreshDatabase(prefix: string): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await asAdministrator(`create database "${name}"`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdministrator(`drop database if exists "${name}" with (force)`),
  };
}
