import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/database.ts';
import { activityEntries } from './tables.ts';

/** The activity's reads and writes. */

export type StoredActivity = typeof activityEntries.$inferSelect;
export type NewActivity = Omit<typeof activityEntries.$inferInsert, 'id'>;

export async function insertActivity(db: Queryable, entry: NewActivity): Promise<void> {
  await db.insert(activityEntries).values(entry);
}

/**
 * The owner's latest entry of this kind, store and actor recorded within the last `minutes`,
 * locked until the transaction ends: the one a like event is merged into.
 */
export async function findRecentActivity(
  db: Queryable,
  entry: Pick<NewActivity, 'ownerUid' | 'shopId' | 'kind' | 'actor'>,
  minutes: number,
): Promise<StoredActivity | undefined> {
  const [row] = await db
    .select()
    .from(activityEntries)
    .where(
      and(
        eq(activityEntries.ownerUid, entry.ownerUid),
        entry.shopId == null ? sql`shop_id is null` : eq(activityEntries.shopId, entry.shopId),
        eq(activityEntries.kind, entry.kind),
        eq(activityEntries.actor, entry.actor),
        gt(activityEntries.at, sql`now() - make_interval(mins => ${minutes})`),
      ),
    )
    .orderBy(desc(activityEntries.at))
    .limit(1)
    .for('update');
  return row;
}

/** Gives an entry new details and moves it to now, at the top of the timeline. */
export async function updateActivity(
  db: Queryable,
  id: string,
  details: StoredActivity['details'],
): Promise<void> {
  await db
    .update(activityEntries)
    .set({ details, at: sql`now()` })
    .where(eq(activityEntries.id, id));
}

export async function listActivity(
  db: Queryable,
  ownerUid: string,
  page: { offset: number; limit: number },
): Promise<{ total: number; rows: StoredActivity[] }> {
  const where = eq(activityEntries.ownerUid, ownerUid);
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(activityEntries).where(where),
    db
      .select()
      .from(activityEntries)
      .where(and(where))
      .orderBy(desc(activityEntries.at), desc(activityEntries.id))
      .offset(page.offset)
      .limit(page.limit),
  ]);
  return { total: totals[0]?.total ?? 0, rows };
}

export async function deleteOwnerActivity(db: Queryable, ownerUid: string): Promise<void> {
  await db.delete(activityEntries).where(eq(activityEntries.ownerUid, ownerUid));
}
