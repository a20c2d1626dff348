import * as z from 'zod/mini';
import { defineJob } from '#server/jobs/job-queue.ts';
import { auditChangedPages, type PageAuditCause } from './audit-changed-pages.ts';
import type { SeoDependencies } from './seo-dependencies.ts';

/** Pages that changed in a store's copy, audited again within seconds (audit-changed-pages.ts). */
export const seoPageAuditJob = defineJob({
  name: 'seo-page-audit',
  payload: z.object({
    shopId: z.uuid(),
    gids: z.array(z.string().check(z.maxLength(200))).check(z.minLength(1), z.maxLength(1000)),
    /** Absent from the jobs queued before it was added: they came from Shopify's webhooks. */
    cause: z.optional(z.enum(['store-changed', 'written'])),
  }),
  retry: { limit: 3, delaySeconds: 5, backoff: true },
  retentionDays: 1,
  concurrency: 2,
  pollingIntervalSeconds: 0.5,
  async handle(run, deps: SeoDependencies) {
    const { shopId, gids, cause } = run.payload;
    const outcome = await auditChangedPages(deps, shopId, gids, cause);
    if (outcome !== 'not audited') deps.log.info({ shopId, ...outcome }, 'seo pages audited again');
  },
});

/** Queues the audit of pages that changed, in chunks the job's payload allows. */
export async function queuePageAudit(
  deps: Pick<SeoDependencies, 'jobs'>,
  shopId: string,
  gids: readonly string[],
  cause: PageAuditCause,
): Promise<void> {
  for (let start = 0; start < gids.length; start += 1000) {
    await deps.jobs.send(seoPageAuditJob, { shopId, gids: gids.slice(start, start + 1000), cause });
  }
}
