import * as z from 'zod/mini';
import { supportedLanguages } from '../constants.ts';
import { pageKinds } from '../seo/check.ts';

/**
 * The contract of the SEO fixes: the owner's edits of a page's SEO texts are drafts until approved;
 * approved changes are written to Shopify by a job, each after reading Shopify's current value; every
 * applied change keeps the value it replaced, so that it can be undone. All routes hang from the
 * store: `/api/v1/shops/:shopId/seo/…`.
 *
 * A change's life:
 * - `draft`: saved by the owner, not sent anywhere. One draft per page, language, field and target.
 * - `approved`: the owner approved it; a job writes it to Shopify (`queued` until then).
 * - `applied`: Shopify holds the value; `previousValue` is the value it replaced.
 * - `conflict`: Shopify's value (`shopifyValue`) was no longer the one the owner edited from
 *   (`baseValue`): nothing was written, the owner chooses which value to keep.
 * - `failed`: Shopify refused the value, or the page is gone (`errorCode`); nothing was written.
 * - `discarded`: the owner kept Shopify's value after a conflict.
 * - `undone`: applied, then its undo (a change of its own, `undoOf` naming this one) was applied.
 */

/** The texts an owner edits on a page. */
export const editableFields = ['seoTitle', 'seoDescription', 'imageAlt'] as const;
export type EditableField = (typeof editableFields)[number];

export const changeStates = [
  'draft',
  'approved',
  'applied',
  'conflict',
  'failed',
  'discarded',
  'undone',
] as const;
export type ChangeState = (typeof changeStates)[number];

/**
 * The longest value accepted per field, in characters: Shopify's own limits for an SEO title and a
 * meta description, and for an image's alt text.
 */
export const editableFieldMaxLength: Record<EditableField, number> = {
  seoTitle: 255,
  seoDescription: 320,
  imageAlt: 512,
};

/** Changes approved in one request at most (a bulk approval is sent in several). */
export const maxChangesPerApproval = 1000;

const languageSchema = z.enum(supportedLanguages);
const fieldSchema = z.enum(editableFields);

export const changeSchema = z.object({
  id: z.string(),
  /** The approval (or undo) that sent it with others; null for a draft. */
  batchId: z.nullable(z.string()),
  /** The page's global id (`gid://shopify/Product/123`), its kind and its title when edited. */
  pageId: z.string(),
  pageKind: z.enum(pageKinds),
  pageTitle: z.string(),
  language: languageSchema,
  field: fieldSchema,
  /**
   * What the field belongs to: the page's global id for its SEO title and description; for an alt
   * text, the image's id as the page detail gives it.
   */
  targetId: z.string(),
  /** The new value; an empty string clears the field (the storefront then shows its fallback). */
  value: z.string(),
  /** The value the owner edited from, as the audit read it (null: none). */
  baseValue: z.nullable(z.string()),
  /** Once applied: the value Shopify held just before the write, which undo writes back. */
  previousValue: z.nullable(z.string()),
  /** In a conflict: the value Shopify holds now. */
  shopifyValue: z.nullable(z.string()),
  state: z.enum(changeStates),
  /** Why a change failed, as an error code of shared/errors.ts. */
  errorCode: z.nullable(z.string()),
  /** The applied change this one undoes; null for an owner's edit. */
  undoOf: z.nullable(z.string()),
  createdAt: z.string(),
  approvedAt: z.nullable(z.string()),
  /** Who approved it: the account's display name, or its e-mail when it has none. */
  approvedBy: z.nullable(z.string()),
  appliedAt: z.nullable(z.string()),
  /** Whether undo is offered: applied, not undone yet, not an undo itself. */
  undoable: z.boolean(),
});
export type ChangeView = z.infer<typeof changeSchema>;

/**
 * `PUT /api/v1/shops/:shopId/seo/pages/:resourceType/:resourceId/draft` (the page as `pagePathOf`
 * names it): saves the owner's draft of one field in one language, replacing an earlier draft of it.
 * `value` is at most `editableFieldMaxLength[field]` characters. `baseValue` is the value the owner
 * saw when starting to edit (null: none); without it, the value the store's copy holds now. A draft
 * saved again keeps the base it was first saved with.
 */
export const saveDraftBodySchema = z.object({
  language: languageSchema,
  field: fieldSchema,
  targetId: z.string().check(z.minLength(1), z.maxLength(300)),
  value: z.string().check(z.maxLength(1000)),
  baseValue: z.optional(z.nullable(z.string().check(z.maxLength(1000)))),
});
export type SaveDraftBody = z.infer<typeof saveDraftBodySchema>;

export const changeResponseSchema = z.object({ data: changeSchema });

/**
 * `GET /api/v1/shops/:shopId/seo/changes`: the store's changes, newest first. `page` narrows to one
 * page (`Product/123`), `state` to the states given (comma-separated: `draft,conflict`).
 */
