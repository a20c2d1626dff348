import type { Database } from '#server/db/database.ts';
import { deleteSessionsOfUser } from './sessions-repository.ts';

/**
 * Every session of a user, as the account area ends them when the account is deleted or an
 * unverified sign-up is cancelled. Other BFF instances forget a cached copy within their cache's
 * lifetime.
 */
export async function deleteUserSessions(db: Database, uid: string): Promise<void> {
  await deleteSessionsOfUser(db, uid);
}
