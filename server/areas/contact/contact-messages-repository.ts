import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { contactMessages } from './tables.ts';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewContactMessageRow = Omit<
  typeof contactMessages.$inferInsert,
  'id' | 'createdAt' | 'mailedAt' | 'attempts'
>;

/**
 * Stores the message unless its sender has already sent `maxPerWindow` since `windowStart`; returns
 * the stored row, or undefined when the limit refused it.
 *
 * The count and the insert run in one transaction under an advisory lock on the sender's uid, so two
 * requests of the same user sent at once cannot both see four messages and both store a fifth.
 */
export async function insertWithinLimit(
  db: Database,
  row: NewContactMessageRow,
  limit: { maxPerWindow: number; windowStart: Date },
): Promise<ContactMessageRow | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('contact:' || ${row.uid}))`);
    const [recent] = await tx
      .select({ sent: count() })
      .from(contactMessages)
      .where(
        and(eq(contactMessages.uid, row.uid), gt(contactMessages.createdAt, limit.windowStart)),
      );
    if ((recent?.sent ?? 0) >= limit.maxPerWindow) return undefined;
    const [inserted] = await tx.insert(contactMessages).values(row).returning();
    return inserted;
  });
}

export async function findContactMessage(
  db: Database,
  id: string,
): Promise<ContactMessageRow | undefined> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1);
  return row;
}

/** Counts one more send attempt, so that a message that keeps failing stands out in the table. */
export async function recordMailAttempt(db: Database, id: string): Promise<void> {
  await db
    .update(contactMessages)
    .set({ attempts: sql`${contactMessages.attempts} + 1` })
    .where(eq(contactMessages.id, id));
}

export async function markMailed(db: Database, id: string, mailedAt: Date): Promise<void> {
  await db
    .update(contactMessages)
    .set({ mailedAt })
    .where(and(eq(contactMessages.id, id), isNull(contactMessages.mailedAt)));
}

/** Ids of messages still not mailed that were stored before `createdBefore`, oldest first. */
export async function findUnmailedIds(
  db: Database,
  createdBefore: Date,
  max: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(isNull(contactMessages.mailedAt), lt(contactMessages.createdAt, createdBefore)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(max);
  return rows.map((row) => row.id);
}

/** Removes every message a user sent (account deletion: no personal data may survive). */
export async function deleteContactMessagesOfUser(db: Database, uid: string): Promise<void> {
  await db.delete(contactMessages).where(eq(contactMessages.uid, uid));
}
