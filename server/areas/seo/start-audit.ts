import { AppError } from '#shared/errors.ts';
import type { AuditRun } from '#shared/schemas/seo.ts';
import type { Database } from '#server/db/database.ts';
import { requireActiveStore } from '#server/areas/shops/index.ts';
import { seoAuditJob } from './seo-audit-job.ts';
import { presentRun } from './present-audit.ts';
import { storePlanOf, type SeoDependencies } from './seo-dependencies.ts';
import * as seoRepository from './seo-repository.ts';
import type { AuditTrigger } from './tables.ts';

/**
 * How long after a manual audit of a store ended well the owner waits before asking for another:
 * a full audit reads the whole store, and the changes made meanwhile are audited as they arrive.
 */
export const manualAuditCooldownSeconds = 5 * 60;

/**
 * Refuses a manual audit asked for within manualAuditCooldownSeconds of the last one that ended
 * well (`rate_limited`, 429, with the seconds left). A run queued or under way is never refused:
 * the request joins it.
 */
export async function requireManualAuditCooldownOver(db: Database, shopId: string): Promise<void> {
  const secondsLeft = await seoRepository.manualRunCooldownLeft(
    db,
    shopId,
    manualAuditCooldownSeconds,
  );
  if (secondsLeft === undefined) return;
  throw new AppError('rate_limited', 429, {
    message: `This store was audited a moment ago; audit it again in ${secondsLeft} seconds`,
    retryAfterSeconds: secondsLeft,
  });
}

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
