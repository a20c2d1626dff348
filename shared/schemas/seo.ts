import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';
import { pageKinds, severities } from '../seo/check.ts';
import { editableFieldSchema } from './seo-changes.ts';

/**
 * The SEO audit's contract: the API validates and answers with these schemas, the client parses the
 * answers with them. Every route hangs from the store: `/api/v1/shops/:shopId/seo…`. Scores are
 * integers from 0 to 100 (the formula: docs/seo-scores.md); a language the store does not publish
 * has no score (null).
 */

const languageSchema = z.enum(supportedLanguages);
const pageKindSchema = z.enum(pageKinds);
const severitySchema = z.enum(severities);

/** Scores by language; null where the store does not publish the language or nothing was audited. */
export const languageScoresSchema = z.object({
  en: z.nullable(z.number()),
  fr: z.nullable(z.number()),
});
export type LanguageScores = z.infer<typeof languageScoresSchema>;

export const findingSchema = z.object({
  checkId: z.string(),
  severity: severitySchema,
  language: languageSchema,
  field: z.optional(z.string()),
  measured: z.optional(z.union([z.number(), z.string()])),
  threshold: z.optional(z.union([z.number(), z.string()])),
  excerpt: z.optional(z.string()),
  /** A storefront check's finding: the address the storefront pass fetched. */
  url: z.optional(z.string()),
  /**
   * A duplicate check's finding in a page's detail: the other pages that share the value, the
   * first 20 by title (`measured` counts them all, this page included).
   */
  samePages: z.optional(
    z.array(
      z.object({ id: z.string(), kind: pageKindSchema, title: z.string(), handle: z.string() }),
    ),
  ),
  /**
   * With `samePages`: how many other pages share the value, named or not, among those the audit
   * has a result for (`measured` may count a page whose result is gone).
   */
  samePagesTotal: z.optional(z.number()),
});
export type FindingView = z.infer<typeof findingSchema>;

/**
 * An audit run: `trigger` says what started it; `progress` counts pages while it runs. Past the
 * plan's page limit, `pagesLeftOut` says how many pages the audit did not read.
 */
export const auditRunSchema = z.object({
  id: z.string(),
  trigger: z.enum(['import', 'manual', 'weekly', 'upgrade']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  startedAt: z.string(),
  finishedAt: z.nullable(z.string()),
  progress: z.object({ done: z.number(), total: z.number() }),
  pagesAudited: z.number(),
  pagesLeftOut: z.number(),
  pageLimit: z.number(),
});
export type AuditRun = z.infer<typeof auditRunSchema>;

/** The overview of one language. */
export const languageOverviewSchema = z.object({
  language: languageSchema,
  score: z.nullable(z.number()),
  /** The store's score at the end of each finished run, oldest first (at most the last 26). */
  trend: z.array(z.object({ at: z.string(), score: z.number() })),
  findingsBySeverity: z.object({ error: z.number(), warning: z.number(), info: z.number() }),
  /** Pages with at least one finding of the check, by check, most pages first. */
  findingsByCheck: z.array(
    z.object({ checkId: z.string(), severity: severitySchema, pages: z.number() }),
  ),
});
export type LanguageOverview = z.infer<typeof languageOverviewSchema>;

/** The pages most in need of work: lowest score in any language first. */
export const pageSummarySchema = z.object({
  id: z.string(),
  kind: pageKindSchema,
  title: z.string(),
  handle: z.string(),
  scores: languageScoresSchema,
  findings: z.object({ error: z.number(), warning: z.number(), info: z.number() }),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/**
 * `GET /api/v1/shops/:shopId/seo`: the store's audit side by side in its languages. `lastRun` is
 * null before the first audit; `languages` lists the audited languages, the primary one first.
 * Translation coverage counts the translatable fields of the non-primary language.
 */
export const seoOverviewSchema = z.object({
  data: z.object({
    shopId: z.string(),
    primaryLanguage: z.nullable(languageSchema),
    lastRun: z.nullable(auditRunSchema),
    languages: z.array(languageOverviewSchema),
    translationCoverage: z.nullable(
      z.object({
        language: languageSchema,
        fields: z.number(),
        translated: z.number(),
        outdated: z.number(),
        sameAsSource: z.number(),
      }),
    ),
    worstPages: z.array(pageSummarySchema),
    /**
     * How much of the store the storefront passes have covered: audited pages read at least once,
     * of all audited pages; pages whose last fetch could not reach the store; and when a page was
     * last fetched (null before the first). `lastPass`: when the last pass ended and why it
     * stopped before its budget (`storefront_timeouts`: the store left pages in a row unanswered;
     * `time_limit`: the pass ran out of time), null when it went to its end; null before the first.
     */
    storefront: z.object({
      checked: z.number(),
      unreachable: z.number(),
      pages: z.number(),
      lastCheckedAt: z.nullable(z.string()),
      lastPass: z.nullable(
        z.object({
          endedAt: z.string(),
          stopReason: z.nullable(z.enum(['storefront_timeouts', 'time_limit'])),
        }),
      ),
    }),
  }),
});
export type SeoOverview = z.infer<typeof seoOverviewSchema>['data'];

export const pageSortKeys = ['score', 'title', 'kind', 'findings'] as const;

/**
 * `GET /api/v1/shops/:shopId/seo/pages`: filtered, searched, sorted and paged by the server.
 * `score` sorts by the lowest score across languages unless `language` is given; `minScore` and
 * `maxScore` apply to that same score. `q` searches titles and handles.
 */
export const pageListQuerySchema = z.object({
  kind: z.optional(pageKindSchema),
  language: z.optional(languageSchema),
  check: z.optional(z.string().check(z.maxLength(16))),
  severity: z.optional(severitySchema),
  minScore: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100))),
  maxScore: z.optional(z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100))),
  q: z.optional(z.string().check(z.maxLength(200))),
  sort: z.optional(z.enum(pageSortKeys)),
  order: z.optional(z.enum(['asc', 'desc'])),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
});
export type PageListQuery = z.infer<typeof pageListQuerySchema>;

