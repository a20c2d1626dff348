import type { ChangesSummary } from '#shared/schemas/dashboard.ts';
import type { Database } from '#server/db/database.ts';
import { anyChangeApproved, countChangesForSummary } from './changes-repository.ts';

/** How far back the dashboard looks for failed writes and for undos. */
export const summaryWindows = { failuresDays: 30, undosDays: 7 } as const;

/**
 * The store's SEO changes as the dashboard sums them up: drafts waiting for approval, writes on
 * their way, conflicts waiting for the owner, recent failures by reason, recent undos.
 */
export async function summariseChanges(
  db: Database,
  shopId: string,
  now = new Date(),
): Promise<ChangesSummary> {
  const day = 24 * 60 * 60 * 1000;
  return countChangesForSummary(db, shopId, {
    failuresSince: new Date(now.getTime() - summaryWindows.failuresDays * day),
    undosSince: new Date(now.getTime() - summaryWindows.undosDays * day),
  });
}

/** Whether the owner ever approved a change of one of their stores (the dashboard's checklist). */
export async function hasApprovedChange(
  db: Database,
  shopIds: readonly string[],
): Promise<boolean> {
  return anyChangeApproved(db, shopIds);
}
