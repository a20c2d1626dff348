import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, expect, inject, test } from 'vitest';
import { migrateDatabase, openDatabase } from '#server/db/database.ts';

const migrationsFolder = new URL('../../server/db/migrations/', import.meta.url);
const journal = JSON.parse(
  fs.readFileSync(new URL('meta/_journal.json', migrationsFolder), 'utf8'),
) as { entries: Array<{ tag: string }> };

/** Databases of their own, so that their migrations start from nothing. */
const databaseName = `migrations_${randomUUID().replaceAll('-', '')}`;
const upgradedDatabaseName = `migrations_${randomUUID().replaceAll('-', '')}`;
const serverUrl = new URL(inject('databaseUrl'));
const urlOf = (name: string) =>
  Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
const freshUrl = urlOf(databaseName);

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
  await onServer(async (client) => {
    for (const name of [databaseName, upgradedDatabaseName]) {
      await client.query(`drop database if exists ${name} with (force)`);
    }
  });
});

/** A copy of the migrations up to `lastTag`, as a database that stopped there had them. */
function migrationsUpTo(lastTag: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-migrations-'));
  const entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === lastTag) + 1,
  );
  fs.mkdirSync(path.join(folder, 'meta'));
  fs.writeFileSync(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries }),
  );
  for (const entry of entries) {
    fs.copyFileSync(
      new URL(`${entry.tag}.sql`, migrationsFolder),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

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
      'activity_entries',
      'billing_claims',
      'billing_customers',
      'billing_subscriptions',
      'blog_counted_posts',
      'blog_post_versions',
      'blog_posts',
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
      'live_events',
      'seo_audit_runs',
      'seo_changes',
      'seo_duplicate_keys',
      'seo_findings',
      'seo_page_results',
      'seo_pages',
      'seo_rendered_findings',
      'seo_score_history',
      'seo_store_check_pages',
      'seo_store_figures',
      'seo_store_links',
      'seo_storefront_fetches',
      'seo_storefront_passes',
      'sessions',
      'shop_oauth_states',
      'shops',
      'signing_keys',
      'webhook_deliveries',
      'weekly_summary_mails',
    ]);
    const applied = await replicas[0]!.pool.query(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ count: journal.entries.length });
  } finally {
    await Promise.all(replicas.map((replica) => replica.close()));
  }
});

test("the audited pages' rows of each language take their page's searched text when upgraded", async () => {
  await onServer((client) => client.query(`create database ${upgradedDatabaseName}`));
  const database = openDatabase(urlOf(upgradedDatabaseName), { maxConnections: 1 });
  const olderMigrations = migrationsUpTo('0009_storefront_pass');
  try {
    await migrate(drizzle(database.pool), { migrationsFolder: olderMigrations });
    const shopId = randomUUID();
    await database.pool.query(
      `insert into seo_pages (shop_id, page_gid, kind, title, handle, title_key, search, score,
         score_en, score_fr, errors, warnings, infos, findings_total, check_ids, audited_at)
       values ($1, 'gid://shopify/Product/1', 'product', 'Linen shirt', 'linen-shirt', 'linen shirt',
         'linen shirt chemise en lin linen-shirt', 90, 90, 95, 0, 1, 0, 1, '{}', now())`,
      [shopId],
    );
    // The second page's summary is missing: its rows fall back to their own title and handle.
    await database.pool.query(
      `insert into seo_page_results (shop_id, page_gid, language, kind, title, handle, title_key,
         score, errors, warnings, infos, findings_total, check_ids, audited_at, translation_fields,
         translated, translations_outdated, translations_same_as_source)
       select $1, page_gid, language, 'product', title, handle, lower(title), 90, 0, 1, 0, 1, '{}',
         now(), 0, 0, 0, 0
       from (values ('gid://shopify/Product/1', 'en', 'Linen shirt', 'linen-shirt'),
         ('gid://shopify/Product/1', 'fr', 'Chemise en lin', 'linen-shirt'),
         ('gid://shopify/Product/2', 'en', 'Mug', 'mug')) as v(page_gid, language, title, handle)`,
      [shopId],
    );

    await migrateDatabase(database);

    const { rows } = await database.pool.query<{ page: string; language: string; search: string }>(
      `select page_gid as page, language, search from seo_page_results where shop_id = $1
       order by page_gid, language`,
      [shopId],
    );
    expect(rows).toEqual([
      {
        page: 'gid://shopify/Product/1',
        language: 'en',
        search: 'linen shirt chemise en lin linen-shirt',
      },
      {
        page: 'gid://shopify/Product/1',
        language: 'fr',
        search: 'linen shirt chemise en lin linen-shirt',
      },
      { page: 'gid://shopify/Product/2', language: 'en', search: 'mug mug' },
    ]);
  } finally {
    await database.close();
    fs.rmSync(olderMigrations, { recursive: true, force: true });
  }
});
