import { sql, type SQL } from 'drizzle-orm';
import { withOwnConnection, type Database } from '#server/db/database.ts';
import { catalogSyncStates } from './tables.ts';

/**
 * One sync run (an import or a reconciliation) per store at a time, whatever the number of worker
 * processes: a run holds the store's PostgreSQL advisory lock for as long as it lasts, on a
 * connection of its own through which every one of its writes goes. PostgreSQL gives the lock back
 * when that connection closes, as when its process dies; so a run that lost its lock cannot write
 * anything more, and a store whose lock nobody holds has no run under way anywhere.
 */

/** The lock's key: the store's id (an SQL text expression) hashed to 64 bits, in a name of its own. */
const lockKeyOf = (shopId: SQL) => sql`hashtextextended('catalog-sync:' || ${shopId}, 0)`;
const lockKey = (shopId: string) => lockKeyOf(sql`${shopId}::text`);

/**
 * Runs `run` holding the store's lock, with the connection that holds it as its database; answers
 * `busy` at once, running nothing, when another run of the store holds it.
 */
export async function withStoreSync<T>(
  db: Database,
  shopId: string,
  run: (connection: Database) => Promise<T>,
): Promise<T | 'busy'> {
  return withOwnConnection(db, async (connection) => {
    const { rows } = await connection.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_lock(${lockKey(shopId)}) as locked`,
    );
    if (rows[0]?.locked !== true) return 'busy';
    let result: T;
    try {
      result = await run(connection);
    } catch (error) {
      // A connection that cannot give the lock back is closed (withOwnConnection), which does.
      await connection.execute(sql`select pg_advisory_unlock(${lockKey(shopId)})`).catch(() => {});
      throw error;
    }
    await connection.execute(sql`select pg_advisory_unlock(${lockKey(shopId)})`);
    return result;
  });
}

/**
 * The stores whose import was under way (`importing`, or `queued` for one) and that no process runs
 * now: nobody holds their lock. A worker that starts queues their import again, which resumes where
 * the run stopped (catalog-import-job.ts).
 */
export async function findAbandonedImports(db: Database): Promise<string[]> {
  const { rows } = await db.execute<{ shop_id: string }>(sql`
    select state.shop_id from ${catalogSyncStates} as state
    where state.phase in ('queued', 'importing')
      and not exists (
        select 1 from pg_locks as held
        where held.locktype = 'advisory' and held.granted
          and held.database = (select oid from pg_database where datname = current_database())
          and held.objsubid = 1
          and ((held.classid::bigint << 32) | held.objid::bigint) = ${lockKeyOf(sql`state.shop_id::text`)}
      )`);
  return rows.map((row) => row.shop_id);
}
