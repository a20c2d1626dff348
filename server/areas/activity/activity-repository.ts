import { and, count, desc, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/database.ts';
import { activityEntries } from './tables.ts';

/** The activity's reads and writes. */

export type StoredActivity = typeof activityEntries.$inferSelect;
export type NewActivity = Omit<typeof activityEntries.$inferInsert, 'id'>;

export async function insertActivity(db: Queryable, entry: NewActivity): Promise<void> {
  await db.insert(activityEntries).values(entry);
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
