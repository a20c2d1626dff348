import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FindingEvidence } from '#shared/seo/check.ts';

/**
 * The SEO audit of each connected store: its runs, each page's result per language and the page's
 * summary across languages, the findings, the keys the duplicate checks group pages on, and the
 * store's score at the end of each run. Keyed by the store (`shop_id`, the shops area's id, without a
 * foreign key, like the catalog's copy) and the page's Shopify global id. The formula of the scores
 * is in docs/seo-scores.md.
 */

/** Why a run started: the import, the owner, the weekly schedule, or a plan that reads more pages. */
export const auditTriggers = ['import', 'manual', 'weekly', 'upgrade'] as const;
export type AuditTrigger = (typeof auditTriggers)[number];
export const auditStates = ['queued', 'running', 'done', 'failed'] as const;
export type AuditState = (typeof auditStates)[number];

export const seoAuditRuns = pgTable(
  'seo_audit_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id').notNull(),
    trigger: text('trigger', { enum: auditTriggers }).notNull(),
    state: text('state', { enum: auditStates }).notNull(),
    /** When it was asked for; set again when it starts reading. */
    startedAt: timestamp('started_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    pagesAudited: integer('pages_audited').notNull().default(0),
    /** Pages past the plan's limit, which this run did not read. */
    pagesLeftOut: integer('pages_left_out').notNull().default(0),
    pageLimit: integer('page_limit').notNull(),
  },
  (table) => [
    index('seo_audit_runs_shop_started_idx').on(table.shopId, table.startedAt),
    // One run queued or under way per store: a second request finds this one.
    uniqueIndex('seo_audit_runs_one_active_idx')
      .on(table.shopId)
      .where(sql`${table.state} in ('queued', 'running')`),
  ],
);

/** What the page list filters, sorts and searches on, shared by both result tables. */
const pageColumns = {
  shopId: uuid('shop_id').notNull(),
  pageGid: text('page_gid').notNull(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  handle: text('handle').notNull(),
  /** lower(title): the title sort's key. */
  titleKey: text('title_key').notNull(),
  score: smallint('score').notNull(),
  errors: integer('errors').notNull(),
  warnings: integer('warnings').notNull(),
  infos: integer('infos').notNull(),
  /** errors + warnings + infos: the `findings` sort's key. */
  findingsTotal: integer('findings_total').notNull(),
  /** The checks with at least one finding (the `check` filter). */
  checkIds: text('check_ids').array().notNull(),
  /**
   * Lowercased titles in every language and the handle: what `q` searches, the same on a page's
   * summary and on each of its languages' rows.
   */
  search: text('search').notNull(),
  auditedAt: timestamp('audited_at', { withTimezone: true }).notNull(),
};

/** One page in one language: its score and findings there. */
/*
 * Each index costs every page written by every run: the per-language rows keep only the two their
 * most common lists need (a language's pages by score, and a language's pages of a kind by title).
 * Their other sorts and filters, and a search, read the language's rows of the store (measured by
 * scripts/bench-audit.ts): each row carries the page's searched text, so that a search with a
 * language's filters is one pass over that language's rows rather than a join of every page the
 * term matches.
 */
export const seoPageResults = pgTable(
  'seo_page_results',
  {
    ...pageColumns,
    language: text('language').notNull(),
    /**
     * The page's translatable fields with a source text in this language (0 in the primary one), and
     * how many are translated, outdated, or translated with the source text: the overview's
     * translation coverage, kept current by every audit of the page.
     */
    translationFields: smallint('translation_fields').notNull(),
    translated: smallint('translated').notNull(),
    translationsOutdated: smallint('translations_outdated').notNull(),
    translationsSameAsSource: smallint('translations_same_as_source').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.pageGid, table.language] }),
    index('seo_page_results_score_idx').on(
      table.shopId,
      table.language,
      table.score,
      table.pageGid,
    ),
    index('seo_page_results_kind_title_idx').on(
      table.shopId,
      table.language,
      table.kind,
      table.titleKey,
      table.pageGid,
    ),
  ],
);

