import type { Database } from '#server/db/database.ts';
import * as mailsRepository from './weekly-summary-repository.ts';

/**
 * Erases what this area keeps of an account (its ledger of summaries), for the account's deletion.
 * The account area cannot import this one (this one reads accounts), so whoever wires the deletion
 * hands it this function.
 */
export async function deleteUserWeeklySummaries(db: Database, uid: string): Promise<void> {
  await mailsRepository.deleteMailsOf(db, uid);
}
