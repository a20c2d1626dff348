import type { PlanLimitName } from '#shared/billing.ts';
import type { PlanId } from '#shared/plans.ts';
import type { LimitUsage } from '#shared/schemas/billing.ts';
import type { Dashboard, DashboardStore, FixNext } from '#shared/schemas/dashboard.ts';
import { severityWeights } from '#shared/seo/scores.ts';
import type { Database } from '#server/db/database.ts';
import { planLifting, planLimitsOf } from '#server/areas/billing/index.ts';
import {
  hasPublishedPost,
  postsCountedThisMonth,
  summariseBlog,
} from '#server/areas/blog/index.ts';
import {
  hasFinishedAudit,
  pagesCoveredByLastAudits,
  readStoreScores,
  scoreChangeOf,
  type StoreScores,
} from '#server/areas/seo/index.ts';
import { hasApprovedChange, summariseChanges } from '#server/areas/seo-changes/index.ts';
import {
  listShopConnections,
  type ShopCatalog,
  type ShopConnection,
} from '#server/areas/shops/index.ts';

/** How many audits the trend shows. */
export const trendShown = 12;
/** How many actions "fix next" proposes. */
export const fixNextShown = 5;
/** A limit counts as near from this share of it used: the dashboard names the plan lifting it. */
export const limitNearShare = 0.8;

export interface DashboardDependencies {
  db: Database;
  catalog: Pick<ShopCatalog, 'states'>;
}

/**
 * The owner's dashboard in one call: the way to value ticked from the account's real state, the plan's
 * usage, and the chosen store (`shopId`, or the owner's first) summed up from each area's own reads.
 * A store of another owner is not found: the first store is shown instead.
 */
export async function readDashboard(
  deps: DashboardDependencies,
  caller: { uid: string; emailVerified: boolean },
  shopId: string | undefined,
  now = new Date(),
): Promise<Dashboard> {
  const { db } = deps;
  const { shops, plan } = await listShopConnections(deps, caller.uid);
  const shopIds = shops.map((shop) => shop.id);
  const [auditRead, fixApproved, postPublished, pagesAudited, posts] = await Promise.all([
    hasFinishedAudit(db, shopIds),
    hasApprovedChange(db, shopIds),
    hasPublishedPost(db, shopIds),
    pagesCoveredByLastAudits(db, shopIds),
    postsCountedThisMonth(db, shopIds, now),
  ]);
  const { limits } = planLimitsOf(plan);
  const usage = {
    stores: { used: shops.length, limit: limits.stores },
    pagesAudited: { used: pagesAudited, limit: limits.pagesAudited },
    postsThisMonth: { used: posts.used, limit: limits.blogPostsPerMonth },
  };
  const chosen = shops.find((shop) => shop.id === shopId) ?? shops[0];
  return {
    checklist: {
      emailVerified: caller.emailVerified,
      storeConnected: shops.length > 0,
      auditRead,
      fixApproved,
      postPublished,
    },
    plan,
    nearLimits: nearLimitsOf(plan, usage),
    usage: { ...usage, monthResetsOn: posts.resetsOn },
    store: chosen === undefined ? null : await readDashboardStore(db, chosen),
  };
}

/** The usage's names of the plan's limits. */
const limitNames = {
  stores: 'stores',
  pagesAudited: 'pagesAudited',
  postsThisMonth: 'blogPostsPerMonth',
} as const satisfies Record<string, PlanLimitName>;

/**
 * The plan's limits used to `limitNearShare` or beyond, each with the cheapest plan that allows
 * more than the owner's does (Pro audits more pages than Free, but connects no more stores).
 */
function nearLimitsOf(
  plan: PlanId,
  usage: Record<keyof typeof limitNames, LimitUsage>,
): Dashboard['nearLimits'] {
  return (Object.keys(limitNames) as Array<keyof typeof limitNames>)
    .filter((id) => {
      const { used, limit } = usage[id];
      return limit !== null && used >= limit * limitNearShare;
    })
    .map((id) => ({
      limit: limitNames[id],
      plan: planLifting(limitNames[id], plan, usage[id].limit! + 1) ?? null,
    }));
}

/**
 * One store summed up as the dashboard shows it; the weekly summary mails the same, store by store.
 */
export async function readDashboardStore(
  db: Database,
  shop: ShopConnection,
): Promise<DashboardStore> {
  const [{ scores, translationDebt }, changes, blog] = await Promise.all([
    readStoreScores(db, shop.id),
    summariseChanges(db, shop.id),
    summariseBlog(db, shop.id),
  ]);
  return {
    shopId: shop.id,
    name: shop.name ?? shop.shopDomain,
    sync: {
      state: shop.state,
      errorCode: shop.errorCode,
      lastSyncedAt: shop.lastSyncedAt,
      progress: shop.progress,
      paused: shop.paused,
    },
    auditing: scores.lastRun?.state === 'queued' || scores.lastRun?.state === 'running',
    languages: scores.languages.map((language) => ({
      language: language.language,
      score: language.score,
      change: scoreChangeOf(language),
      trend: language.trend.slice(-trendShown),
    })),
    fixNext: fixNextOf(scores),
    translationDebt,
    changes,
    blog,
  };
}

/**
 * The actions that gain the store the most score: each failing check of a language, weighed by the
 * pages it fails on times what it takes from each (shared/seo/scores.ts).
 */
export function fixNextOf(scores: Pick<StoreScores, 'languages'>): FixNext[] {
  return scores.languages
    .flatMap((language) =>
      language.findingsByCheck.map((check) => ({
        checkId: check.checkId,
        severity: check.severity,
        language: language.language,
        pages: check.pages,
        weight: check.pages * severityWeights[check.severity],
      })),
    )
    .sort(
      (a, b) =>
        b.weight - a.weight ||
        a.checkId.localeCompare(b.checkId) ||
        a.language.localeCompare(b.language),
    )
    .slice(0, fixNextShown);
}
