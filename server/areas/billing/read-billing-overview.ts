import type { BillingOverview, BillingStore, Subscription } from '#shared/schemas/billing.ts';
import type { Database } from '#server/db/database.ts';
import { planLimitsOf } from './plan-limits.ts';
import { planStateOf, type PlanState } from './plan-state.ts';

/** What other areas measure against the plan's limits; the API gathers it from them. */
export interface UsageFigures {
  /** The owner's connected stores, those beyond the plan's limit paused. */
  stores: readonly BillingStore[];
  /** The most pages the last audit of one of the stores covered: the limit is per store. */
  pagesAudited: number;
  /** Posts published this calendar month. */
  blogPostsThisMonth: number;
}

/** The plan in force now, the subscription behind it, and the usage against each of its limits. */
export async function readBillingOverview(
  db: Database,
  uid: string,
  usage: UsageFigures,
  now = new Date(),
): Promise<BillingOverview> {
  return presentBillingOverview(await planStateOf(db, uid, now), usage);
}

function presentBillingOverview(state: PlanState, usage: UsageFigures): BillingOverview {
  const { limits } = planLimitsOf(state.plan);
  return {
    plan: state.plan,
    subscription: presentSubscription(state),
    usage: {
      stores: { used: usage.stores.length, limit: limits.stores },
      pagesAudited: { used: usage.pagesAudited, limit: limits.pagesAudited },
      blogPostsThisMonth: { used: usage.blogPostsThisMonth, limit: limits.blogPostsPerMonth },
    },
    stores: [...usage.stores],
    storesPaused: usage.stores.filter((store) => store.paused).length,
  };
}

function presentSubscription({ subscription, graceEndsAt }: PlanState): Subscription | null {
  if (subscription === null) return null;
  return {
    plan: subscription.plan,
    interval: subscription.interval,
    status: subscription.status,
    currentPeriodEnd: subscription.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    discountedPriceCents: subscription.discountedPriceCents,
    pastDueSince: subscription.pastDueSince?.toISOString() ?? null,
    graceEndsAt: graceEndsAt?.toISOString() ?? null,
  };
}
