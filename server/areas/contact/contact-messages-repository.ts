import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
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

/** What became of a run that set out to mail a stored message. */
export type MailOutcome = 'mailed' | 'already mailed' | 'being mailed' | 'gone';

/**
 * Mails a stored message at most once, however many runs try at the same time (its job and a job
 * of the sweep, or workers of two processes). The run locks the row (`FOR UPDATE SKIP LOCKED`) for
 * the length of `send` and records `mailed_at` in the same transaction, so a run that finds the row
 * locked leaves it to the one that holds it, and one that comes after sees it mailed.
 *
 * The attempt is counted whether `send` succeeds or not, so a message that keeps failing stands
 * out in the table; when it fails, its error is thrown once that count is committed.
 */
export async function mailOnce(
  db: Database,
  id: string,
  send: (row: ContactMessageRow) => Promise<void>,
): Promise<MailOutcome> {
  const result = await db.transaction(async (tx): Promise<MailOutcome | { failed: unknown }> => {
    const [row] = await tx
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, id))
      .for('update', { skipLocked: true });
    if (row === undefined) {
      // Skipped rather than waited for: another run holds it, or it no longer exists.
      const [locked] = await tx
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(eq(contactMessages.id, id));
      return locked === undefined ? 'gone' : 'being mailed';
    }
    if (row.mailedAt !== null) return 'already mailed';
    await tx
      .update(contactMessages)
      .set({ attempts: sql`${contactMessages.attempts} + 1` })
      .where(eq(contactMessages.id, id));
    try {
      await send(row);
    } catch (error) {
      return { failed: error };
    }
    await tx
      .update(contactMessages)
      .set({ mailedAt: new Date() })
      .where(eq(contactMessages.id, id));
    return 'mailed';
  });
  if (typeof result === 'object') throw result.failed;
  return result;
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
