import type { Database } from '#server/db/database.ts';
import { changeNotFound, changeStateConflict, isChangeId } from './change-errors.ts';
import * as changesRepository from './changes-repository.ts';

/**
 * Deletes a draft. A change already approved (or written, or undone) stays: it is part of the
 * store's history (`change_state_conflict`).
 */
export async function discardDraft(db: Database, shopId: string, changeId: string): Promise<void> {
  if (!isChangeId(changeId)) throw changeNotFound();
  if (await changesRepository.deleteDraft(db, shopId, changeId)) return;
  if ((await changesRepository.findChange(db, shopId, changeId)) === undefined) {
    throw changeNotFound();
  }
  throw changeStateConflict('Only a draft can be deleted');
}
