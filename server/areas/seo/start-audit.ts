import type { AuditRun } from '../../../shared/schemas/seo.ts';
import { requireActiveStore } from '../shops/store-limit.ts';
import { seoAuditJob } from './seo-audit-job.ts';
import { presentRun } from './present-audit.ts';
import { storePlanOf, type SeoDependencies } from './seo-dependencies.ts';
import * as seoRepository from './seo-repository.ts';
import type { AuditTrigger } from './tables.ts';

/**
 * Queues a full audit of the store with its owner's page limit, unless one is queued or under way:
 * then answers that one (one run at a time per store), and whether it queued a new one. Undefined
 * when the store is not connected; `plan_limit_reached` (limit `stores`) when its owner's plan
 * pauses it.
 */
export async function startAudit(
  deps: Pick<SeoDependencies, 'db' | 'jobs'>,
  shopId: string,
  trigger: AuditTrigger,
): Promise<{ run: AuditRun; queued: boolean } | undefined> {
  const plan = await storePlanOf(deps, shopId);
  if (plan === undefined) return undefined;
  await requireActiveStore(deps.db, plan.ownerUid, shopId);
  const { run, queued } = await seoRepository.queueRun(deps.db, shopId, trigger, plan.pagesAudited);
  if (queued) {
    try {
      await deps.jobs.send(seoAuditJob, { runId: run.id });
    } catch (error) {
      // Not queued after all: the run must not hold the store's place.
      await deps.db.transaction((tx) => seoRepository.finishRun(tx, run, { state: 'failed' }));
      throw error;
    }
  }
  return { run: presentRun(run), queued };
}
