import * as z from 'zod/mini';
import { planLimitNames } from '../billing.ts';
import { supportedLanguages } from '../constants.ts';
import { planIds } from '../plans.ts';
import { pageKinds, severities } from '../seo/check.ts';
import { limitUsageSchema } from './billing.ts';
import { publicationStates } from './blog.ts';
import { importProgressSchema, shopStateSchema } from './shops.ts';

/**
 * `GET /api/v1/dashboard`: what an owner sees first, built in one call. `checklist` ticks the way to
 * value from the account's real state; `store` is the chosen store's (`shopId`, or the first
 * store), null without a store.
 */

const languageSchema = z.enum(supportedLanguages);

export const dashboardQuerySchema = z.object({
  shopId: z.optional(z.uuid()),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const checklistSchema = z.object({
  emailVerified: z.boolean(),
  storeConnected: z.boolean(),
  auditRead: z.boolean(),
  fixApproved: z.boolean(),
  postPublished: z.boolean(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** One action of "fix next": a check failing on `pages` pages in a language. */
export const fixNextSchema = z.object({
  checkId: z.string(),
  severity: z.enum(severities),
  language: languageSchema,
  pages: z.number(),
  /** pages × the check's weight (shared/seo/scores.ts): how the actions are ranked. */
  weight: z.number(),
});
export type FixNext = z.infer<typeof fixNextSchema>;

export const translationDebtSchema = z.object({
  language: languageSchema,
  kinds: z.array(
    z.object({
      kind: z.enum(pageKinds),
      fields: z.number(),
      missing: z.number(),
      outdated: z.number(),
      sameAsSource: z.number(),
    }),
  ),
});
export type TranslationDebt = z.infer<typeof translationDebtSchema>;

export const changesSummarySchema = z.object({
  drafts: z.number(),
  writing: z.number(),
  conflicts: z.number(),
  /** Writes that failed in the last 30 days, by reason (an error code of shared/errors.ts). */
  failures: z.array(z.object({ errorCode: z.string(), count: z.number() })),
  /** Undos written in the last 7 days. */
  recentUndos: z.number(),
});
export type ChangesSummary = z.infer<typeof changesSummarySchema>;

const dashboardPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  state: z.enum(publicationStates),
  publishAt: z.nullable(z.string()),
  updatedAt: z.string(),
});

export const blogSummarySchema = z.object({
  timeZone: z.string(),
  drafts: z.number(),
  scheduled: z.array(dashboardPostSchema),
  recent: z.array(dashboardPostSchema),
  /** Posts with a link to a product deleted, renamed or off sale. */
  brokenLinks: z.array(dashboardPostSchema),
});
export type BlogSummary = z.infer<typeof blogSummarySchema>;

export const dashboardStoreSchema = z.object({
  shopId: z.string(),
  name: z.string(),
  sync: z.object({
    state: shopStateSchema,
    errorCode: z.nullable(z.string()),
    lastSyncedAt: z.nullable(z.string()),
    progress: z.nullable(importProgressSchema),
    paused: z.boolean(),
  }),
  auditing: z.boolean(),
  languages: z.array(
    z.object({
      language: languageSchema,
      score: z.nullable(z.number()),
      /** Since the previous recorded audit; null before a second one. */
      change: z.nullable(z.number()),
      trend: z.array(z.object({ at: z.string(), score: z.number() })),
    }),
  ),
  fixNext: z.array(fixNextSchema),
  translationDebt: z.nullable(translationDebtSchema),
  changes: changesSummarySchema,
  blog: blogSummarySchema,
});
export type DashboardStore = z.infer<typeof dashboardStoreSchema>;

export const dashboardSchema = z.object({
  data: z.object({
    checklist: checklistSchema,
    plan: z.enum(planIds),
    /**
     * The plan's limits near or reached (from 80 % of them), each with the cheapest plan that allows
     * more of it (null when none does): what the dashboard says the next plan would add.
     */
    nearLimits: z.array(
      z.object({ limit: z.enum(planLimitNames), plan: z.nullable(z.enum(planIds)) }),
    ),
    usage: z.object({
      stores: limitUsageSchema,
      pagesAudited: limitUsageSchema,
      postsThisMonth: limitUsageSchema,
      /** The first day of the store's next month (its time zone), when the posts' count starts again. */
      monthResetsOn: z.nullable(z.string()),
    }),
    store: z.nullable(dashboardStoreSchema),
  }),
});
export type Dashboard = z.infer<typeof dashboardSchema>['data'];
