import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

/**
 * The address of the embedded PostgreSQL of the product under test (server/local/embedded-postgres.ts):
 * its port is the fourth line of the cluster's postmaster.pid, its credentials those of local mode.
 * `dataDir` is the product's DATA_DIR (E2E_DATA_DIR, set by playwright.config.ts).
 */
export async function productDatabaseUrl(dataDir: string): Promise<string> {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  return `postgres://vitrine:vitrine-local@127.0.0.1:${Number(pidFile.split('\n')[3])}/vitrine`;
}

/** A query on the product's database, for e2e tests that check what the product stored or deleted. */
export async function queryProductDatabase<Row extends pg.QueryResultRow>(
  dataDir: string,
  sql: string,
  parameters: readonly unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: await productDatabaseUrl(dataDir) });
  await client.connect();
  try {
    return (await client.query<Row>(sql, [...parameters])).rows;
  } finally {
    await client.end();
  }
}
