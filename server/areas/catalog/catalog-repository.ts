import {
  and,
  count,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  lt,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { CatalogCounts } from '#shared/schemas/shops.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import type {
  ArticleRow,
  CatalogBatch,
  CollectionRow,
  MediaRow,
  ProductRow,
  Stamp,
} from './catalog-records.ts';
import {
  catalogArticles,
  catalogBlogs,
  catalogCollections,
  catalogMedia,
  catalogPages,
  catalogProducts,
  catalogShops,
  catalogSyncStates,
  catalogTombstones,
  catalogTranslations,
  type BulkOperationProgress,
  type ShopifyTotals,
} from './tables.ts';

export type SyncStateRow = typeof catalogSyncStates.$inferSelect;
export type ShopDetailsRow = typeof catalogShops.$inferSelect;

/** `set` of an upsert: every column but the key takes the incoming row's value. */
function excludedColumns(table: PgTable, key: readonly string[]): Record<string, SQL> {
  return Object.fromEntries(
    Object.entries(getTableColumns(table))
      .filter(([name]) => !key.includes(name))
      .map(([name, column]) => [name, sql.raw(`excluded."${(column as PgColumn).name}"`)]),
  );
}

// Whose writes are kept ---------------------------------------------------------------------

/** Why a run ended before its end without failing. */
export type SyncStopReason = 'store disconnected' | 'run superseded';

/**
 * A run may no longer write: the store's copy was deleted (the store disconnected, or Shopify asked
 * for its data to be erased), or another run is now the store's current one. Nothing of the write
 * was stored; the run ends there, quietly.
 *
 * `run superseded` cannot happen while the run holds the store's sync lock (store-sync-lock.ts): no
 * other run begins meanwhile, and a run whose connection, and so its lock, is lost can send nothing
 * more. It is a second guard behind the lock, should a run ever begin without it.
 */
export class SyncStopped extends Error {
  constructor(readonly reason: SyncStopReason) {
    super(`The catalog run stopped: ${reason}`);
    this.name = 'SyncStopped';
  }
}

/**
 * Begins a run's write: locks the store's sync state until the transaction ends and checks that
 * `run` is still the store's current run, or throws SyncStopped. Deleting a store's copy deletes
 * that row first (deleteShopRecords), so a write holding it ends before the copy is deleted, and a
 * write that comes after finds no row and stores nothing.
 */
async function lockCurrentRun(tx: Queryable, shopId: string, run: number): Promise<void> {
  const { rows } = await tx.execute<{ run: number }>(sql`
    select ${catalogSyncStates.run} as run from ${catalogSyncStates}
    where ${catalogSyncStates.shopId} = ${shopId}
    for no key update`);
  if (rows[0] === undefined) throw new SyncStopped('store disconnected');
  if (rows[0].run !== run) throw new SyncStopped('run superseded');
}

/**
 * Begins a write that belongs to no run (a webhook's follow-up): keeps the store's sync state from
 * being deleted until the transaction ends (`for key share`, which lets runs and other follow-ups
 * write meanwhile) and answers the store's current run, which the write records. Undefined when the
 * store's copy no longer exists: there is nothing to write.
 */
async function currentRunOf(tx: Queryable, shopId: string): Promise<number | undefined> {
  const { rows } = await tx.execute<{ run: number }>(sql`
    select ${catalogSyncStates.run} as run from ${catalogSyncStates}
    where ${catalogSyncStates.shopId} = ${shopId}
    for key share`);
  return rows[0]?.run;
}

/** Who writes a record read again by id: a run (by its number), or a webhook's follow-up. */
export type RecordWriter = number | 'follow-up';

/** The run a write records, once allowed (see lockCurrentRun and currentRunOf). */
async function runToRecord(
  tx: Queryable,
  shopId: string,
  writer: RecordWriter,
): Promise<number | undefined> {
  if (writer === 'follow-up') return currentRunOf(tx, shopId);
  await lockCurrentRun(tx, shopId, writer);
  return writer;
}

