/**
 * What the seo area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { auditStoresAfterUpgrade } from './audit-after-upgrade.ts';
export { hasFinishedAudit } from './audit-finished.ts';
export { pagesCoveredByLastAudits } from './audited-page-count.ts';
export { deleteStoreAudit } from './delete-store-audit.ts';
export { listLeftOutPages } from './list-left-out-pages.ts';
export { listSeoPages } from './list-seo-pages.ts';
export { readSeoOverview, readStoreScores, type StoreScores } from './read-seo-overview.ts';
export { readSeoPage } from './read-seo-page.ts';
export { scoreChangeOf } from './score-trend.ts';
export type { SeoDependencies } from './seo-dependencies.ts';
export { startSeoJobs } from './seo-jobs.ts';
export { queuePageAudit } from './seo-page-audit-job.ts';
export { requireManualAuditCooldownOver, startAudit } from './start-audit.ts';
