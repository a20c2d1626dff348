import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { migrateDatabase, openDatabase } from '../../server/db/database.ts';

const journal = JSON.parse(
  fs.readFileSync(
    new URL('../../server/db/migrations/meta/_journal.json', import.meta.url),
    'utf8',
  ),
) as { entries: unknown[] };

/** A database of its own, so that its migrations start from nothing. */
const databaseName = `migrations_${randomUUID().replaceAll('-', '')}`;
const serverUrl = new URL(inject('databaseUrl'));
const freshUrl = Object.assign(new URL(serverUrl), { pathname: `/${databaseName}` }).toString();

async function onServer<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl.toString() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  await onServer((client) => client.query(`drop database if exists ${databaseName} with (force)`));
});

test('replicas that start together on a new database migrate it once, without failing', async () => {
  await onServer((client) => client.query(`create database ${databaseName}`));
  // Pools of one connection: the lock and the migration must share it.
  const replicas = [1, 2, 3].map(() => openDatabase(freshUrl, { maxConnections: 1 }));
  try {
    await Promise.all(replicas.map((replica) => migrateDatabase(replica)));

    const tables = await replicas[0]!.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.rows.map((row) => row.table_name)).toEqual([
      'accounts',
      'billing_customers',
      'billing_subscriptions',
      'catalog_articles',
      'catalog_blogs',
      'catalog_collections',
      'catalog_media',
      'catalog_pages',
      'catalog_products',
      'catalog_shops',
      'catalog_sync_states',
      'catalog_tombstones',
      'catalog_translations',
      'contact_messages',
      'seo_audit_runs',
      'seo_changes',
      'seo_duplicate_keys',
      'seo_findings',
      'seo_page_results',
      'seo_pages',
      'seo_rendered_findings',
      'seo_score_history',
      'seo_storefront_fetches',
      'sessions',
      'shop_oauth_states',
      'shops',
      'signing_keys',
      'webhook_deliveries',
    ]);
    const applied = await replicas[0]!.pool.query(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ count: journal.entries.length });
  } finally {
    await Promise.all(replicas.map((replica) => replica.close()));
  }
});