/** The tables whose records carry Shopify's `updatedAt`, and the batch field that feeds each. */
const dated = [
  { table: catalogProducts, rows: 'products' },
  { table: catalogCollections, rows: 'collections' },
  { table: catalogPages, rows: 'pages' },
  { table: catalogBlogs, rows: 'blogs' },
  { table: catalogArticles, rows: 'articles' },
] as const;

/** How many rows go in one INSERT: PostgreSQL takes at most 65,535 parameters per statement. */
const rowsPerStatement = 2000;

function chunks<T>(rows: readonly T[], size = rowsPerStatement): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < rows.length; start += size) {
    result.push(rows.slice(start, start + size));
  }
  return result;
}

/**
 * Inserts or updates many rows in one statement with one parameter: the rows travel as a JSON array
 * that PostgreSQL reads as a record set (`jsonb_to_recordset`), far cheaper than thousands of bound
 * parameters. With `onlyIfNotOlder`, an existing row is updated only when the incoming one is at
 * least as recent (`updated_at`).
 */
async function upsertRows(
  tx: Queryable,
  table: PgTable,
  shopId: string,
  run: number,
  rows: readonly object[],
  options: { key: readonly string[]; onlyIfNotOlder?: boolean },
): Promise<void> {
  const columns = Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>;
  const json = JSON.stringify(
    rows.map((row) => {
      const values: Record<string, unknown> = { ...row, shopId, seenInRun: run };
      return Object.fromEntries(
        columns.map(([field, column]) => [column.name, values[field] ?? null]),
      );
    }),
  );
  const quoted = (column: PgColumn) => `"${column.name}"`;
  const names = columns.map(([, column]) => quoted(column)).join(', ');
  const definitions = columns
    .map(([, column]) => `${quoted(column)} ${column.getSQLType()}`)
    .join(', ');
  const keyNames = options.key
    .map((field) => quoted(columns.find(([name]) => name === field)![1]))
    .join(', ');
  const updates = columns
    .filter(([field]) => !options.key.includes(field))
    .map(([, column]) => `${quoted(column)} = excluded.${quoted(column)}`)
    .join(', ');
  await tx.execute(sql`
    insert into ${table} (${sql.raw(names)})
    select ${sql.raw(names)} from jsonb_to_recordset(${json}::jsonb) as incoming(${sql.raw(definitions)})
    on conflict (${sql.raw(keyNames)}) do update set ${sql.raw(updates)}
    ${options.onlyIfNotOlder === true ? sql.raw(`where excluded.updated_at >= "${getTableName(table)}".updated_at`) : sql``}`);
}

/**
 * Drops from a batch what a webhook said was deleted after `readSince` (the time Shopify began the
 * file or the refetch): a file written before a deletion must not bring the record back.
 */
async function dropTombstoned(
  tx: Queryable,
  shopId: string,
  batch: CatalogBatch,
  readSince: Date,
): Promise<void> {
  const gids = new Set<string>();
  for (const { rows } of dated) for (const row of batch[rows]) gids.add(row.gid);
  for (const row of batch.media) gids.add(row.productGid);
  for (const row of batch.translations) gids.add(row.resourceGid);
  if (gids.size === 0) return;
  const tombstoned = (
    await tx.execute<{ gid: string }>(sql`
      select ${catalogTombstones.gid} as gid from ${catalogTombstones}
      where ${catalogTombstones.shopId} = ${shopId}
        and ${catalogTombstones.deletedAt} >= ${readSince.toISOString()}::timestamptz
        and ${catalogTombstones.gid} in (select jsonb_array_elements_text(${JSON.stringify([...gids])}::jsonb))`)
  ).rows;
  if (tombstoned.length === 0) return;
  const gone = new Set(tombstoned.map((row) => row.gid));
  batch.products = batch.products.filter((row) => !gone.has(row.gid));
  batch.collections = batch.collections.filter((row) => !gone.has(row.gid));
  batch.pages = batch.pages.filter((row) => !gone.has(row.gid));
  batch.blogs = batch.blogs.filter((row) => !gone.has(row.gid));
  batch.articles = batch.articles.filter((row) => !gone.has(row.gid) && !gone.has(row.blogGid));
  batch.media = batch.media.filter((row) => !gone.has(row.productGid));
  batch.translations = batch.translations.filter((row) => !gone.has(row.resourceGid));
}

