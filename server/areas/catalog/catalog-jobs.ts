import type { CatalogDependencies } from './catalog-dependencies.ts';
import { catalogImportJob, resumeAbandonedImports } from './catalog-import-job.ts';
import { catalogReconcileJob } from './catalog-reconcile-job.ts';

/**
 * Puts the catalog's jobs to work in this process (the stores' imports and reconciliations), then
 * queues again the imports that a worker which died left unfinished, so that they resume now rather
 * than when their job expires.
 */
export async function startCatalogJobs(deps: CatalogDependencies): Promise<void> {
  await deps.jobs.work(catalogImportJob, deps);
  await deps.jobs.work(catalogReconcileJob, deps);
  await resumeAbandonedImports(deps);
}
