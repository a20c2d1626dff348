import type { Database } from '#server/db/database.ts';
import * as seoRepository from './seo-repository.ts';

/**
 * How close the owner's stores are to the plan's page limit, which applies to each store's audit:
 * the pages the last finished audit of each store covered, the most of them. The billing overview
 * shows it against the limit.
 */
export async function pagesCoveredByLastAudits(
  db: Database,
  shopIds: readonly string[],
): Promise<number> {
  return seoRepository.mostPagesOfLastRuns(db, shopIds);
}
