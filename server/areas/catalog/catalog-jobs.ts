import type { CatalogDependencies } from './catalog-dependencies.ts';
import { catalogImportJob } from './catalog-import-job.ts';
import { catalogReconcileJob } from './catalog-reconcile-job.ts';

/** Puts the catalog's jobs to work in this process: the stores' imports and reconciliations. */
export async function startCatalogJobs(deps: CatalogDependencies): Promise<void> {
  await deps.jobs.work(catalogImportJob, deps);
  await deps.jobs.work(catalogReconcileJob, deps);
}
