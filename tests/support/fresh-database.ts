import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A database of its own on the run's PostgreSQL: empty, for a test that must see every migration
 * applied from nothing, or a copy of the migrated template, as every integration test file gets
 * (integration-file-database.ts).
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

/** An empty database, or with `template`, a copy of that database (which nobody may be connected to). */
export async function createFreshDatabase(
  prefix: string,
  options: { template?: string } = {},
): Promise<FreshDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = options.template === undefined ? '' : ` template "${options.template}"`;
  await asAdministrator(`create database "${name}"${template}`);
  const url = new URL(inject('databaseUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => asAdministrator(`drop database if exists "${name}" with (force)`),
  };
}
