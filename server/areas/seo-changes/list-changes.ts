import { AppError } from '#shared/errors.ts';
import {
  batchPagesNamed,
  changeStates,
  type BatchList,
  type BatchListQuery,
  type ChangeList,
  type ChangeListQuery,
  type ChangeState,
} from '#shared/schemas/seo-changes.ts';
import type { Database } from '#server/db/database.ts';
import * as changesRepository from './changes-repository.ts';
import { accountNames } from '#server/areas/account/index.ts';
import { presentChanges } from './present-change.ts';

const defaultLimit = 50;
const defaultBatchLimit = 5;

/** `state=draft,conflict` as states; `invalid_state` for a name that is none. */
function statesOf(list: string | undefined): ChangeState[] | undefined {
  if (list === undefined || list.trim() === '') return undefined;
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.find((name) => !(changeStates as readonly string[]).includes(name));
  if (unknown !== undefined) {
    throw new AppError('invalid_state', 400, {
      field: 'state',
      message: `Not a change's state: ${unknown}`,
    });
  }
  return [...new Set(names)] as ChangeState[];
}

/** The store's changes, or one page's, newest first, with the counts by state. */
export async function listChanges(
  db: Database,
  shopId: string,
  query: ChangeListQuery,
): Promise<ChangeList> {
  const offset = query.offset ?? 0;
  const states = statesOf(query.state);
  const { total, rows, counts } = await changesRepository.listChanges(db, shopId, {
    ...(query.page !== undefined && { pageGid: `gid://shopify/${query.page}` }),
    ...(states !== undefined && { states }),
    offset,
    limit: query.limit ?? defaultLimit,
  });
  return {
    total,
    offset,
    counts: Object.fromEntries(
      changeStates.map((state) => [state, counts.get(state) ?? 0]),
    ) as ChangeList['counts'],
    changes: await presentChanges(db, rows),
  };
}

/** The store's latest batches, newest first, each with its figures over all its changes. */
export async function listBatches(
  db: Database,
  shopId: string,
  query: BatchListQuery,
): Promise<BatchList> {
  const rows = await changesRepository.latestBatches(
    db,
    shopId,
    query.limit ?? defaultBatchLimit,
    batchPagesNamed,
  );
  const approvers = rows.flatMap((row) => (row.approvedBy === null ? [] : [row.approvedBy]));
  const names =
    approvers.length === 0 ? new Map<string, string>() : await accountNames(db, approvers);
  return {
    batches: rows.map((row) => ({
      batchId: row.batchId,
      approvedAt: row.approvedAt.toISOString(),
      approvedBy: row.approvedBy === null ? null : (names.get(row.approvedBy) ?? null),
      changes: [...row.counts.values()].reduce((sum, value) => sum + value, 0),
      counts: Object.fromEntries(
        changeStates.map((state) => [state, row.counts.get(state) ?? 0]),
      ) as BatchList['batches'][number]['counts'],
      undoable: row.undoable,
      isUndo: row.isUndo,
      pageCount: row.pageCount,
      pages: row.pages.map((page) => ({ pageId: page.pageGid, pageTitle: page.pageTitle })),
    })),
  };
}
