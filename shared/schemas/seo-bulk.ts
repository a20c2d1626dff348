import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';
import { pageKinds, severities } from '../seo/check.ts';
import { pageListQuerySchema } from './seo.ts';

/**
 * The contract of bulk edits (Pro and Business plans): the owner picks pages with the page list's
 * filters, writes one template per language for the SEO title or the meta description, previews every
 * value the templates give with the audit's checks of that field, then turns all of them, or the pages
 * ticked, into drafts. Approval is the SEO changes' own (`POST …/seo/changes/approve`, in chunks of
 * `maxChangesPerApproval`): nothing reaches Shopify before it. Routes hang from the store:
 * `/api/v1/shops/:shopId/seo/bulk/…`. A plan without bulk edits gets 403 `plan_feature_unavailable`.
 *
 * A template is text with placeholders in braces, filled from each page in the template's language
 * (the French title where the page has one, else the English one, as the storefront shows it):
 * - `{title}`: the page's title (product, collection, page or article);
 * - `{shop}`: the store's name;
 * - `{vendor}` and `{type}`: a product's vendor and product type (empty for other pages).
 * An unknown placeholder is refused (400 `invalid_template`, `field` naming the language), and so is
 * markup in a template (400 `markup_not_allowed`, shared/seo/text/markup.ts). A value
 * left empty by its placeholders, or longer than the field allows, is previewed with why and is not
 * turned into a draft.
 */

export const bulkFields = ['seoTitle', 'seoDescription'] as const;
export type BulkField = (typeof bulkFields)[number];

export const templatePlaceholders = ['title', 'shop', 'vendor', 'type'] as const;
export type TemplatePlaceholder = (typeof templatePlaceholders)[number];

/** Pages one bulk edit may cover at most; past it the owner narrows the filter. */
export const maxPagesPerBulkEdit = 10_000;

const languageSchema = z.enum(supportedLanguages);

/** The page list's filters (without its sort and paging): the pages a bulk edit covers. */
export const bulkSelectionSchema = z.object({
  kind: pageListQuerySchema.shape.kind,
  language: pageListQuerySchema.shape.language,
  check: pageListQuerySchema.shape.check,
  severity: pageListQuerySchema.shape.severity,
  minScore: pageListQuerySchema.shape.minScore,
  maxScore: pageListQuerySchema.shape.maxScore,
  q: pageListQuerySchema.shape.q,
});
export type BulkSelection = z.infer<typeof bulkSelectionSchema>;

/** One template per language; a language without one is left as it is. At least one is given. */
export const bulkTemplatesSchema = z.object({
  en: z.optional(z.string().check(z.maxLength(500))),
  fr: z.optional(z.string().check(z.maxLength(500))),
});
export type BulkTemplates = z.infer<typeof bulkTemplatesSchema>;

/**
 * `POST /api/v1/shops/:shopId/seo/bulk/preview`: the values the templates give on the selected pages,
 * in the page list's default order (worst score first), `limit` at a time.
 */
export const bulkPreviewBodySchema = z.object({
  selection: bulkSelectionSchema,
  field: z.enum(bulkFields),
  templates: bulkTemplatesSchema,
  offset: z.optional(z.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(100))),
});
export type BulkPreviewBody = z.infer<typeof bulkPreviewBodySchema>;

/**
 * Why a previewed value cannot become a draft: `empty` (the placeholders gave nothing), `too_long`
 * (over `editableFieldMaxLength`), `unchanged` (the page already has this value),
 * `translation_source_missing` (a French value where the English field is empty and the bulk edit
 * writes no English value there: Shopify translates only a text that exists), `markup` (a placeholder brought markup from the store, `<b>` in a title:
 * SEO texts are plain text, shared/seo/text/markup.ts), `has_draft` (the field has a draft of the owner's, which a bulk edit
 * never replaces: the owner approves or discards it first).
 */
export const bulkSkipReasons = [
  'empty',
  'too_long',
  'markup',
  'unchanged',
  'translation_source_missing',
  'has_draft',
] as const;
export type BulkSkipReason = (typeof bulkSkipReasons)[number];

export const bulkPreviewValueSchema = z.object({
  language: languageSchema,
  /** The field's value in this language now (null: none). */
  current: z.nullable(z.string()),
  proposed: z.string(),
  /** Length in characters, and the width in search-result pixels for the check's font. */
  length: z.number(),
  widthPx: z.number(),
  /** The audit's checks of this field that the proposed value would fail. */
  findings: z.array(z.object({ checkId: z.string(), severity: z.enum(severities) })),
  /** Null when it can become a draft. */
  skip: z.nullable(z.enum(bulkSkipReasons)),
  /**
   * A translation of a text the page does not have yet, which the bulk edit writes in the store's
   * primary language (this language): written after it, against it. Null otherwise.
   */
  writtenAfter: z.nullable(languageSchema),
});
export type BulkPreviewValue = z.infer<typeof bulkPreviewValueSchema>;

export const bulkPreviewRowSchema = z.object({
  /** The page's global id, its kind and its title in the store's primary language. */
  pageId: z.string(),
  pageKind: z.enum(pageKinds),
  pageTitle: z.string(),
  /** One value per language a template was given for. */
  values: z.array(bulkPreviewValueSchema),
});
export type BulkPreviewRow = z.infer<typeof bulkPreviewRowSchema>;

export const bulkPreviewSchema = z.object({
  data: z.object({
    /** Pages the selection covers (at most `maxPagesPerBulkEdit` are previewed or drafted). */
    total: z.number(),
    offset: z.number(),
    /** Over the whole selection: values that can become drafts, and those skipped by reason. */
    counts: z.object({
      ready: z.number(),
      skipped: z.record(z.enum(bulkSkipReasons), z.number()),
    }),
    rows: z.array(bulkPreviewRowSchema),
  }),
});
export type BulkPreview = z.infer<typeof bulkPreviewSchema>['data'];

/**
 * `POST /api/v1/shops/:shopId/seo/bulk/drafts`: saves the templates' values as drafts on every
 * selected page, or only on `pageIds` when given (pages of the
 * selection the owner ticked). Values with a skip reason are left out. 201 with the drafts' ids, to
 * be approved through `POST …/seo/changes/approve`.
 */
export const bulkDraftsBodySchema = z.object({
  selection: bulkSelectionSchema,
  field: z.enum(bulkFields),
  templates: bulkTemplatesSchema,
  pageIds: z.optional(
    z
      .array(z.string().check(z.maxLength(300)))
      .check(z.minLength(1), z.maxLength(maxPagesPerBulkEdit)),
  ),
});
export type BulkDraftsBody = z.infer<typeof bulkDraftsBodySchema>;

export const bulkDraftsSchema = z.object({
  data: z.object({ changeIds: z.array(z.string()), skipped: z.number() }),
});
export type BulkDrafts = z.infer<typeof bulkDraftsSchema>['data'];
