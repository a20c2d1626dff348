import { activeStoreIdsOf } from '#server/areas/shops/index.ts';
import type { SeoDependencies } from './seo-dependencies.ts';
import * as seoRepository from './seo-repository.ts';
import { startAudit } from './start-audit.ts';

/**
 * Audits again, at once, the owner's active stores that were audited before, once their plan reads
 * more pages (billing says when): an owner who upgraded sees the pages the new plan allows rather
 * than the old limit's until the next weekly audit. A store never audited gets its first audit from
 * its import, and so does a store being imported again (`reimported`: its copy held only part of
 * the store, and the audit follows the import's end). A store whose run fails to queue is logged;
 * the others go on.
 */
export async function auditStoresAfterUpgrade(
  deps: Pick<SeoDependencies, 'db' | 'jobs' | 'log'>,
  ownerUid: string,
  reimported: ReadonlySet<string> = new Set(),
): Promise<void> {
  const stores = (await activeStoreIdsOf(deps.db, ownerUid)).filter(
    (shopId) => !reimported.has(shopId),
  );
  for (const shopId of await seoRepository.auditedShopIdsAmong(deps.db, stores)) {
    try {
      await startAudit(deps, shopId, 'upgrade');
    } catch (error) {
      deps.log.warn({ err: error, shopId }, 'seo audit after an upgrade not queued');
    }
  }
}
