import { sql } from 'drizzle-orm';
import { AppError } from '#shared/errors.ts';
import type { PageKind } from '#shared/seo/check.ts';
import { withOwnConnection, type Database } from '#server/db/database.ts';
import type { AdminClient } from '#server/platform/shopify/admin-client.ts';
import { recordStoreActivity, recordStoreEvent } from '#server/areas/shops/index.ts';
import {
  readSeoField,
  SeoFieldWriteRefused,
  writeSeoField,
  type SeoFieldAddress,
} from '#server/platform/shopify/seo-fields.ts';
import {
  recordSeoText,
  recordTranslationOutdated,
  translatedLocalesOf,
} from '#server/areas/catalog/index.ts';
import * as changesRepository from './changes-repository.ts';
import { requireWritableStore } from './writable-store.ts';
import type { SeoChangesDependencies } from './seo-changes-dependencies.ts';

/**
 * Writing an approved batch to Shopify, never blind: each change reads Shopify's value first.
 *
 * - The page or image is gone: the change fails (`page_removed`), nothing written.
 * - Shopify already holds the change's value: applied without a write. This is also how an attempt
 *   that follows one which died after its write finds it: the value it replaced was recorded before
 *   the write was sent (`sent_at`), and is kept.
 * - Shopify holds something else than the value the owner edited from: a conflict, nothing written;
 *   the change keeps both values and the owner chooses (resolve-conflict.ts).
 * - Otherwise the value is written; the change is applied, with the value it replaced.
 *
 * The batch's primary texts are written before their translations (changes-repository.ts
 * `approvedChangesOfBatch`), so that a translation of a field the page had no primary text in is
 * registered against the text just written, whose digest it reads back from Shopify; a translation
 * whose primary text in the batch ended otherwise than applied is not written
 * (`translation_source_not_written`).
 *
 * Shopify refusing a write as stale (its value or the source text moved on between the read and the
 * write) has the change read and judged again, once. Shopify refusing a value fails that change only
 * (`shopify_rejected_value`, `translation_source_missing`, `page_removed`). Shopify refusing the store's access fails what is
 * left of the batch with that code: retrying cannot help. Shopify unavailable fails the attempt,
 * which the job retries; what was applied stays applied, the rest is tried again.
 *
 * Each value found or written is recorded in the store's copy at once, and the batch's pages are
 * audited again, so that their findings follow within seconds. An undo of a primary text also
 * reads back, from Shopify, whether each translation of it is outdated now (it was registered
 * against the text undone) and records that, so that the owner sees it: a translation written in
 * the undone batch is undone with it instead, after it (undo-changes.ts).
 *
 * One batch of a store is written at a time, whatever the number of workers: the writer holds the
 * store's advisory lock on a connection of its own, through which its every write goes, so that one
 * which lost its connection (and so its lock) writes nothing more.
 */

/** How a change ended its write. */
type ChangeOutcome = 'applied' | 'conflict' | 'failed';

export interface BatchOutcome {
  applied: number;
  conflicts: number;
  failed: number;
}

/**
 * Shopify refused the store's access, or the owner's plan pauses the store: no change of the batch
 * can be written.
 */
const refusedAccessCodes = new Set([
  'shop_needs_reconnecting',
  'shopify_refused',
  'plan_limit_reached',
]);

/** A value and none are the same to Shopify's storefront: an empty text is no text. */
function sameText(a: string | null, b: string | null): boolean {
  return (a ?? '') === (b ?? '');
}

const lockKey = (shopId: string) => sql`hashtextextended('seo-changes:' || ${shopId}::text, 0)`;

/**
 * Writes what is left of the batch; `busy` when another batch of the store is being written, or one
 * approved before it holds the primary text of one of its translations, still to be written (nothing
 * was done), `gone` when the store is no longer connected.
 */
export async function writeBatch(
  deps: SeoChangesDependencies,
  shopId: string,
  batchId: string,
): Promise<BatchOutcome | 'busy' | 'gone'> {
  return withOwnConnection(deps.db, async (connection) => {
    const { rows } = await connection.execute<{ locked: boolean }>(
      sql`select pg_try_advisory_lock(${lockKey(shopId)}) as locked`,
    );
    if (rows[0]?.locked !== true) return 'busy';
    try {
      return await writeLockedBatch(deps, connection, shopId, batchId);
    } finally {
      // A connection that cannot give the lock back is closed (withOwnConnection), which does.
      await connection.execute(sql`select pg_advisory_unlock(${lockKey(shopId)})`).catch(() => {});
    }
  });
}

