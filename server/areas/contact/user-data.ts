import type { Database } from '#server/db/database.ts';
import { deleteContactMessagesOfUser } from './contact-messages-repository.ts';

/**
 * What the contact area keeps about a user (the messages they sent), as the account area erases it
 * when the account is deleted or an unverified sign-up is cancelled.
 */
export async function deleteUserContactMessages(db: Database, uid: string): Promise<void> {
  await deleteContactMessagesOfUser(db, uid);
}
