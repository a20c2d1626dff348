import type { Database } from '../../../db/database.ts';
import * as accountsRepository from '../../../db/repositories/accounts.ts';
import * as sessionsRepository from '../../../db/repositories/sessions.ts';

/**
 * Removes every row of the user: the BFF's sessions (they live in the same database) and the account.
 *
 * Sessions go first. If the second delete fails, the user is at least signed out everywhere rather
 * than left with live sessions. The two deletes are not wrapped in a transaction because both are
 * idempotent: a retry finishes the job, and deleting what is already gone is still a success.
 */
export async function deleteAccount(db: Database, uid: string): Promise<void> {
  await sessionsRepository.deleteSessionsOfUser(db, uid);
  await accountsRepository.deleteAccount(db, uid);
}