async function writeLockedBatch(
  deps: SeoChangesDependencies,
  db: Database,
  shopId: string,
  batchId: string,
): Promise<BatchOutcome | 'busy' | 'gone'> {
  // A translation is registered against its primary text: one approved in an earlier batch is
  // written first, whichever job runs first.
  if (await changesRepository.awaitsEarlierPrimaryText(db, shopId, batchId)) return 'busy';
  const changes = await changesRepository.approvedChangesOfBatch(db, shopId, batchId);
  const outcome: BatchOutcome = { applied: 0, conflicts: 0, failed: 0 };
  if (changes.length === 0) return outcome;
  const pagesRecorded = new Set<string>();
  try {
    // The owner's plan may have paused the store since the approval: nothing is written to it.
    await requireWritableStore(db, shopId);
    const client = await deps.adminClient(shopId);
    // The primary texts of the batch that were not written: their translations are not either.
    const unwrittenTexts = new Set<string>();
    for (const change of changes) {
      const ended = unwrittenTexts.has(textKey(change))
        ? await failTranslationOfUnwrittenText(db, change)
        : await writeChange(db, client, shopId, change);
      if (change.locale === null && ended !== 'applied') unwrittenTexts.add(textKey(change));
      if (ended === 'applied') outcome.applied += 1;
      else if (ended === 'conflict') outcome.conflicts += 1;
      else outcome.failed += 1;
      if (ended !== 'failed') pagesRecorded.add(change.pageGid);
    }
  } catch (error) {
    if (error instanceof AppError && error.code === 'shop_not_found') return 'gone';
    if (!(error instanceof AppError && refusedAccessCodes.has(error.code))) throw error;
    await changesRepository.markFailed(db, { batchId }, error.code);
    outcome.failed += changes.length - outcome.applied - outcome.conflicts - outcome.failed;
  } finally {
    if (pagesRecorded.size > 0) await tellPagesWritten(deps, shopId, [...pagesRecorded]);
  }
  await recordBatchOutcome(db, shopId, changes, outcome);
  await recordBatchEvents(db, shopId, changes, outcome);
  return outcome;
}

/** Tells the owner's open screens what became of the batch: written (or undone), failed, or both. */
async function recordBatchEvents(
  db: Database,
  shopId: string,
  changes: readonly changesRepository.StoredChange[],
  outcome: BatchOutcome,
): Promise<void> {
  if (outcome.applied + outcome.conflicts > 0) {
    const undone = changes.every((change) => change.undoOf !== null);
    await recordStoreEvent(db, shopId, undone ? 'seo-change.undone' : 'seo-change.written');
  }
  if (outcome.failed > 0) await recordStoreEvent(db, shopId, 'seo-change.failed');
}

/**
 * The batch's writes in the owner's timeline: how many Shopify took, how many failed. An undo's
 * batch was recorded when the owner asked for it (undo-changes.ts).
 */
async function recordBatchOutcome(
  db: Database,
  shopId: string,
  changes: readonly { undoOf: string | null }[],
  outcome: BatchOutcome,
): Promise<void> {
  if (changes.some((change) => change.undoOf !== null)) return;
  if (outcome.applied > 0) {
    await recordStoreActivity(db, shopId, {
      kind: 'changes.written',
      actor: 'vitrine',
      details: { count: outcome.applied },
    });
  }
  if (outcome.failed > 0) {
    await recordStoreActivity(db, shopId, {
      kind: 'changes.failed',
      actor: 'vitrine',
      details: { count: outcome.failed },
    });
  }
}

/** The text a change writes, whatever its language: a page's field (an image's, for an alt text). */
const textKey = (change: changesRepository.StoredChange) =>
  `${change.pageGid} ${change.field} ${change.targetId}`;

/**
 * A translation whose primary text the batch was to write first, and did not (a conflict, or a
 * value Shopify refused): it is not written, whether the field had a primary text or not, since it
 * translates the text the owner approved, not the one Shopify holds
 * (`translation_source_not_written`). The owner settles the primary text, then approves it again.
 */
async function failTranslationOfUnwrittenText(
  db: Database,
  change: changesRepository.StoredChange,
): Promise<ChangeOutcome> {
  await changesRepository.markFailed(db, { changeId: change.id }, 'translation_source_not_written');
  return 'failed';
}

