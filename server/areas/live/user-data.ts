import type { Database } from '#server/db/database.ts';
import { deleteOwnerLiveEvents } from './live-events-repository.ts';

/** Erases the account's live events with the account, rather than at the next hourly purge. */
export async function deleteUserLiveEvents(db: Database, uid: string): Promise<void> {
  await deleteOwnerLiveEvents(db, uid);
}
