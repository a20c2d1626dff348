import * as z from 'zod/mini';
import { defineJob } from '#server/jobs/job-queue.ts';
import { storePlanOf, type SeoDependencies } from './seo-dependencies.ts';
import * as seoRepository from './seo-repository.ts';
import { startAudit } from './start-audit.ts';

/**
 * The weekly audit of the stores whose owner's plan includes it (every plan but Free, which audits on
 * demand only). A store its owner's plan pauses is skipped, and logged; so is a store whose run
 * fails to queue; the others go on.
 */
export const seoWeeklyAuditJob = defineJob({
  name: 'seo-weekly-audits',
  payload: z.object({}),
  retry: { limit: 2, delaySeconds: 300, backoff: true },
  retentionDays: 2,
  concurrency: 1,
  singletonKey: () => 'every-store',
  schedule: { cron: '23 4 * * 1', payload: {} },
  async handle(_run, deps: SeoDependencies) {
    for (const shopId of await seoRepository.findAuditedShopIds(deps.db)) {
      try {
        const plan = await storePlanOf(deps, shopId);
        if (plan === undefined || !weeklyAuditPlans.includes(plan.plan)) continue;
        if (plan.paused) {
          deps.log.info({ shopId }, 'weekly seo audit skipped: the store is paused by its plan');
          continue;
        }
        await startAudit(deps, shopId, 'weekly');
      } catch (error) {
        deps.log.warn({ err: error, shopId }, 'weekly seo audit not queued');
      }
    }
  },
});

/** The plans whose stores are audited every week. */
export const weeklyAuditPlans: readonly string[] = ['pro', 'business'];