/**
 * One page across its languages, what the page list reads when no language is asked for: the lowest
 * score of its languages, its findings in all of them, the checks failing in any.
 */
export const seoPages = pgTable(
  'seo_pages',
  {
    ...pageColumns,
    scoreEn: smallint('score_en'),
    scoreFr: smallint('score_fr'),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.pageGid] }),
    index('seo_pages_score_idx').on(table.shopId, table.score, table.pageGid),
    index('seo_pages_title_idx').on(table.shopId, table.titleKey, table.pageGid),
    index('seo_pages_findings_idx').on(table.shopId, table.findingsTotal, table.pageGid),
    // A search without a language: a broad term reads the pages, a narrow one this index.
    index('seo_pages_search_idx').using('gin', sql`${table.search} gin_trgm_ops`),
    index('seo_pages_checks_idx').using('gin', table.checkIds),
  ],
);

/**
 * The store's pages summed per language and kind of page: how many, the sum of their scores (the
 * store's score is their mean), their findings and their translation coverage. The database keeps
 * it as `seo_page_results` changes (a trigger on every insert, update and delete of its rows, in the
 * same statement; migration 0028), so that the overview and the dashboard read a few rows instead
 * of every page of a large store. A row left at 0 pages is kept, and not read.
 */
export const seoStoreFigures = pgTable(
  'seo_store_figures',
  {
    shopId: uuid('shop_id').notNull(),
    language: text('language').notNull(),
    kind: text('kind').notNull(),
    pages: integer('pages').notNull(),
    scoreSum: bigint('score_sum', { mode: 'number' }).notNull(),
    errors: integer('errors').notNull(),
    warnings: integer('warnings').notNull(),
    infos: integer('infos').notNull(),
    translationFields: integer('translation_fields').notNull(),
    translated: integer('translated').notNull(),
    translationsOutdated: integer('translations_outdated').notNull(),
    translationsSameAsSource: integer('translations_same_as_source').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.language, table.kind] })],
);

/**
 * How many pages each check fails on in each language (their `check_ids`), kept by the same trigger
 * as `seo_store_figures`: what "fix next" and the overview's findings by check read.
 */
export const seoStoreCheckPages = pgTable(
  'seo_store_check_pages',
  {
    shopId: uuid('shop_id').notNull(),
    language: text('language').notNull(),
    checkId: text('check_id').notNull(),
    pages: integer('pages').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.language, table.checkId] })],
);

/** One finding: a check's evidence on one page in one language. */
export const seoFindings = pgTable(
  'seo_findings',
  {
    shopId: uuid('shop_id').notNull(),
    pageGid: text('page_gid').notNull(),
    language: text('language').notNull(),
    checkId: text('check_id').notNull(),
    severity: text('severity').notNull(),
    evidence: jsonb('evidence').$type<FindingEvidence>().notNull(),
  },
  (table) => [
    index('seo_findings_page_idx').on(table.shopId, table.pageGid),
    // The severity last: the overview reads a check's severity from the check's first entry here.
    index('seo_findings_check_idx').on(table.shopId, table.language, table.checkId, table.severity),
  ],
);

/**
 * The value a duplicate check grouped a page on in a language (hashed: a description is long), with
 * the check's severity and field, so that the groups are resolved in SQL, and again for only the
 * groups a changed page joins or leaves.
 */
export const seoDuplicateKeys = pgTable(
  'seo_duplicate_keys',
  {
    shopId: uuid('shop_id').notNull(),
    checkId: text('check_id').notNull(),
    language: text('language').notNull(),
    keyHash: text('key_hash').notNull(),
    pageGid: text('page_gid').notNull(),
    severity: text('severity').notNull(),
    field: text('field').notNull(),
  },
  (table) => [
    index('seo_duplicate_keys_group_idx').on(
      table.shopId,
      table.checkId,
      table.language,
      table.keyHash,
    ),
    index('seo_duplicate_keys_page_idx').on(table.shopId, table.pageGid),
  ],
);

