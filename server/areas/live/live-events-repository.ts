import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/database.ts';
import type { LiveEvent, LiveEventType } from '#shared/schemas/live.ts';

/** The NOTIFY channel every BFF instance listens on (live-event-feed.ts). */
export const liveEventsChannel = 'vitrine_live_events';

/** An event as it is recorded and announced: the owner it is for, and what the browser is sent. */
export interface OwnedLiveEvent extends LiveEvent {
  ownerUid: string;
}

export interface LiveEventRecord {
  ownerUid: string;
  shopId: string | null;
  type: LiveEventType;
}

interface LiveEventRow extends Record<string, unknown> {
  id: string;
  owner_uid: string;
  shop_id: string | null;
  type: LiveEventType;
  at: string;
}

const ownedEventOf = (row: LiveEventRow): OwnedLiveEvent => ({
  id: row.id,
  ownerUid: row.owner_uid,
  shopId: row.shop_id,
  type: row.type,
  at: row.at,
});

/**
 * Records the event and announces it in one statement. Within a transaction, PostgreSQL delivers the
 * NOTIFY when it commits, and not at all when it rolls back, so no browser hears of a change that
 * did not happen. The payload is the event itself (well under NOTIFY's 8,000 bytes), so a listener
 * needs no query to pass it on.
 */
export async function insertLiveEvent(db: Queryable, event: LiveEventRecord): Promise<void> {
  await db.execute(sql`
    with inserted as (
      insert into live_events (owner_uid, shop_id, type)
      values (${event.ownerUid}, ${event.shopId}, ${event.type})
      returning id, owner_uid, shop_id, type, at
    )
    select pg_notify(${liveEventsChannel}, json_build_object(
      'id', id::text, 'ownerUid', owner_uid, 'shopId', shop_id, 'type', type,
      'at', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
    )::text)
    from inserted`);
}

/** The owners' events recorded after `afterId`, oldest first, at most `limit`. */
export async function liveEventsAfter(
  db: Queryable,
  ownerUids: readonly string[],
  afterId: bigint,
  limit: number,
): Promise<OwnedLiveEvent[]> {
  if (ownerUids.length === 0) return [];
  const result = await db.execute<LiveEventRow>(sql`
    select id::text as id, owner_uid, shop_id, type,
           to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at
    from live_events
    where owner_uid in (${sql.join(
      ownerUids.map((uid) => sql`${uid}`),
      sql`, `,
    )})
      and id > ${afterId.toString()}::bigint
    order by id
    limit ${limit}`);
  return result.rows.map(ownedEventOf);
}

/** The id of the latest event of all, 0 when there is none. */
export async function latestLiveEventId(db: Queryable): Promise<bigint> {
  const result = await db.execute<{ id: string }>(
    sql`select coalesce(max(id), 0)::text as id from live_events`,
  );
  return BigInt(result.rows[0]?.id ?? '0');
}

/** Deletes the events recorded before `before`; returns how many went. */
export async function deleteLiveEventsBefore(db: Queryable, before: Date): Promise<number> {
  const result = await db.execute(sql`delete from live_events where at < ${before.toISOString()}`);
  return result.rowCount ?? 0;
}

export async function deleteOwnerLiveEvents(db: Queryable, ownerUid: string): Promise<void> {
  await db.execute(sql`delete from live_events where owner_uid = ${ownerUid}`);
}
