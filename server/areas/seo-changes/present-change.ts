import type { Language } from '#shared/constants.ts';
import type { ChangeView } from '#shared/schemas/seo-changes.ts';
import type { PageKind } from '#shared/seo/check.ts';
import type { Database } from '#server/db/database.ts';
import { accountNames } from '#server/areas/account/index.ts';
import type { ChangeRow } from './changes-repository.ts';

/**
 * Changes as the API describes them, each approver named as the account area names people (an
 * account deleted since is named by nobody: null).
 */
export async function presentChanges(
  db: Database,
  rows: readonly ChangeRow[],
): Promise<ChangeView[]> {
  const approvers = rows.flatMap((row) => (row.approvedBy === null ? [] : [row.approvedBy]));
  const names =
    approvers.length === 0 ? new Map<string, string>() : await accountNames(db, approvers);
  return rows.map((row) => presentChange(row, names));
}

export function presentChange(row: ChangeRow, names: ReadonlyMap<string, string>): ChangeView {
  return {
    id: row.id,
    batchId: row.batchId,
    pageId: row.pageGid,
    pageKind: row.pageKind as PageKind,
    pageTitle: row.pageTitle,
    language: row.language as Language,
    field: row.field,
    targetId: row.targetId,
    value: row.value,
    baseValue: row.baseValue,
    previousValue: row.state === 'applied' || row.state === 'undone' ? row.previousValue : null,
    shopifyValue: row.state === 'conflict' ? row.shopifyValue : null,
    state: row.state,
    errorCode: row.state === 'failed' ? row.errorCode : null,
    undoOf: row.undoOf,
    createdAt: row.createdAt.toISOString(),
    approvedAt: row.approvedAt === null ? null : row.approvedAt.toISOString(),
    approvedBy: row.approvedBy === null ? null : (names.get(row.approvedBy) ?? null),
    appliedAt: row.appliedAt === null ? null : row.appliedAt.toISOString(),
    undoable: row.state === 'applied' && row.undoOf === null && !row.undoPending,
  };
}