/**
 * Marks the stamped records the copy holds at least as recent as the store's as seen by `run`, and
 * returns the ids of those it lacks or holds older: what the reconciliation must read again. When
 * the copy holds the kind only in part (`partial`), a record it lacks is beyond its limit, not
 * missed, and only those it holds older are returned.
 */
async function checkStamps(
  tx: Queryable,
  table: typeof catalogProducts | typeof catalogCollections,
  shopId: string,
  run: number,
  stamps: readonly Stamp[],
  partial = false,
): Promise<string[]> {
  if (stamps.length === 0) return [];
  // One parameter for the whole list: a JSON array read as rows.
  const list = JSON.stringify(
    stamps.map((entry) => ({ gid: entry.gid, updated_at: entry.updatedAt.toISOString() })),
  );
  const stamped = sql`jsonb_to_recordset(${list}::jsonb) as stamp(gid text, updated_at timestamptz)`;
  await tx.execute(sql`
    update ${table} set seen_in_run = ${run}
    from ${stamped}
    where ${table.shopId} = ${shopId} and ${table.gid} = stamp.gid
      and ${table.updatedAt} >= stamp.updated_at`);
  if (table === catalogProducts) {
    // A product found unchanged keeps its media, which this run does not read again.
    await tx.execute(sql`
      update ${catalogMedia} set seen_in_run = ${run}
      from ${catalogProducts}, ${stamped}
      where ${catalogMedia.shopId} = ${shopId} and ${catalogProducts.shopId} = ${shopId}
        and ${catalogMedia.productGid} = ${catalogProducts.gid}
        and ${catalogProducts.gid} = stamp.gid
        and ${catalogProducts.seenInRun} = ${run} and ${catalogMedia.seenInRun} < ${run}`);
  }
  const stale = await tx.execute<{ gid: string }>(sql`
    select stamp.gid from ${stamped}
    left join ${table} on ${table.shopId} = ${shopId} and ${table.gid} = stamp.gid
    where (${table.gid} is null and not ${partial}::boolean) or ${table.updatedAt} < stamp.updated_at`);
  return stale.rows.map((row) => row.gid);
}

export interface StoredBatch {
  /** Products and collections the reconciliation must read again (see checkStamps). */
  staleProducts: string[];
  staleCollections: string[];
}

/**
 * Stores a batch in one transaction: each record is inserted or, when the copy's is not newer,
 * updated, and marked seen by `run`; a record the copy holds newer (a webhook's refetch came first)
 * keeps its content and is marked seen too. With `progress`, the operation's position in its file is
 * recorded in the same transaction, so the stored rows and the resume point never disagree. Only
 * while `run` is the store's current run (else SyncStopped, and nothing is stored).
 */
