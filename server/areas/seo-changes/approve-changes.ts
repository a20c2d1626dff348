import { randomUUID } from 'node:crypto';
import type { BatchView } from '#shared/schemas/seo-changes.ts';
import { recordStoreActivity } from '#server/areas/shops/index.ts';
import { changeNotFound, changeStateConflict, isChangeId } from './change-errors.ts';
import * as changesRepository from './changes-repository.ts';
import { presentChanges } from './present-change.ts';
import { queueApprovedBatch } from './queue-batch.ts';
import type { SeoChangesDependencies } from './seo-changes-dependencies.ts';
import { requireWritableStore } from './writable-store.ts';

/**
 * Approves drafts together, as one batch, and queues their write (202). All or nothing: every id
 * must be a draft of this store (`change_not_found` for an id the store does not have,
 * `change_state_conflict` for a change that is no draft any more), or nothing is approved. A store
 * its owner's plan pauses is written nothing (`plan_limit_reached`, limit `stores`).
 */
export async function approveChanges(
  deps: Pick<SeoChangesDependencies, 'db' | 'jobs'>,
  shopId: string,
  uid: string,
  changeIds: readonly string[],
): Promise<BatchView> {
  await requireWritableStore(deps.db, shopId);
  const ids = [...new Set(changeIds)];
  if (!ids.every(isChangeId)) throw changeNotFound();
  const batchId = randomUUID();
  await deps.db.transaction(async (tx) => {
    const locked = await changesRepository.lockChanges(tx, shopId, ids);
    if (locked.length !== ids.length) throw changeNotFound();
    if (locked.some((change) => change.state !== 'draft')) {
      throw changeStateConflict('Only drafts can be approved');
    }
    await changesRepository.approveDrafts(tx, ids, { batchId, approvedBy: uid });
    await recordStoreActivity(tx, shopId, {
      kind: 'changes.approved',
      actor: 'owner',
      details: { count: ids.length },
    });
  });
  await queueApprovedBatch(deps, shopId, batchId);
  const changes = await changesRepository.findChanges(deps.db, shopId, ids);
  return { batchId, changes: await presentChanges(deps.db, changes) };
}
