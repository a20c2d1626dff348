import type { Database } from '#server/db/database.ts';
import * as seoRepository from './seo-repository.ts';

/**
 * Removes everything the audit keeps of a store, when the store is disconnected or Shopify asks for
 * its data to be erased: the composition root calls it where the catalog's copy is deleted.
 */
export async function deleteStoreAudit(db: Database, shopId: string): Promise<void> {
  await seoRepository.deleteShopAudit(db, shopId);
}