export async function storeBatch(
  db: Database,
  shopId: string,
  run: number,
  batch: CatalogBatch,
  options: {
    readSince: Date;
    progress?: { operation: number; linesStored: number; bytesStored: number };
    /** The stamped kinds the copy holds only in part (see checkStamps). */
    partialKinds?: ReadonlyArray<'products' | 'collections'>;
  },
): Promise<StoredBatch> {
  return db.transaction(async (tx) => {
    await lockCurrentRun(tx, shopId, run);
    await dropTombstoned(tx, shopId, batch, options.readSince);
    for (const { table, rows } of dated) {
      const part = batch[rows] as Array<{ gid: string }>;
      if (part.length === 0) continue;
      await upsertRows(tx, table, shopId, run, part, {
        key: ['shopId', 'gid'],
        onlyIfNotOlder: true,
      });
      // Rows the copy holds newer kept their content above; the store still has them.
      await tx.execute(sql`
        update ${table} set seen_in_run = ${run}
        where ${table.shopId} = ${shopId} and ${table.seenInRun} < ${run}
          and ${table.gid} in (select jsonb_array_elements_text(${JSON.stringify(part.map((row) => row.gid))}::jsonb))`);
    }
    if (batch.media.length > 0) {
      await upsertRows(tx, catalogMedia, shopId, run, batch.media, { key: ['shopId', 'gid'] });
    }
    if (batch.translations.length > 0) {
      await upsertRows(tx, catalogTranslations, shopId, run, batch.translations, {
        key: ['shopId', 'resourceGid', 'locale', 'key'],
      });
    }
    const partial = options.partialKinds ?? [];
    const staleProducts = await checkStamps(
      tx,
      catalogProducts,
      shopId,
      run,
      batch.productStamps,
      partial.includes('products'),
    );
    const staleCollections = await checkStamps(
      tx,
      catalogCollections,
      shopId,
      run,
      batch.collectionStamps,
      partial.includes('collections'),
    );
    if (options.progress !== undefined) {
      const { operation, linesStored, bytesStored } = options.progress;
      await tx.execute(sql`
        update ${catalogSyncStates}
        set operations = jsonb_set(operations, ${`{${operation}}`}::text[],
          operations -> ${operation}::int || ${JSON.stringify({ linesStored, bytesStored })}::jsonb)
        where ${catalogSyncStates.shopId} = ${shopId}`);
    }
    return { staleProducts, staleCollections };
  });
}

/**
 * A product read again (after a webhook, or by a reconciliation): stored unless the copy's is newer,
 * with exactly the media Shopify now lists for it. Returns false when the copy's was newer (a stale
 * delivery's refetch), or, for a follow-up, when the store's copy no longer exists.
 */
export async function storeProductWithMedia(
  db: Database,
  shopId: string,
  writer: RecordWriter,
  product: ProductRow,
  media: MediaRow[],
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = await runToRecord(tx, shopId, writer);
    if (run === undefined) return false;
    const stored = await tx
      .insert(catalogProducts)
      .values({ ...product, shopId, seenInRun: run })
      .onConflictDoUpdate({
        target: [catalogProducts.shopId, catalogProducts.gid],
        set: excludedColumns(catalogProducts, ['shopId', 'gid']),
        setWhere: sql`excluded.updated_at >= ${catalogProducts.updatedAt}`,
      })
      .returning({ gid: catalogProducts.gid });
    if (stored.length === 0) return false;
    const keep = media.map((row) => row.gid);
    await tx
      .delete(catalogMedia)
      .where(
        and(
          eq(catalogMedia.shopId, shopId),
          eq(catalogMedia.productGid, product.gid),
          ...(keep.length > 0 ? [notInArray(catalogMedia.gid, keep)] : []),
        ),
      );
    if (media.length > 0) {
      await tx
        .insert(catalogMedia)
        .values(media.map((row) => ({ ...row, shopId, seenInRun: run })))
        .onConflictDoUpdate({
          target: [catalogMedia.shopId, catalogMedia.gid],
          set: excludedColumns(catalogMedia, ['shopId', 'gid']),
        });
    }
    return true;
  });
}

/** A collection read again: stored unless the copy's is newer (then answers false, as above). */
export async function storeCollection(
  db: Database,
  shopId: string,
  writer: RecordWriter,
  collection: CollectionRow,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = await runToRecord(tx, shopId, writer);
    if (run === undefined) return false;
    const stored = await tx
      .insert(catalogCollections)
      .values({ ...collection, shopId, seenInRun: run })
      .onConflictDoUpdate({
        target: [catalogCollections.shopId, catalogCollections.gid],
        set: excludedColumns(catalogCollections, ['shopId', 'gid']),
        setWhere: sql`excluded.updated_at >= ${catalogCollections.updatedAt}`,
      })
      .returning({ gid: catalogCollections.gid });
    return stored.length > 0;
  });
}

