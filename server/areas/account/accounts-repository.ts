import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { preparedFor } from '#server/db/prepared-statements.ts';
import { accounts } from './tables.ts';

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type AccountChanges = Partial<Pick<AccountRow, 'language' | 'displayName' | 'theme'>>;

/** The account lookup, prepared: nearly every API call makes it. */
const findAccountStatement = preparedFor((db) =>
  db
    .select()
    .from(accounts)
    .where(eq(accounts.uid, sql.placeholder('uid')))
    .limit(1)
    .prepare('find_account'),
);

export async function findAccount(db: Database, uid: string): Promise<AccountRow | undefined> {
  const [row] = await findAccountStatement(db).execute({ uid });
  return row;
}

/** The accounts of these uids that exist, in no particular order. */
export async function findAccounts(db: Database, uids: readonly string[]): Promise<AccountRow[]> {
  if (uids.length === 0) return [];
  return db
    .select()
    .from(accounts)
    .where(inArray(accounts.uid, [...uids]));
}

/** Inserts the account; returns undefined when one already exists for this uid. */
export async function insertAccount(
  db: Database,
  row: NewAccountRow,
): Promise<AccountRow | undefined> {
  const [inserted] = await db.insert(accounts).values(row).onConflictDoNothing().returning();
  return inserted;
}

/**
 * Records the owner's changes (their profile, their weekly summary's choices); undefined when the
 * account does not exist.
 */
export async function updateAccount(
  db: Database,
  uid: string,
  changes: AccountChanges | Partial<WeeklySummaryColumns>,
): Promise<AccountRow | undefined> {
  const [updated] = await db
    .update(accounts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(accounts.uid, uid))
    .returning();
  return updated;
}

export async function deleteAccount(db: Database, uid: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.uid, uid));
}

export type WeeklySummaryColumns = Pick<
  AccountRow,
  'weeklySummaryEnabled' | 'weeklySummaryWeekday'
>;

/**
 * The accounts whose weekly summary falls on one of `weekdays` and that have not turned it off:
 * those without a choice yet are left to their plan, which the caller reads.
 */
export async function findWeeklySummaryCandidates(
  db: Database,
  weekdays: readonly number[],
): Promise<AccountRow[]> {
  if (weekdays.length === 0) return [];
  return db
    .select()
    .from(accounts)
    .where(
      and(
        inArray(accounts.weeklySummaryWeekday, [...weekdays]),
        sql`${accounts.weeklySummaryEnabled} is distinct from false`,
      ),
    )
    .orderBy(accounts.uid);
}
