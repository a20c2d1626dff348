import type { Database } from '#server/db/database.ts';
import * as changesRepository from './changes-repository.ts';

/**
 * What the SEO changes keep about a user, for the account area to erase it: the changes the user
 * made or approved (they name the user), which on a store of one owner are that store's changes.
 */
export async function deleteUserChanges(db: Database, uid: string): Promise<void> {
  await changesRepository.deleteUserChanges(db, uid);
}