/** An article read again: stored unless the copy's is newer (then answers false, as above). */
export async function storeArticle(
  db: Database,
  shopId: string,
  writer: RecordWriter,
  article: ArticleRow,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const run = await runToRecord(tx, shopId, writer);
    if (run === undefined) return false;
    const stored = await tx
      .insert(catalogArticles)
      .values({ ...article, shopId, seenInRun: run })
      .onConflictDoUpdate({
        target: [catalogArticles.shopId, catalogArticles.gid],
        set: excludedColumns(catalogArticles, ['shopId', 'gid']),
        setWhere: sql`excluded.updated_at >= ${catalogArticles.updatedAt}`,
      })
      .returning({ gid: catalogArticles.gid });
    return stored.length > 0;
  });
}

/**
 * Replaces what the copy holds of some resources' translations (after a refetch): the languages
 * asked for are exactly what Shopify answered.
 */
export async function replaceTranslations(
  db: Database,
  shopId: string,
  writer: RecordWriter,
  resourceGids: readonly string[],
  locales: readonly string[],
  rows: CatalogBatch['translations'],
): Promise<void> {
  if (resourceGids.length === 0 || locales.length === 0) return;
  await db.transaction(async (tx) => {
    const run = await runToRecord(tx, shopId, writer);
    if (run === undefined) return;
    await tx
      .delete(catalogTranslations)
      .where(
        and(
          eq(catalogTranslations.shopId, shopId),
          inArray(catalogTranslations.resourceGid, [...resourceGids]),
          inArray(catalogTranslations.locale, [...locales]),
        ),
      );
    for (const part of chunks(rows)) {
      await tx
        .insert(catalogTranslations)
        .values(part.map((row) => ({ ...row, shopId, seenInRun: run })));
    }
  });
}

/**
 * A record Shopify says is deleted: removed with what hangs from it (a product's media, a blog's
 * articles, translations), and remembered so an older file does not bring it back.
 */
export async function deleteRecord(
  db: Database,
  shopId: string,
  gid: string,
  deletedAt: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // A store whose copy is gone keeps nothing, not even what was deleted from it.
    if ((await currentRunOf(tx, shopId)) === undefined) return;
    await tx
      .insert(catalogTombstones)
      .values({ shopId, gid, deletedAt })
      .onConflictDoUpdate({
        target: [catalogTombstones.shopId, catalogTombstones.gid],
        set: { deletedAt: sql`greatest(${catalogTombstones.deletedAt}, excluded.deleted_at)` },
      });
    for (const { table } of dated) {
      await tx.delete(table).where(and(eq(table.shopId, shopId), eq(table.gid, gid)));
    }
    await tx
      .delete(catalogMedia)
      .where(and(eq(catalogMedia.shopId, shopId), eq(catalogMedia.productGid, gid)));
    await tx
      .delete(catalogArticles)
      .where(and(eq(catalogArticles.shopId, shopId), eq(catalogArticles.blogGid, gid)));
    await tx
      .delete(catalogTranslations)
      .where(and(eq(catalogTranslations.shopId, shopId), eq(catalogTranslations.resourceGid, gid)));
  });
}

/** The copy's update time of a record, to ignore a delivery older than what is stored. */
export async function storedUpdatedAt(
  db: Database,
  shopId: string,
  kind: 'product' | 'collection',
  gid: string,
): Promise<Date | undefined> {
  const table = kind === 'product' ? catalogProducts : catalogCollections;
  const [row] = await db
    .select({ updatedAt: table.updatedAt })
    .from(table)
    .where(and(eq(table.shopId, shopId), eq(table.gid, gid)));
  return row?.updatedAt;
}

/** The tables a run reads in full, by what its operations cover. */
export type RunScope = 'products' | 'collections' | 'pages' | 'blogs' | 'translations';

/**
 * Removes what `run` did not see, in the tables its operations read in full: the store no longer
 * has it. A record updated after the run's files were begun (`filesBegunAt`, Shopify's time) was
 * stored by a webhook: the files could not hold it, so their silence says nothing about it (had it
 * been deleted since, its deletion webhook removed it). Tombstones older than the run's start are no
 * longer needed: every file from now on is younger than the deletion. Only while `run` is the
 * store's current run (else SyncStopped, and nothing is removed). Gives the global ids of the
 * products, collections, pages, blogs and articles removed.
 */
