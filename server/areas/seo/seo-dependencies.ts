import type { PlanId } from '../../../shared/plans.ts';
import type { Check } from '../../../shared/seo/check.ts';
import { checkCatalogue } from '../../../shared/seo/catalogue.ts';
import type { Database } from '../../db/database.ts';
import type { JobLog, JobQueue } from '../../jobs/job-queue.ts';
import { planLimitsOf } from '../shops/store-limit.ts';
import { shopOwnerOf } from '../shops/shop-owner.ts';

/**
 * What the SEO area's rules and jobs need. The owner's plan lives with the account area, which this
 * one has no arrow to: the composition root passes `accountPlanOf`.
 */
export interface SeoDependencies {
  db: Database;
  jobs: JobQueue;
  log: JobLog;
  /** The subscription plan of the account `ownerUid`. */
  accountPlanOf(ownerUid: string): Promise<string>;
  /** The checks the audit runs; the catalogue unless a test gives its own. */
  checks?: readonly Check[];
  /** Pages read per batch; default 2,000. */
  batchSize?: number;
}

export function checksOf(deps: Pick<SeoDependencies, 'checks'>): readonly Check[] {
  return deps.checks ?? checkCatalogue;
}

/** The plan of the store's owner, or undefined when the store is no longer connected. */
export async function storePlanOf(
  deps: Pick<SeoDependencies, 'db' | 'accountPlanOf'>,
  shopId: string,
): Promise<{ plan: PlanId; pagesAudited: number } | undefined> {
  const ownerUid = await shopOwnerOf(deps.db, shopId);
  if (ownerUid === undefined) return undefined;
  const { plan, limits } = planLimitsOf(await deps.accountPlanOf(ownerUid));
  return { plan, pagesAudited: limits.pagesAudited };
}