export const pageListSchema = z.object({
  data: z.object({
    total: z.number(),
    offset: z.number(),
    pages: z.array(pageSummarySchema),
  }),
});
export type PageList = z.infer<typeof pageListSchema>['data'];

/** `GET /api/v1/shops/:shopId/seo/left-out-pages`: paged, in the order the next run takes them. */
export const leftOutPagesQuerySchema = z.object({
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
});
export type LeftOutPagesQuery = z.infer<typeof leftOutPagesQuerySchema>;

/**
 * The store's published pages the audit does not hold: past the plan's page limit, those the last
 * run left out (docs/seo-checks.md says which it keeps). Each kind in turn, the most recently
 * changed first; `adminUrl` opens the page in Shopify's admin.
 */
export const leftOutPagesSchema = z.object({
  data: z.object({
    total: z.number(),
    offset: z.number(),
    pages: z.array(
      z.object({
        id: z.string(),
        kind: pageKindSchema,
        title: z.string(),
        handle: z.string(),
        adminUrl: z.string(),
      }),
    ),
  }),
});
export type LeftOutPages = z.infer<typeof leftOutPagesSchema>['data'];

/** The types of Shopify resource an audited page is, as its global id names them. */
export const pageResourceTypes = ['Product', 'Collection', 'Page', 'Article'] as const;
export type PageResourceType = (typeof pageResourceTypes)[number];

/**
 * Where a page's detail hangs in the API's paths: `gid://shopify/Product/123` is `Product/123`.
 * A global id written into a path whole would need its slashes encoded, which the BFF refuses in
 * every path it passes on (server/bff/request-paths.ts).
 */
export function pagePathOf(gid: string): string {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d+)$/.exec(gid);
  if (match === null || !(pageResourceTypes as readonly string[]).includes(match[1]!)) {
    throw new Error(`Not the global id of an audited page: ${gid}`);
  }
  return `${match[1]}/${match[2]}`;
}

/** A page's path parameters (`resourceType`, `resourceId`), as `pagePathOf` names the page. */
export function pageParamsOf(gid: string): {
  resourceType: PageResourceType;
  resourceId: string;
} {
  const [resourceType, resourceId] = pagePathOf(gid).split('/') as [PageResourceType, string];
  return { resourceType, resourceId };
}

/**
 * `GET /api/v1/shops/:shopId/seo/pages/:resourceType/:resourceId` (see `pagePathOf`): the page as
 * audited in each language, its values, findings and editable fields. `url` is the storefront
 * address in that language.
 */
export const pageDetailSchema = z.object({
  data: z.object({
    id: z.string(),
    kind: pageKindSchema,
    handle: z.string(),
    shopName: z.string(),
    auditedAt: z.string(),
    languages: z.array(
      z.object({
        language: languageSchema,
        primary: z.boolean(),
        url: z.nullable(z.string()),
        score: z.number(),
        title: z.string(),
        seoTitle: z.nullable(z.string()),
        seoDescription: z.nullable(z.string()),
        /**
         * Whether the page's body (a product's or collection's description) shows any text in this
         * language: Shopify fills the meta description from it when none is set, so the missing
         * description check (M01) needs it, and the editors run that check again as the owner types.
         */
        bodyHasText: z.boolean(),
        /**
         * The translation of the page's own title in this language, as the audit reads it (null in
         * the primary language, or when the primary title is empty): the title checks leave an
         * untranslated title to the translation checks, here as in the audit.
         */
        titleTranslation: z.nullable(
          z.object({ source: z.string(), value: z.nullable(z.string()), outdated: z.boolean() }),
        ),
        images: z.array(
          z.object({ id: z.string(), alt: z.nullable(z.string()), url: z.nullable(z.string()) }),
        ),
        findings: z.array(findingSchema),
        /** The texts the owner can edit in this language (shared/schemas/seo-changes.ts). */
        fields: z.array(editableFieldSchema),
      }),
    ),
  }),
});
export type PageDetail = z.infer<typeof pageDetailSchema>['data'];

/** `POST /api/v1/shops/:shopId/seo/audits`: the run queued (202), or the one already under way. */
export const startAuditSchema = z.object({ data: auditRunSchema });