export async function removeUnseen(
  db: Database,
  shopId: string,
  run: number,
  scopes: readonly RunScope[],
  times: { runStartedAt: Date; filesBegunAt: Date },
): Promise<string[]> {
  const removed: string[] = [];
  const datedTables: Array<(typeof dated)[number]['table']> = [];
  if (scopes.includes('products')) datedTables.push(catalogProducts);
  if (scopes.includes('collections')) datedTables.push(catalogCollections);
  if (scopes.includes('pages')) datedTables.push(catalogPages);
  if (scopes.includes('blogs')) datedTables.push(catalogBlogs, catalogArticles);
  await db.transaction(async (tx) => {
    await lockCurrentRun(tx, shopId, run);
    for (const table of datedTables) {
      const rows = await tx
        .delete(table)
        .where(
          and(
            eq(table.shopId, shopId),
            lt(table.seenInRun, run),
            lt(table.updatedAt, times.filesBegunAt),
          ),
        )
        .returning({ gid: table.gid });
      for (const row of rows) removed.push(row.gid);
    }
    if (scopes.includes('products')) {
      // A product's media go with it, and are kept with a product a webhook stored.
      await tx.execute(sql`
        delete from ${catalogMedia}
        where ${catalogMedia.shopId} = ${shopId} and ${catalogMedia.seenInRun} < ${run}
          and not exists (
            select 1 from ${catalogProducts}
            where ${catalogProducts.shopId} = ${shopId}
              and ${catalogProducts.gid} = ${catalogMedia.productGid}
              and ${catalogProducts.updatedAt} >= ${times.filesBegunAt.toISOString()}::timestamptz)`);
    }
    if (scopes.includes('translations')) {
      await tx
        .delete(catalogTranslations)
        .where(and(eq(catalogTranslations.shopId, shopId), lt(catalogTranslations.seenInRun, run)));
    }
    await tx
      .delete(catalogTombstones)
      .where(
        and(
          eq(catalogTombstones.shopId, shopId),
          lt(catalogTombstones.deletedAt, times.runStartedAt),
        ),
      );
  });
  return removed;
}

/** The shop's name, domains and languages, kept while the store's copy exists. */
export async function storeShopDetails(
  db: Database,
  details: typeof catalogShops.$inferInsert,
): Promise<void> {
  await db.transaction(async (tx) => {
    if ((await currentRunOf(tx, details.shopId)) === undefined) return;
    await tx
      .insert(catalogShops)
      .values(details)
      .onConflictDoUpdate({
        target: catalogShops.shopId,
        set: excludedColumns(catalogShops, ['shopId']),
      });
  });
}

export async function findShopDetails(
  db: Database,
  shopIds: readonly string[],
): Promise<ShopDetailsRow[]> {
  if (shopIds.length === 0) return [];
  return db
    .select()
    .from(catalogShops)
    .where(inArray(catalogShops.shopId, [...shopIds]));
}

// The sync state ------------------------------------------------------------------------------

export async function findSyncState(
  db: Queryable,
  shopId: string,
): Promise<SyncStateRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogSyncStates)
    .where(eq(catalogSyncStates.shopId, shopId));
  return row;
}

export async function findSyncStates(
  db: Database,
  shopIds: readonly string[],
): Promise<SyncStateRow[]> {
  if (shopIds.length === 0) return [];
  return db
    .select()
    .from(catalogSyncStates)
    .where(inArray(catalogSyncStates.shopId, [...shopIds]));
}

/** The global ids of a store's pages and blog articles, whatever their state. */
export async function findPageAndArticleGids(db: Database, shopId: string): Promise<string[]> {
  const [pages, articles] = await Promise.all([
    db.select({ gid: catalogPages.gid }).from(catalogPages).where(eq(catalogPages.shopId, shopId)),
    db
      .select({ gid: catalogArticles.gid })
      .from(catalogArticles)
      .where(eq(catalogArticles.shopId, shopId)),
  ]);
  return [...pages, ...articles].map((row) => row.gid);
}