/**
 * The links a page's body carries in a language to pages of the store (a store link check's, L04),
 * each as the storefront reads its address: the kind of page, its handle (an article's is
 * `blog/article`), the language folder (`''` for none) and the host (`''` for a relative address),
 * with the excerpt a finding quotes. The audit resolves them against the store's copy in SQL, and a
 * changed page's handles find the links of other pages to it.
 */
export const seoStoreLinks = pgTable(
  'seo_store_links',
  {
    shopId: uuid('shop_id').notNull(),
    pageGid: text('page_gid').notNull(),
    language: text('language').notNull(),
    checkId: text('check_id').notNull(),
    severity: text('severity').notNull(),
    field: text('field').notNull(),
    kind: text('kind').notNull(),
    handle: text('handle').notNull(),
    linkLanguage: text('link_language').notNull(),
    host: text('host').notNull(),
    excerpt: text('excerpt').notNull(),
  },
  (table) => [
    index('seo_store_links_page_idx').on(table.shopId, table.pageGid),
    index('seo_store_links_target_idx').on(table.shopId, table.kind, table.handle),
  ],
);

/** The store's score in each language at the end of each finished run: the trend. */
export const seoScoreHistory = pgTable(
  'seo_score_history',
  {
    runId: uuid('run_id').notNull(),
    shopId: uuid('shop_id').notNull(),
    language: text('language').notNull(),
    score: smallint('score').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.runId, table.language] }),
    index('seo_score_history_shop_idx').on(table.shopId, table.at),
  ],
);

/**
 * What the storefront pass (run-storefront-pass.ts) found on a page in a language, kept apart from
 * the catalog's findings so that a catalog audit of the page, which rewrites its findings, brings
 * these back in (they are copied into `seo_findings` with the page's other findings, and counted
 * in its scores) until the next pass fetches the page again.
 */
export const seoRenderedFindings = pgTable(
  'seo_rendered_findings',
  {
    shopId: uuid('shop_id').notNull(),
    pageGid: text('page_gid').notNull(),
    language: text('language').notNull(),
    checkId: text('check_id').notNull(),
    severity: text('severity').notNull(),
    /** The finding's evidence, with the address fetched (`url`). */
    evidence: jsonb('evidence').$type<FindingEvidence & { url: string }>().notNull(),
  },
  (table) => [index('seo_rendered_findings_page_idx').on(table.shopId, table.pageGid)],
);

export const storefrontFetchOutcomes = [
  'answered',
  'blocked by robots.txt',
  'unreachable',
] as const;
export type StorefrontFetchOutcome = (typeof storefrontFetchOutcomes)[number];

/**
 * When the storefront pass last fetched a page in a language, and with what answer: the pass fetches
 * the pages fetched least recently first, and the overview says how much of the store it covered.
 */
export const seoStorefrontFetches = pgTable(
  'seo_storefront_fetches',
  {
    shopId: uuid('shop_id').notNull(),
    pageGid: text('page_gid').notNull(),
    language: text('language').notNull(),
    url: text('url').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull(),
    outcome: text('outcome', { enum: storefrontFetchOutcomes }).notNull(),
    /** The HTTP status of the last answer, after redirects; null when none was read. */
    status: smallint('status'),
    /** Why it could not be fetched (`unreachable`). */
    error: text('error'),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.pageGid, table.language] })],
);

export const storefrontPassStopReasons = ['storefront_timeouts', 'time_limit'] as const;
export type StorefrontPassStopReason = (typeof storefrontPassStopReasons)[number];

/**
 * A store's storefront pass, one row per store: under way while `runningUntil` lies ahead (the
 * owner's other stores wait their turn, run-storefront-pass.ts), and how the last one ended, which
 * the overview shows. `runningUntil` bounds a pass whose process died without ending it.
 */
export const seoStorefrontPasses = pgTable(
  'seo_storefront_passes',
  {
    shopId: uuid('shop_id').primaryKey(),
    ownerUid: text('owner_uid').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    runningUntil: timestamp('running_until', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why the last pass stopped before its budget of pages; null when it went to its end. */
    stopReason: text('stop_reason', { enum: storefrontPassStopReasons }),
  },
  (table) => [index('seo_storefront_passes_owner_idx').on(table.ownerUid)],
);
