import { randomUUID } from 'node:crypto';
import type { ChangeView, ResolveBody } from '#shared/schemas/seo-changes.ts';
import { recordStoreActivity } from '#server/areas/shops/index.ts';
import { changeNotFound, changeStateConflict, isChangeId } from './change-errors.ts';
import * as changesRepository from './changes-repository.ts';
import { presentChanges } from './present-change.ts';
import { queueApprovedBatch } from './queue-batch.ts';
import type { SeoChangesDependencies } from './seo-changes-dependencies.ts';
import { requireWritableStore } from './writable-store.ts';

/**
 * The owner's answer to a conflict. Keeping Shopify's value discards the change. Keeping theirs
 * approves the change again, in a batch of its own, with Shopify's value as the value it now
 * replaces: written as any change, after reading Shopify's value, which must still be that one.
 */
export async function resolveConflict(
  deps: Pick<SeoChangesDependencies, 'db' | 'jobs'>,
  shopId: string,
  uid: string,
  changeId: string,
  keep: ResolveBody['keep'],
): Promise<ChangeView> {
  if (!isChangeId(changeId)) throw changeNotFound();
  let resolved: boolean;
  if (keep === 'shopify') {
    resolved = await changesRepository.discardConflict(deps.db, shopId, changeId);
  } else {
    await requireWritableStore(deps.db, shopId);
    const batchId = randomUUID();
    resolved = await changesRepository.approveAgain(deps.db, shopId, changeId, {
      batchId,
      approvedBy: uid,
    });
    if (resolved) await queueApprovedBatch(deps, shopId, batchId);
  }
  const change = await changesRepository.findChange(deps.db, shopId, changeId);
  if (change === undefined) throw changeNotFound();
  if (!resolved) throw changeStateConflict('Only a change in conflict can be resolved');
  await recordStoreActivity(deps.db, shopId, {
    kind: 'conflict.settled',
    actor: 'owner',
    details: { kept: keep === 'shopify' ? 'shopify' : 'vitrine' },
  });
  const [view] = await presentChanges(deps.db, [change]);
  return view!;
}