/** The stores whose copy is ready, for the scheduled reconciliation. */
export async function findReadyShopIds(db: Database): Promise<string[]> {
  const rows = await db
    .select({ shopId: catalogSyncStates.shopId })
    .from(catalogSyncStates)
    .where(eq(catalogSyncStates.phase, 'ready'));
  return rows.map((row) => row.shopId);
}

/** Records that an import is queued for a store (the state the owner sees until it starts). */
export async function markQueued(db: Database, shopId: string): Promise<void> {
  await db
    .insert(catalogSyncStates)
    .values({ shopId, phase: 'queued' })
    .onConflictDoUpdate({
      target: catalogSyncStates.shopId,
      set: { phase: 'queued', errorCode: null },
      setWhere: sql`${catalogSyncStates.phase} <> 'importing'`,
    });
}

/**
 * Begins a new run, which becomes the store's current one: a new run number, its operations, nothing
 * stored yet. An import (`importing`) begins whatever the store's phase; a reconciliation (`ready`)
 * only while the store is ready, so that an import asked for meanwhile is left to happen. Answers
 * undefined, beginning nothing, when the store's copy no longer exists (it was disconnected: its
 * state is made by markQueued when it is connected, never again by a run) or is not ready.
 */
export async function beginRun(
  db: Database,
  shopId: string,
  values: { phase: 'importing' | 'ready'; locales: string[]; operations: BulkOperationProgress[] },
): Promise<SyncStateRow | undefined> {
  const [row] = await db
    .update(catalogSyncStates)
    .set({
      phase: values.phase,
      errorCode: null,
      run: sql`${catalogSyncStates.run} + 1`,
      runLocales: values.locales,
      operations: values.operations,
      startedAt: new Date(),
      finishedAt: null,
    })
    .where(
      and(
        eq(catalogSyncStates.shopId, shopId),
        values.phase === 'ready' ? eq(catalogSyncStates.phase, 'ready') : undefined,
      ),
    )
    .returning();
  return row;
}

/**
 * Records one operation's new state (started, completed, stored) within the run, while `run` is the
 * store's current run (else SyncStopped, and nothing is recorded).
 */
export async function updateOperation(
  db: Database,
  shopId: string,
  run: number,
  index: number,
  changes: Partial<BulkOperationProgress>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockCurrentRun(tx, shopId, run);
    await tx.execute(sql`
      update ${catalogSyncStates}
      set operations = jsonb_set(operations, ${`{${index}}`}::text[],
        operations -> ${index}::int || ${JSON.stringify(changes)}::jsonb)
      where ${catalogSyncStates.shopId} = ${shopId}`);
  });
}

/**
 * Has PostgreSQL sample the copy's tables again, after an import wrote a store's catalog in bulk.
 * Until autovacuum notices (a minute or more), the planner takes the new store for the handful of
 * rows the tables held before, and the audit that follows the import (and the first incremental
 * audits) plans its queries for that: the storefront's addresses of a store of 10,000 products, for
 * one, were looked through once per link rather than hashed, 1.5 s instead of a few milliseconds.
 * A table another import or autovacuum is sampling already is left to it.
 */
export async function refreshStatistics(db: Queryable): Promise<void> {
  await db.execute(sql`
    analyze (skip_locked) catalog_products, catalog_collections, catalog_pages, catalog_blogs, catalog_articles,
      catalog_media, catalog_translations`);
}

/**
 * Ends `run`, while it is the store's current run (else SyncStopped): an import leaves the copy
 * ready; a reconciliation leaves the phase as it is, so an import asked for meanwhile still happens.
 * Records the kinds the copy now holds only in part, and the store's count of those it counts.
 */
