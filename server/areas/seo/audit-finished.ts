import type { Database } from '#server/db/database.ts';
import { anyAuditFinished } from './seo-repository.ts';

/** Whether the owner has a finished audit of one of their stores to read (the dashboard's checklist). */
export async function hasFinishedAudit(db: Database, shopIds: readonly string[]): Promise<boolean> {
  return anyAuditFinished(db, shopIds);
}
