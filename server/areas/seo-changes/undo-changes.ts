import { randomUUID } from 'node:crypto';
import type { BatchView } from '#shared/schemas/seo-changes.ts';
import type { Transaction } from '#server/db/database.ts';
import { recordStoreActivity } from '#server/areas/shops/index.ts';
import { changeNotFound, changeStateConflict, isChangeId } from './change-errors.ts';
import * as changesRepository from './changes-repository.ts';
import { presentChanges } from './present-change.ts';
import { queueApprovedBatch } from './queue-batch.ts';
import type { SeoChangesDependencies } from './seo-changes-dependencies.ts';
import { requireWritableStore } from './writable-store.ts';

/**
 * Undo writes back the value an applied change replaced, through the same path as any change: each
 * undo is a change of its own (`undoOf` naming the original), approved by the caller in a new batch,
 * written after reading Shopify's value, which must still be the one applied, or the undo is a
 * conflict. When the undo is applied, the original becomes `undone`. An undo is not undone itself,
 * and a change whose undo is on its way is not undone twice. A value replaced that was none is
 * written back as an empty text, which clears the field.
 *
 * A translation is never left translating a text that is gone (docs/decisions/0018-seo-changes.md):
 * undoing a primary text undoes with it the translations of that text applied in the same batch
 * (the write job writes the primary text first, so each is registered against the text restored);
 * a translation written in another batch stays, and the write job records whether Shopify now holds
 * it as outdated (write-changes.ts), which the page's detail and the audit show the owner.
 */

function insertUndos(
  tx: Transaction,
  originals: readonly changesRepository.StoredChange[],
  uid: string,
  batchId: string,
): Promise<string[]> {
  return changesRepository.insertApproved(
    tx,
    originals.map((original) => ({
      shopId: original.shopId,
      pageGid: original.pageGid,
      pageKind: original.pageKind,
      pageTitle: original.pageTitle,
      language: original.language,
      locale: original.locale,
      field: original.field,
      targetId: original.targetId,
      value: original.previousValue ?? '',
      baseValue: original.value,
      undoOf: original.id,
      batchId,
      approvedBy: uid,
    })),
  );
}

/**
 * Undoes one applied change, and the translations of its text applied in its batch when it is a
 * primary text (202 with the undos' batch).
 */
export async function undoChange(
  deps: Pick<SeoChangesDependencies, 'db' | 'jobs'>,
  shopId: string,
  uid: string,
  changeId: string,
): Promise<BatchView> {
  if (!isChangeId(changeId)) throw changeNotFound();
  await requireWritableStore(deps.db, shopId);
  const batchId = randomUUID();
  const ids = await deps.db.transaction(async (tx) => {
    const [original] = await changesRepository.lockChanges(tx, shopId, [changeId]);
    if (original === undefined) throw changeNotFound();
    if (original.state !== 'applied' || original.undoOf !== null) {
      throw changeStateConflict('Only an applied change that is no undo can be undone');
    }
    if (await changesRepository.hasPendingUndo(tx, original.id)) {
      throw changeStateConflict('This change is being undone already');
    }
    const translations = await changesRepository.translationsAppliedWith(tx, original);
    await recordUndo(tx, shopId, 1 + translations.length);
    return insertUndos(tx, [original, ...translations], uid, batchId);
  });
  await queueApprovedBatch(deps, shopId, batchId);
  return {
    batchId,
    changes: await presentChanges(
      deps.db,
      await changesRepository.findChanges(deps.db, shopId, ids),
    ),
  };
}

/** Undoes every applied change of a batch not undone yet (202 with the undos' batch). */
export async function undoBatch(
  deps: Pick<SeoChangesDependencies, 'db' | 'jobs'>,
  shopId: string,
  uid: string,
  batchId: string,
): Promise<BatchView> {
  if (!isChangeId(batchId)) throw changeNotFound();
  await requireWritableStore(deps.db, shopId);
  const undoBatchId = randomUUID();
  const ids = await deps.db.transaction(async (tx) => {
    if (!(await changesRepository.batchExists(tx, shopId, batchId))) throw changeNotFound();
    const locked = await changesRepository.undoableChangesOfBatch(tx, shopId, batchId);
    // An undo of one change committed while this waited for its lock is not seen by the select
    // that took it: each is asked again, now that it is locked.
    const originals = [];
    for (const change of locked) {
      if (!(await changesRepository.hasPendingUndo(tx, change.id))) originals.push(change);
    }
    if (originals.length === 0) {
      throw changeStateConflict('This batch has no applied change left to undo');
    }
    await recordUndo(tx, shopId, originals.length);
    return insertUndos(tx, originals, uid, undoBatchId);
  });
  await queueApprovedBatch(deps, shopId, undoBatchId);
  return {
    batchId: undoBatchId,
    changes: await presentChanges(
      deps.db,
      await changesRepository.findChanges(deps.db, shopId, ids),
    ),
  };
}

/** The owner's undo in their timeline, when asked: its write follows as any other. */
async function recordUndo(tx: Transaction, shopId: string, count: number): Promise<void> {
  await recordStoreActivity(tx, shopId, {
    kind: 'changes.undone',
    actor: 'owner',
    details: { count },
  });
}