export async function finishRun(
  db: Database,
  shopId: string,
  run: number,
  kind: 'import' | 'reconciliation',
  partialKinds: readonly string[] = [],
  shopifyTotals: ShopifyTotals = {},
): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    await lockCurrentRun(tx, shopId, run);
    await tx
      .update(catalogSyncStates)
      .set({
        finishedAt: now,
        lastSyncedAt: now,
        partialKinds: [...partialKinds],
        shopifyTotals,
        ...(kind === 'import'
          ? { phase: 'ready' as const, errorCode: null }
          : { lastReconciledAt: now }),
      })
      .where(eq(catalogSyncStates.shopId, shopId));
  });
}

/** Counts the webhook subscriptions a reconciliation created again for the store. */
export async function countRecreatedSubscriptions(
  db: Database,
  shopId: string,
  recreated: number,
): Promise<void> {
  await db
    .update(catalogSyncStates)
    .set({
      webhookSubscriptionsRecreated: sql`${catalogSyncStates.webhookSubscriptionsRecreated} + ${recreated}`,
    })
    .where(eq(catalogSyncStates.shopId, shopId));
}

/** Shows the import as failed, with why; a store no longer importing (or gone) is left as it is. */
export async function failImport(db: Database, shopId: string, errorCode: string): Promise<void> {
  await db
    .update(catalogSyncStates)
    .set({ phase: 'error', errorCode, finishedAt: new Date() })
    .where(
      and(
        eq(catalogSyncStates.shopId, shopId),
        inArray(catalogSyncStates.phase, ['queued', 'importing']),
      ),
    );
}

/** Notes that the copy was brought up to date by a webhook's follow-up. */
export async function touchLastSynced(db: Database, shopId: string): Promise<void> {
  await db
    .update(catalogSyncStates)
    .set({ lastSyncedAt: new Date() })
    .where(and(eq(catalogSyncStates.shopId, shopId), eq(catalogSyncStates.phase, 'ready')));
}

// Counts and removal --------------------------------------------------------------------------

const countedTables = {
  products: catalogProducts,
  collections: catalogCollections,
  pages: catalogPages,
  blogs: catalogBlogs,
  articles: catalogArticles,
  media: catalogMedia,
  translations: catalogTranslations,
} as const;

export function emptyCounts(): CatalogCounts {
  return {
    products: 0,
    collections: 0,
    pages: 0,
    blogs: 0,
    articles: 0,
    media: 0,
    translations: 0,
  };
}

/** Records kept per store, by kind. */
export async function countRecords(
  db: Queryable,
  shopIds: readonly string[],
): Promise<Map<string, CatalogCounts>> {
  const counts = new Map(shopIds.map((shopId) => [shopId, emptyCounts()]));
  if (shopIds.length === 0) return counts;
  for (const [kind, table] of Object.entries(countedTables) as Array<
    [keyof CatalogCounts, (typeof countedTables)[keyof CatalogCounts]]
  >) {
    const rows = await db
      .select({ shopId: table.shopId, records: count() })
      .from(table)
      .where(inArray(table.shopId, [...shopIds]))
      .groupBy(table.shopId);
    for (const row of rows) counts.get(row.shopId)![kind] = row.records;
  }
  return counts;
}

/**
 * Removes everything the copy keeps of a store; answers what was removed. The sync state goes
 * first: its row lock makes a run's write under way finish before (and then be removed with the
 * rest), and every write after find the copy gone (lockCurrentRun, currentRunOf).
 */
export async function deleteShopRecords(db: Database, shopId: string): Promise<CatalogCounts> {
  return db.transaction(async (tx) => {
    await tx.delete(catalogSyncStates).where(eq(catalogSyncStates.shopId, shopId));
    const removed = emptyCounts();
    for (const [kind, table] of Object.entries(countedTables) as Array<
      [keyof CatalogCounts, (typeof countedTables)[keyof CatalogCounts]]
    >) {
      const deleted = await tx.delete(table).where(eq(table.shopId, shopId));
      removed[kind] = deleted.rowCount ?? 0;
    }
    await tx.delete(catalogTombstones).where(eq(catalogTombstones.shopId, shopId));
    await tx.delete(catalogShops).where(eq(catalogShops.shopId, shopId));
    return removed;
  });
}
