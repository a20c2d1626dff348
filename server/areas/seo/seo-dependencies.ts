import type { PlanId } from '#shared/plans.ts';
import type { Check } from '#shared/seo/check.ts';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import type { Database } from '#server/db/database.ts';
import type { JobLog, JobQueue } from '#server/jobs/job-queue.ts';
import type { StorefrontFetcher } from '#server/platform/storefront/storefront-fetcher.ts';
import { planLimitsOf } from '#server/areas/billing/index.ts';
import { shopOwnerOf, storeActivityOf } from '#server/areas/shops/index.ts';

/** What the SEO area's rules and jobs need. */
export interface SeoDependencies {
  db: Database;
  jobs: JobQueue;
  log: JobLog;
  /** The checks the audit runs; the catalogue unless a test gives its own. */
  checks?: readonly Check[];
  /** Pages read per batch; default 2,000. */
  batchSize?: number;
  /**
   * The stores' storefronts, which the storefront pass reads (a fetcher per pass, so that each
   * reads robots.txt anew). Without it, a full audit queues no pass.
   */
  storefront?: { openFetcher(): StorefrontFetcher };
  /** Pages a storefront pass fetches; default storefrontPagesPerPass (run-storefront-pass.ts). */
  storefrontPagesPerPass?: number;
}

export function checksOf(deps: Pick<SeoDependencies, 'checks'>): readonly Check[] {
  return deps.checks ?? checkCatalogue;
}

/** What the owner's plan, as billing says it applies now, grants the store. */
export interface StorePlan {
  /** The store's owner, whose plan this is. */
  ownerUid: string;
  plan: PlanId;
  pagesAudited: number;
  /** Beyond the stores the plan allows: not audited until the plan allows it again. */
  paused: boolean;
  /** The owner's stores, paused ones included: what a plan lifting the pause must allow. */
  storesConnected: number;
}

/** The plan of the store's owner, or undefined when the store is no longer connected. */
export async function storePlanOf(
  deps: Pick<SeoDependencies, 'db'>,
  shopId: string,
): Promise<StorePlan | undefined> {
  const ownerUid = await shopOwnerOf(deps.db, shopId);
  if (ownerUid === undefined) return undefined;
  const activity = await storeActivityOf(deps.db, ownerUid);
  return {
    ownerUid,
    plan: activity.plan,
    pagesAudited: planLimitsOf(activity.plan).limits.pagesAudited,
    paused: activity.paused.has(shopId),
    storesConnected: activity.connected,
  };
}
