import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { ChangeState, EditableField } from '#shared/schemas/seo-changes.ts';
import type { Database, Queryable, Transaction } from '#server/db/database.ts';
import { seoChanges } from './tables.ts';

/** The SEO changes' reads and writes. */

/** A change as stored. */
export type StoredChange = typeof seoChanges.$inferSelect;

/** A change as listed: stored, and whether an undo of it is on its way. */
export type ChangeRow = StoredChange & {
  /** An undo of this change is approved or in conflict: undo is not offered again meanwhile. */
  undoPending: boolean;
};

/** The states of a change still on its way: approved and waiting for its write, or in conflict. */
export const pendingStates: readonly ChangeState[] = ['approved', 'conflict'];

const undoPending = sql<boolean>`exists (
  select 1 from seo_changes as undo
  where undo.undo_of = ${seoChanges.id} and undo.state in ('approved', 'conflict'))`;

const changeColumns = { ...getTableColumns(seoChanges), undoPending };

async function selectChanges(db: Queryable, where: SQL | undefined): Promise<ChangeRow[]> {
  return db
    .select(changeColumns)
    .from(seoChanges)
    .where(where)
    .orderBy(asc(seoChanges.createdAt), asc(seoChanges.id));
}

export async function findChange(
  db: Queryable,
  shopId: string,
  changeId: string,
): Promise<ChangeRow | undefined> {
  const [row] = await selectChanges(
    db,
    and(eq(seoChanges.shopId, shopId), eq(seoChanges.id, changeId)),
  );
  return row;
}

export async function findChanges(
  db: Queryable,
  shopId: string,
  changeIds: readonly string[],
): Promise<ChangeRow[]> {
  if (changeIds.length === 0) return [];
  return selectChanges(
    db,
    and(eq(seoChanges.shopId, shopId), inArray(seoChanges.id, [...changeIds])),
  );
}

/** What a draft is made of. */
export interface DraftInput {
  shopId: string;
  pageGid: string;
  pageKind: string;
  pageTitle: string;
  language: string;
  locale: string | null;
  field: EditableField;
  targetId: string;
  value: string;
  baseValue: string | null;
  createdBy: string;
}

/** The store's change `changeId`, while it is in `state`: what a transition may update. */
function storeChangeIn(shopId: string, changeId: string, state: ChangeState) {
  return and(
    eq(seoChanges.shopId, shopId),
    eq(seoChanges.id, changeId),
    eq(seoChanges.state, state),
  );
}

/**
 * Saves the draft, replacing the value of the one of the same page, language, field and target if
 * any, whose base it keeps.
 */
