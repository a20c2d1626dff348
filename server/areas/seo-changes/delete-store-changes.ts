import type { Database } from '#server/db/database.ts';
import * as changesRepository from './changes-repository.ts';

/**
 * Removes every change of a store, when the store is disconnected or Shopify asks for its data to be
 * erased: the composition root calls it where the catalog's copy and the audit are deleted.
 */
export async function deleteStoreChanges(db: Database, shopId: string): Promise<void> {
  await changesRepository.deleteShopChanges(db, shopId);
}
