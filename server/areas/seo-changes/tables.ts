import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { changeStates, editableFields } from '#shared/schemas/seo-changes.ts';

/**
 * The owner's changes of a page's SEO texts (shared/schemas/seo-changes.ts tells a change's life):
 * drafts, approved changes waiting for their write, and what each write replaced, so that it can be
 * undone. Keyed by the store (`shop_id`, the shops area's id, without a foreign key, like the
 * catalog's copy and the audit) and the page's Shopify global id. The accounts that edited and
 * approved are named by their uid; deleting an account deletes the changes it made or approved.
 */
export const seoChanges = pgTable(
  'seo_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shopId: uuid('shop_id').notNull(),
    pageGid: text('page_gid').notNull(),
    pageKind: text('page_kind').notNull(),
    /** The page's title when the change was made, for the list of changes. */
    pageTitle: text('page_title').notNull(),
    language: text('language').notNull(),
    /** The store's locale of a translation (`fr`, `fr-CA`…); null in the primary language. */
    locale: text('locale'),
    field: text('field', { enum: editableFields }).notNull(),
    /** The page's gid for its SEO title and description; the image's id for an alt text. */
    targetId: text('target_id').notNull(),
    value: text('value').notNull(),
    /** The value the owner edited from; Shopify must still hold it for the write to happen. */
    baseValue: text('base_value'),
    /** Once sent or applied: the value Shopify held just before the write. */
    previousValue: text('previous_value'),
    /** In a conflict: the value Shopify held instead of the base value. */
    shopifyValue: text('shopify_value'),
    state: text('state', { enum: changeStates }).notNull(),
    errorCode: text('error_code'),
    /** The approval or undo that sent it; null while a draft. */
    batchId: uuid('batch_id'),
    /** The applied change this one writes back; null for an owner's edit. */
    undoOf: uuid('undo_of'),
    createdBy: text('created_by').notNull(),
    approvedBy: text('approved_by'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /**
     * When the write was sent to Shopify, `previous_value` being what it replaced: an attempt that
     * finds the value already in place (its process died after the write) still knows what it
     * replaced.
     */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [
    // One draft per page, language, field and target: saving again replaces it.
    uniqueIndex('seo_changes_one_draft_idx')
      .on(table.shopId, table.pageGid, table.language, table.field, table.targetId)
      .where(sql`${table.state} = 'draft'`),
    index('seo_changes_shop_idx').on(table.shopId, table.createdAt),
    index('seo_changes_page_idx').on(table.shopId, table.pageGid, table.createdAt),
    index('seo_changes_batch_idx').on(table.batchId),
    // The undos still waiting for their write, of every store: the overview's "Recently approved",
    // polled, tells each batch's changes that can still be undone from them, which read every change
    // of every store without it.
    index('seo_changes_pending_undo_idx')
      .on(table.undoOf)
      .where(sql`${table.state} in ('approved', 'conflict')`),
    // The changes waiting for their write, of every store, as the write sweep looks for them every
    // five minutes: a few at any time among all the changes ever made.
    index('seo_changes_approved_idx')
      .on(table.approvedAt)
      .where(sql`${table.state} = 'approved'`),
    index('seo_changes_undo_of_idx').on(table.undoOf),
    index('seo_changes_created_by_idx').on(table.createdBy),
    index('seo_changes_approved_by_idx').on(table.approvedBy),
  ],
);