export async function saveDraft(db: Database, draft: DraftInput): Promise<ChangeRow> {
  const [saved] = await db
    .insert(seoChanges)
    .values({ ...draft, state: 'draft' })
    .onConflictDoUpdate({
      target: [
        seoChanges.shopId,
        seoChanges.pageGid,
        seoChanges.language,
        seoChanges.field,
        seoChanges.targetId,
      ],
      targetWhere: sql`${seoChanges.state} = 'draft'`,
      // The base stays the value the draft was first made from: the copy may have taken an edit
      // made in Shopify's admin since, which a write from a base read now would overwrite unseen.
      set: {
        value: draft.value,
        pageTitle: draft.pageTitle,
        locale: draft.locale,
        createdBy: draft.createdBy,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: seoChanges.id });
  return (await findChange(db, draft.shopId, saved!.id))!;
}

/** Deletes a draft; false when the change is no draft (any more). */
export async function deleteDraft(db: Database, shopId: string, changeId: string) {
  const deleted = await db
    .delete(seoChanges)
    .where(storeChangeIn(shopId, changeId, 'draft'))
    .returning({ id: seoChanges.id });
  return deleted.length > 0;
}

export interface ChangeFilter {
  pageGid?: string;
  states?: readonly ChangeState[];
  offset: number;
  limit: number;
}

/** The store's changes (or a page's), newest first, and how many there are in each state. */
export async function listChanges(
  db: Database,
  shopId: string,
  filter: ChangeFilter,
): Promise<{ total: number; rows: ChangeRow[]; counts: Map<ChangeState, number> }> {
  const scope = and(
    eq(seoChanges.shopId, shopId),
    filter.pageGid === undefined ? undefined : eq(seoChanges.pageGid, filter.pageGid),
  );
  const where =
    filter.states === undefined ? scope : and(scope, inArray(seoChanges.state, [...filter.states]));
  const [rows, byState] = await Promise.all([
    db
      .select(changeColumns)
      .from(seoChanges)
      .where(where)
      .orderBy(desc(seoChanges.createdAt), desc(seoChanges.id))
      .offset(filter.offset)
      .limit(filter.limit),
    db
      .select({ state: seoChanges.state, count: count() })
      .from(seoChanges)
      .where(scope)
      .groupBy(seoChanges.state),
  ]);
  const counts = new Map(byState.map((row) => [row.state, row.count]));
  const total =
    filter.states === undefined
      ? [...counts.values()].reduce((sum, value) => sum + value, 0)
      : filter.states.reduce((sum, state) => sum + (counts.get(state) ?? 0), 0);
  return { total, rows, counts };
}

/** A batch as the store's latest batches give it: its figures, and its first pages by title. */
export interface BatchRow {
  batchId: string;
  approvedAt: Date;
  approvedBy: string | null;
  counts: Map<ChangeState, number>;
  undoable: number;
  isUndo: boolean;
  pageCount: number;
  pages: Array<{ pageGid: string; pageTitle: string }>;
}

/** The store's latest batches, newest first, each counted whole. */
export async function latestBatches(
  db: Database,
  shopId: string,
  limit: number,
  pagesNamed: number,
): Promise<BatchRow[]> {
  const { rows: batches } = await db.execute<{
    batch_id: string;
    approved_at: Date | string;
    approved_by: string | null;
    counts: Record<string, number>;
    undoable: number;
    is_undo: boolean;
    page_count: number;
  }>(sql`
    with batch as (
      select batch_id, min(approved_at) as approved_at, min(approved_by) as approved_by,
        bool_or(undo_of is not null) as is_undo, count(distinct page_gid)::int as page_count,
        count(*) filter (where state = 'applied' and undo_of is null and not exists (
          select 1 from seo_changes as undo
          where undo.undo_of = seo_changes.id and undo.state in ('approved', 'conflict'))
        )::int as undoable
      from seo_changes
      where shop_id = ${shopId} and batch_id is not null and state <> 'draft'
      group by batch_id
      order by min(approved_at) desc, batch_id
      limit ${limit}
    )
    select batch.*, (
      select jsonb_object_agg(state, n) from (
        select state, count(*)::int as n from seo_changes
        where shop_id = ${shopId} and seo_changes.batch_id = batch.batch_id group by state
      ) as by_state
    ) as counts
    from batch
    order by approved_at desc, batch_id`);
  if (batches.length === 0) return [];
  const { rows: pages } = await db.execute<{
    batch_id: string;
    page_gid: string;
    page_title: string;
  }>(sql`
    select batch_id, page_gid, page_title from (
      select batch_id, page_gid, min(page_title) as page_title,
        row_number() over (partition by batch_id order by min(page_title), page_gid) as rank
      from seo_changes
      where shop_id = ${shopId}
        and batch_id in (${sql.join(
          batches.map((batch) => sql`${batch.batch_id}::uuid`),
          sql`, `,
        )})
      group by batch_id, page_gid
    ) as named
    where rank <= ${pagesNamed}
    order by batch_id, rank`);
  return batches.map((batch) => ({
    batchId: batch.batch_id,
    approvedAt: new Date(batch.approved_at),
    approvedBy: batch.approved_by,
    counts: new Map(Object.entries(batch.counts) as Array<[ChangeState, number]>),
    undoable: batch.undoable,
    isUndo: batch.is_undo,
    pageCount: batch.page_count,
    pages: pages
      .filter((page) => page.batch_id === batch.batch_id)
      .map((page) => ({ pageGid: page.page_gid, pageTitle: page.page_title })),
  }));
}

/** A page's drafts and pending changes, oldest first. */
export async function openChangesOfPage(
  db: Database,
  shopId: string,
  pageGid: string,
): Promise<ChangeRow[]> {
  return selectChanges(
    db,
    and(
      eq(seoChanges.shopId, shopId),
      eq(seoChanges.pageGid, pageGid),
      inArray(seoChanges.state, ['draft', ...pendingStates]),
    ),
  );
}

/** Locks these changes of the store until the transaction ends, and answers them. */
export async function lockChanges(
  tx: Transaction,
  shopId: string,
  changeIds: readonly string[],
): Promise<StoredChange[]> {
  if (changeIds.length === 0) return [];
  return tx
    .select()
    .from(seoChanges)
    .where(and(eq(seoChanges.shopId, shopId), inArray(seoChanges.id, [...changeIds])))
    .for('update');
}

/** Approves drafts (already locked and checked) as one batch. */
export async function approveDrafts(
  tx: Transaction,
  changeIds: readonly string[],
  approval: { batchId: string; approvedBy: string },
): Promise<void> {
  await tx
    .update(seoChanges)
    .set({
      state: 'approved',
      batchId: approval.batchId,
      approvedBy: approval.approvedBy,
      approvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(seoChanges.id, [...changeIds]), eq(seoChanges.state, 'draft')));
}

/**
 * A batch whose job could not be queued goes back to drafts, so that nothing waits for a job that
 * will never come. What cannot become a draft again fails instead (`code`): an undo, and a change
 * whose field has a newer draft meanwhile (one draft per field).
 */
export async function withdrawBatch(db: Database, batchId: string, code: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      update seo_changes as change set state = 'draft', batch_id = null, approved_by = null,
        approved_at = null, updated_at = now()
      where change.batch_id = ${batchId} and change.state = 'approved' and change.undo_of is null
        and not exists (
          select 1 from seo_changes as draft
          where draft.shop_id = change.shop_id and draft.page_gid = change.page_gid
            and draft.language = change.language and draft.field = change.field
            and draft.target_id = change.target_id and draft.state = 'draft')`);
    await tx
      .update(seoChanges)
      .set({ state: 'failed', errorCode: code, updatedAt: sql`now()` })
      .where(and(eq(seoChanges.batchId, batchId), eq(seoChanges.state, 'approved')));
  });
}

/** A conflict approved again, its base now Shopify's value, in a batch of its own. */
export async function approveAgain(
  db: Database,
  shopId: string,
  changeId: string,
  approval: { batchId: string; approvedBy: string },
): Promise<boolean> {
  const updated = await db
    .update(seoChanges)
    .set({
      state: 'approved',
      baseValue: sql`${seoChanges.shopifyValue}`,
      shopifyValue: null,
      errorCode: null,
      sentAt: null,
      previousValue: null,
      batchId: approval.batchId,
      approvedBy: approval.approvedBy,
      approvedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(storeChangeIn(shopId, changeId, 'conflict'))
    .returning({ id: seoChanges.id });
  return updated.length > 0;
}

/** A conflict settled in favour of Shopify's value. */
export async function discardConflict(
  db: Database,
  shopId: string,
  changeId: string,
): Promise<boolean> {
  const updated = await db
    .update(seoChanges)
    .set({ state: 'discarded', updatedAt: sql`now()` })
    .where(storeChangeIn(shopId, changeId, 'conflict'))
    .returning({ id: seoChanges.id });
  return updated.length > 0;
}

/** The applied changes of a batch that may be undone: not undos, not undone, no undo pending. */
export async function undoableChangesOfBatch(
  tx: Transaction,
  shopId: string,
  batchId: string,
): Promise<StoredChange[]> {
  return tx
    .select()
    .from(seoChanges)
    .where(
      and(
        eq(seoChanges.shopId, shopId),
        eq(seoChanges.batchId, batchId),
        eq(seoChanges.state, 'applied'),
        isNull(seoChanges.undoOf),
        sql`not ${undoPending}`,
      ),
    )
    .orderBy(asc(seoChanges.createdAt), asc(seoChanges.id))
    .for('update');
}

/**
 * The translations of a primary text's change applied in its batch that may be undone (not undos,
 * not undone, no undo pending), locked: undoing the primary text undoes them with it.
 */
export async function translationsAppliedWith(
  tx: Transaction,
  original: StoredChange,
): Promise<StoredChange[]> {
  if (original.batchId === null || original.locale !== null) return [];
  return tx
    .select()
    .from(seoChanges)
    .where(
      and(
        eq(seoChanges.shopId, original.shopId),
        eq(seoChanges.batchId, original.batchId),
        eq(seoChanges.pageGid, original.pageGid),
        eq(seoChanges.field, original.field),
        eq(seoChanges.targetId, original.targetId),
        isNotNull(seoChanges.locale),
        eq(seoChanges.state, 'applied'),
        isNull(seoChanges.undoOf),
        sql`not ${undoPending}`,
      ),
    )
    .orderBy(asc(seoChanges.createdAt), asc(seoChanges.id))
    .for('update');
}

/** Whether the store has any change in this batch. */
export async function batchExists(db: Queryable, shopId: string, batchId: string) {
  const [row] = await db
    .select({ id: seoChanges.id })
    .from(seoChanges)
    .where(and(eq(seoChanges.shopId, shopId), eq(seoChanges.batchId, batchId)))
    .limit(1);
  return row !== undefined;
}

/** Whether an undo of the change is approved or in conflict. */
export async function hasPendingUndo(tx: Transaction, changeId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: seoChanges.id })
    .from(seoChanges)
    .where(and(eq(seoChanges.undoOf, changeId), inArray(seoChanges.state, [...pendingStates])))
    .limit(1);
  return row !== undefined;
}

/** Inserts approved changes (undos) as one batch; answers their ids in order. */
export async function insertApproved(
  tx: Transaction,
  changes: ReadonlyArray<
    Omit<DraftInput, 'createdBy'> & { undoOf: string; batchId: string; approvedBy: string }
  >,
): Promise<string[]> {
  if (changes.length === 0) return [];
  const now = new Date();
  const inserted = await tx
    .insert(seoChanges)
    .values(
      changes.map((change, index) => ({
        ...change,
        createdBy: change.approvedBy,
        state: 'approved' as const,
        approvedAt: now,
        // Distinct times keep the batch's order (writes go oldest first).
        createdAt: new Date(now.getTime() + index),
      })),
    )
    .returning({ id: seoChanges.id });
  return inserted.map((row) => row.id);
}

// The write job's steps --------------------------------------------------------------------------

/**
 * The batch's changes still waiting for their write: the primary language's first (a translation is
 * registered against the primary text's digest, which a write of that text in the same batch
 * changes), then in the order they were made.
 */
export async function approvedChangesOfBatch(
  db: Database,
  shopId: string,
  batchId: string,
): Promise<StoredChange[]> {
  return db
    .select()
    .from(seoChanges)
    .where(
      and(
        eq(seoChanges.shopId, shopId),
        eq(seoChanges.batchId, batchId),
        eq(seoChanges.state, 'approved'),
      ),
    )
    .orderBy(sql`${seoChanges.locale} is not null`, asc(seoChanges.createdAt), asc(seoChanges.id));
}

/**
 * Whether a translation of the batch waits on its primary text: a change of that text approved in
 * an earlier batch of the store and not written yet (a bulk edit approved in chunks, the primary
 * language's first, whose writes may run in any order). Strictly earlier, so that two batches never
 * wait on each other.
 */
export async function awaitsEarlierPrimaryText(
  db: Database,
  shopId: string,
  batchId: string,
): Promise<boolean> {
  const { rows } = await db.execute<{ waits: boolean }>(sql`
    select exists (
      select 1 from seo_changes translation
      join seo_changes source on source.shop_id = translation.shop_id
        and source.page_gid = translation.page_gid and source.field = translation.field
        and source.target_id = translation.target_id and source.locale is null
        and source.state = 'approved' and source.batch_id <> translation.batch_id
        and source.approved_at < translation.approved_at
      where translation.shop_id = ${shopId} and translation.batch_id = ${batchId}
        and translation.state = 'approved' and translation.locale is not null
    ) as waits`);
  return rows[0]?.waits === true;
}

/**
 * The batches (of every store, or of `shopId`) with changes approved before `before` and still
 * waiting for their write: what a write job never queued (the process stopped between the approval
 * and the queueing) would leave.
 */
export async function batchesWaitingSince(
  db: Database,
  before: Date,
  shopId?: string,
): Promise<Array<{ shopId: string; batchId: string }>> {
  const rows = await db
    .selectDistinct({ shopId: seoChanges.shopId, batchId: seoChanges.batchId })
    .from(seoChanges)
    .where(
      and(
        eq(seoChanges.state, 'approved'),
        sql`${seoChanges.approvedAt} < ${before}`,
        shopId === undefined ? undefined : eq(seoChanges.shopId, shopId),
      ),
    );
  return rows.flatMap(({ shopId, batchId }) => (batchId === null ? [] : [{ shopId, batchId }]));
}

/**
 * Fails the changes (of every store, or of `shopId`) sent before `before` and still waiting for
 * Shopify's confirmation (`write_unconfirmed`); answers how many.
 */
export async function failUnconfirmedSentBefore(
  db: Database,
  before: Date,
  shopId?: string,
): Promise<number> {
  const failed = await db
    .update(seoChanges)
    .set({ state: 'failed', errorCode: 'write_unconfirmed', updatedAt: sql`now()` })
    .where(
      and(
        eq(seoChanges.state, 'approved'),
        sql`${seoChanges.sentAt} < ${before}`,
        shopId === undefined ? undefined : eq(seoChanges.shopId, shopId),
      ),
    )
    .returning({ id: seoChanges.id });
  return failed.length;
}

/** The write is about to be sent: remembers the value it replaces. */
export async function markSent(
  db: Database,
  changeId: string,
  previousValue: string | null,
): Promise<void> {
  await db
    .update(seoChanges)
    .set({ previousValue, sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(seoChanges.id, changeId), eq(seoChanges.state, 'approved')));
}

/** Shopify holds the change's value; an undo that is applied makes its original `undone`. */
export async function markApplied(
  db: Database,
  change: { id: string; undoOf: string | null },
  previousValue: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const applied = await tx
      .update(seoChanges)
      .set({
        state: 'applied',
        previousValue,
        shopifyValue: null,
        errorCode: null,
        appliedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(seoChanges.id, change.id), eq(seoChanges.state, 'approved')))
      .returning({ id: seoChanges.id });
    if (applied.length > 0 && change.undoOf !== null) {
      await tx
        .update(seoChanges)
        .set({ state: 'undone', updatedAt: sql`now()` })
        .where(and(eq(seoChanges.id, change.undoOf), eq(seoChanges.state, 'applied')));
    }
  });
}

export async function markConflict(
  db: Database,
  changeId: string,
  shopifyValue: string | null,
): Promise<void> {
  await db
    .update(seoChanges)
    .set({ state: 'conflict', shopifyValue, updatedAt: sql`now()` })
    .where(and(eq(seoChanges.id, changeId), eq(seoChanges.state, 'approved')));
}

/** Fails one change, or with `changeId` undefined every change of the batch still waiting. */
export async function markFailed(
  db: Database,
  where: { changeId: string } | { batchId: string },
  errorCode: string,
  options: { unsentOnly?: boolean } = {},
): Promise<void> {
  await db
    .update(seoChanges)
    .set({ state: 'failed', errorCode, updatedAt: sql`now()` })
    .where(
      and(
        'changeId' in where
          ? eq(seoChanges.id, where.changeId)
          : eq(seoChanges.batchId, where.batchId),
        eq(seoChanges.state, 'approved'),
        options.unsentOnly === true ? isNull(seoChanges.sentAt) : undefined,
      ),
    );
}

// Deletion -----------------------------------------------------------------------------------

export async function deleteShopChanges(db: Database, shopId: string): Promise<void> {
  await db.delete(seoChanges).where(eq(seoChanges.shopId, shopId));
}

/** The changes a user made or approved. */
export async function deleteUserChanges(db: Database, uid: string): Promise<void> {
  await db
    .delete(seoChanges)
    .where(or(eq(seoChanges.createdBy, uid), eq(seoChanges.approvedBy, uid)));
}

/** The counts behind the dashboard's summary of a store's changes (changes-summary.ts). */
export async function countChangesForSummary(
  db: Database,
  shopId: string,
  since: { failuresSince: Date; undosSince: Date },
): Promise<{
  drafts: number;
  writing: number;
  conflicts: number;
  failures: Array<{ errorCode: string; count: number }>;
  recentUndos: number;
}> {
  const { rows } = await db.execute<{
    drafts: number;
    writing: number;
    conflicts: number;
    undos: number;
  }>(sql`
    select
      count(*) filter (where state = 'draft')::int as drafts,
      count(*) filter (where state = 'approved')::int as writing,
      count(*) filter (where state = 'conflict')::int as conflicts,
      count(*) filter (where state = 'applied' and undo_of is not null
        and applied_at >= ${since.undosSince.toISOString()})::int as undos
    from seo_changes where shop_id = ${shopId}`);
  const failures = await db.execute<{ errorCode: string; count: number }>(sql`
    select coalesce(error_code, 'internal_error') as "errorCode", count(*)::int as count
    from seo_changes
    where shop_id = ${shopId} and state = 'failed'
      and updated_at >= ${since.failuresSince.toISOString()}
    group by 1 order by 2 desc, 1`);
  const row = rows[0];
  return {
    drafts: row?.drafts ?? 0,
    writing: row?.writing ?? 0,
    conflicts: row?.conflicts ?? 0,
    failures: failures.rows,
    recentUndos: row?.undos ?? 0,
  };
}

/** Whether any change of the stores was ever approved (the dashboard's checklist). */
export async function anyChangeApproved(
  db: Database,
  shopIds: readonly string[],
): Promise<boolean> {
  if (shopIds.length === 0) return false;
  const [row] = await db
    .select({ id: seoChanges.id })
    .from(seoChanges)
    .where(and(inArray(seoChanges.shopId, [...shopIds]), isNotNull(seoChanges.approvedAt)))
    .limit(1);
  return row !== undefined;
}
