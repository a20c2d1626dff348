import type { LeftOutPages, LeftOutPagesQuery } from '#shared/schemas/seo.ts';
import type { Database } from '#server/db/database.ts';
import { listPagesOutside } from '#server/areas/catalog/index.ts';
import * as seoRepository from './seo-repository.ts';

/**
 * The store's published pages the audit does not hold: past the plan's page limit, the pages the
 * last run left out (and any published since that waits for the next run), in the order the next
 * run past the limit would take them. Read from the store's copy against the audited pages, so
 * that it agrees with the audit as the webhooks keep it.
 */
export async function listLeftOutPages(
  db: Database,
  shopId: string,
  query: LeftOutPagesQuery,
): Promise<LeftOutPages> {
  const offset = query.offset ?? 0;
  const audited = await seoRepository.auditedPageIds(db, shopId);
  const { total, pages } = await listPagesOutside(db, shopId, audited, {
    offset,
    limit: query.limit ?? 50,
  });
  return { total, offset, pages };
}
