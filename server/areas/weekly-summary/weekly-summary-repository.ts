import { and, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { weeklySummaryMails } from './tables.ts';

export type WeeklySummaryMailRow = typeof weeklySummaryMails.$inferSelect;

/**
 * Records that the account's summary of `week` is to be mailed; nothing when it is recorded already
 * (another run, another process, or a retry), which is what makes one summary a week.
 */
export async function recordDue(db: Database, uid: string, week: string): Promise<void> {
  await db.insert(weeklySummaryMails).values({ uid, week }).onConflictDoNothing();
}

/** The summaries of `weeks` recorded and not mailed yet, by account and week. */
export async function unmailedOf(
  db: Database,
  weeks: readonly string[],
): Promise<Array<{ uid: string; week: string }>> {
  if (weeks.length === 0) return [];
  return db
    .select({ uid: weeklySummaryMails.uid, week: weeklySummaryMails.week })
    .from(weeklySummaryMails)
    .where(and(inArray(weeklySummaryMails.week, [...weeks]), isNull(weeklySummaryMails.mailedAt)))
    .orderBy(weeklySummaryMails.uid, weeklySummaryMails.week);
}

export type MailOutcome = 'mailed' | 'already mailed' | 'being mailed' | 'gone';

/**
 * Mails the account's summary of `week` once: the row is locked while `send` runs, so a second run
 * skips it rather than mailing it again, and `mailed_at` is set in the same transaction. A send that
 * throws leaves the row unmailed for a later run, and throws.
 */
export async function mailOnce(
  db: Database,
  uid: string,
  week: string,
  send: (row: WeeklySummaryMailRow) => Promise<void>,
): Promise<MailOutcome> {
  const key = and(eq(weeklySummaryMails.uid, uid), eq(weeklySummaryMails.week, week));
  const result = await db.transaction(async (tx): Promise<MailOutcome | { failed: unknown }> => {
    const [row] = await tx
      .select()
      .from(weeklySummaryMails)
      .where(key)
      .for('update', { skipLocked: true });
    if (row === undefined) {
      const [locked] = await tx
        .select({ uid: weeklySummaryMails.uid })
        .from(weeklySummaryMails)
        .where(key);
      return locked === undefined ? 'gone' : 'being mailed';
    }
    if (row.mailedAt !== null) return 'already mailed';
    await tx
      .update(weeklySummaryMails)
      .set({ attempts: sql`${weeklySummaryMails.attempts} + 1` })
      .where(key);
    try {
      await send(row);
    } catch (error) {
      return { failed: error };
    }
    await tx.update(weeklySummaryMails).set({ mailedAt: new Date() }).where(key);
    return 'mailed';
  });
  if (typeof result === 'object') throw result.failed;
  return result;
}

/** Forgets the summaries recorded before `before`; returns how many. */
export async function purgeBefore(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(weeklySummaryMails)
    .where(lt(weeklySummaryMails.createdAt, before))
    .returning({ uid: weeklySummaryMails.uid });
  return removed.length;
}

/** Forgets every summary recorded for the account (its deletion). */
export async function deleteMailsOf(db: Database, uid: string): Promise<void> {
  await db.delete(weeklySummaryMails).where(eq(weeklySummaryMails.uid, uid));
}