async function writeChange(
  db: Database,
  client: AdminClient,
  shopId: string,
  change: changesRepository.StoredChange,
): Promise<ChangeOutcome> {
  const address: SeoFieldAddress = {
    kind: change.pageKind as PageKind,
    resourceGid: change.pageGid,
    field: change.field,
    targetId: change.targetId,
    locale: change.locale,
  };
  const record = (value: string | null, sourceDigest: string | null) =>
    recordSeoText(
      db,
      shopId,
      {
        pageGid: change.pageGid,
        field: change.field,
        targetId: change.targetId,
        locale: change.locale,
      },
      value,
      sourceDigest,
    );

  // Shopify refuses a write whose digest its value or source text moved past between the read and
  // the write (an edit in its admin meanwhile): the change is then read and judged again, once.
  for (let attempt = 1; ; attempt++) {
    const current = await readSeoField(client, address);
    if (current.missing) {
      await changesRepository.markFailed(db, { changeId: change.id }, 'page_removed');
      return 'failed';
    }
    if (sameText(current.value, change.value)) {
      // Written by an earlier attempt (which recorded what it replaced), or already Shopify's value.
      const previous = change.sentAt === null ? current.value : change.previousValue;
      await record(current.value, current.sourceDigest);
      await settleTranslationsOfUndo(db, client, shopId, change, address);
      await changesRepository.markApplied(db, change, previous);
      return 'applied';
    }
    if (!sameText(current.value, change.baseValue)) {
      await changesRepository.markConflict(db, change.id, current.value);
      // The copy learns Shopify's value, which the owner sees beside their own.
      await record(current.value, current.sourceDigest);
      return 'conflict';
    }
    await changesRepository.markSent(db, change.id, current.value);
    let written: string | null;
    try {
      written = await writeSeoField(client, address, change.value, current);
    } catch (error) {
      if (!(error instanceof SeoFieldWriteRefused)) throw error;
      if (attempt === 1 && isStale(error)) continue;
      await changesRepository.markFailed(db, { changeId: change.id }, error.code);
      return 'failed';
    }
    // Marked applied last: whoever reads the change applied reads the copy, and the state of the
    // text's translations after an undo, as they now are. A stop before that finds the text written
    // on the next attempt (above), which records it again.
    await record(written, current.sourceDigest);
    await settleTranslationsOfUndo(db, client, shopId, change, address);
    await changesRepository.markApplied(db, change, current.value);
    return 'applied';
  }
}

/**
 * After an undo of a primary text is applied: each translation of it the copy holds is read from
 * Shopify, and whether it is outdated now recorded in the copy. A translation registered against the
 * text undone is outdated (the page detail and the audit say so, and the owner translates again);
 * one registered against the text restored is current again. Translations written in the undone
 * batch are not among them by then only if their own undos follow in this batch, which records them
 * as current when written.
 */
async function settleTranslationsOfUndo(
  db: Database,
  client: AdminClient,
  shopId: string,
  change: changesRepository.StoredChange,
  address: SeoFieldAddress,
): Promise<void> {
  if (change.undoOf === null || change.locale !== null) return;
  const text = { pageGid: change.pageGid, field: change.field, targetId: change.targetId };
  // Shopify translates a collection's or an article's image alt text nowhere (seo-fields.ts).
  if (change.field === 'imageAlt' && address.kind !== 'product') return;
  for (const locale of await translatedLocalesOf(db, shopId, text)) {
    const translation = await readSeoField(client, { ...address, locale });
    if (translation.missing || translation.outdated === undefined) continue;
    await recordTranslationOutdated(db, shopId, { ...text, locale }, translation.outdated);
  }
}

/** Shopify's refusals of a write made from a value or source text it no longer holds. */
const staleCodes = new Set(['STALE_OBJECT', 'INVALID_TRANSLATABLE_CONTENT']);

function isStale(error: SeoFieldWriteRefused): boolean {
  return error.userErrors.some((userError) => staleCodes.has(userError.code ?? ''));
}

/**
 * Tells the listener (the audit) which pages changed, without letting its failure fail the batch:
 * Shopify and the copy hold the values whatever the listener does.
 */
async function tellPagesWritten(
  deps: SeoChangesDependencies,
  shopId: string,
  gids: string[],
): Promise<void> {
  if (deps.onPagesWritten === undefined) return;
  try {
    await deps.onPagesWritten(shopId, gids);
  } catch (error) {
    deps.log.warn({ err: error, shopId }, 'the audit of written pages could not be queued');
  }
}
