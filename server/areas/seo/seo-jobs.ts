import type { SeoDependencies } from './seo-dependencies.ts';
import { seoAuditJob } from './seo-audit-job.ts';
import { seoPageAuditJob } from './seo-page-audit-job.ts';
import { seoWeeklyAuditJob } from './seo-weekly-audit-job.ts';
import { storefrontPassJob } from './storefront-pass-job.ts';

/**
 * Puts the SEO area's jobs to work in this process: full runs, changed pages, the weekly sweep, the
 * storefront passes.
 */
export async function startSeoJobs(deps: SeoDependencies): Promise<void> {
  await deps.jobs.work(seoAuditJob, deps);
  await deps.jobs.work(seoPageAuditJob, deps);
  await deps.jobs.work(seoWeeklyAuditJob, deps);
  await deps.jobs.work(storefrontPassJob, deps);
}