export const changeListQuerySchema = z.object({
  page: z.optional(z.string().check(z.regex(/^(Product|Collection|Page|Article)\/\d{1,20}$/))),
  state: z.optional(z.string().check(z.maxLength(100))),
  offset: z.optional(z.coerce.number().check(z.int(), z.minimum(0))),
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(200))),
});
export type ChangeListQuery = z.infer<typeof changeListQuerySchema>;

export const changeListSchema = z.object({
  data: z.object({
    total: z.number(),
    offset: z.number(),
    /** Counts by state over the whole store (or page), whatever `state` filtered. */
    counts: z.record(z.enum(changeStates), z.number()),
    changes: z.array(changeSchema),
  }),
});
export type ChangeList = z.infer<typeof changeListSchema>['data'];

/**
 * `POST /api/v1/shops/:shopId/seo/changes/approve`: approves these drafts together (one batch), 202.
 * Every id must be a draft of this store, or nothing is approved (409 `change_state_conflict`).
 */
export const approveBodySchema = z.object({
  changeIds: z.array(z.string()).check(z.minLength(1), z.maxLength(maxChangesPerApproval)),
});
export type ApproveBody = z.infer<typeof approveBodySchema>;

/** The batch an approval or an undo queued, and its changes. */
export const batchResponseSchema = z.object({
  data: z.object({ batchId: z.string(), changes: z.array(changeSchema) }),
});
export type BatchView = z.infer<typeof batchResponseSchema>['data'];

/**
 * `GET /api/v1/shops/:shopId/seo/batches`: the store's latest approvals and undos (batches), newest
 * first, `limit` of them (default 5), each counted whole however many changes it has.
 */
export const batchListQuerySchema = z.object({
  limit: z.optional(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(20))),
});
export type BatchListQuery = z.infer<typeof batchListQuerySchema>;

/** The pages of a batch it names at most (`pageCount` says how many it has). */
export const batchPagesNamed = 5;

export const batchSummarySchema = z.object({
  batchId: z.string(),
  approvedAt: z.string(),
  /** Who approved it: the account's display name, or its e-mail when it has none. */
  approvedBy: z.nullable(z.string()),
  /** Its changes, and how many are in each state. */
  changes: z.number(),
  counts: z.record(z.enum(changeStates), z.number()),
  /** Its changes that can still be undone: undo of the batch undoes these. */
  undoable: z.number(),
  /** Whether it is an undo (its changes write back earlier values). */
  isUndo: z.boolean(),
  pageCount: z.number(),
  /** Its first pages by title, `batchPagesNamed` at most. */
  pages: z.array(z.object({ pageId: z.string(), pageTitle: z.string() })),
});
export type BatchSummary = z.infer<typeof batchSummarySchema>;

export const batchListSchema = z.object({
  data: z.object({ batches: z.array(batchSummarySchema) }),
});
export type BatchList = z.infer<typeof batchListSchema>['data'];

/**
 * `POST /api/v1/shops/:shopId/seo/changes/:changeId/resolve`: a conflict's answer. `shopify` keeps
 * Shopify's value (the change becomes `discarded`); `mine` writes the owner's value over it (the
 * change is approved again, from Shopify's value as its new base). 202 with the change.
 */
export const resolveBodySchema = z.object({ keep: z.enum(['shopify', 'mine']) });
export type ResolveBody = z.infer<typeof resolveBodySchema>;

/**
 * `POST /api/v1/shops/:shopId/seo/changes/:changeId/undo` and `…/seo/batches/:batchId/undo`: writes
 * back the previous value of one applied change, or of every applied change of a batch not undone
 * yet, as a new batch (202). The undo is written as any change: after reading Shopify's value, which
 * must still be the one applied, or the undo is a conflict.
 */

/**
 * One editable field of a page in one language, as the page detail gives it to the editors.
 * `value` is the language's own value (null: none; for a translation, the storefront then shows the
 * primary language's), `sourceValue` the primary language's value for a translated field (null in
 * the primary language). A translation can only be written where the primary language has a value:
 * `editable` is false otherwise. `draft` and `pending` are the field's open changes, if any (pending:
 * approved, or in conflict).
 */
export const editableFieldSchema = z.object({
  field: fieldSchema,
  targetId: z.string(),
  /** For an alt text, the image's address, to show it beside the editor. */
  imageUrl: z.nullable(z.string()),
  value: z.nullable(z.string()),
  sourceValue: z.nullable(z.string()),
  outdated: z.boolean(),
  editable: z.boolean(),
  draft: z.nullable(changeSchema),
  pending: z.nullable(changeSchema),
});
export type EditableFieldView = z.infer<typeof editableFieldSchema>;
