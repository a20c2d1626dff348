import type { Database } from '#server/db/database.ts';
import { deleteOwnerActivity } from './activity-repository.ts';

/** Erases the account's timeline with the account. */
export async function deleteUserActivity(db: Database, uid: string): Promise<void> {
  await deleteOwnerActivity(db, uid);
}
