import {
  bulkSkipReasons,
  type BulkPreview,
  type BulkPreviewBody,
  type BulkSkipReason,
} from '#shared/schemas/seo-bulk.ts';
import type { Database } from '#server/db/database.ts';
import { requirePlanFeature } from '#server/areas/billing/index.ts';
import { bulkValues, measuredValue, type BulkPageSelector } from './bulk-values.ts';

/** Rows a preview answers when the request does not say. */
const defaultPreviewLimit = 50;

/**
 * The values a bulk edit's templates give on the selected pages, `limit` pages from `offset` in
 * the page list's order, with the counts of the values that can become drafts and of those skipped
 * by reason over the whole selection. Reads only: a paused store can be previewed. 403
 * `plan_feature_unavailable` on a plan without bulk edits.
 */
export async function previewBulkEdit(
  db: Database,
  shopId: string,
  uid: string,
  body: BulkPreviewBody,
  selectPages: BulkPageSelector,
): Promise<BulkPreview> {
  await requirePlanFeature(db, uid, 'bulk-edits');
  const { total, pages } = await bulkValues(db, shopId, body, selectPages);
  const skipped = Object.fromEntries(bulkSkipReasons.map((reason) => [reason, 0])) as Record<
    BulkSkipReason,
    number
  >;
  let ready = 0;
  for (const page of pages) {
    for (const value of page.values) {
      if (value.skip === null) ready += 1;
      else skipped[value.skip] += 1;
    }
  }
  const offset = body.offset ?? 0;
  const rows = pages.slice(offset, offset + (body.limit ?? defaultPreviewLimit));
  return {
    total,
    offset,
    counts: { ready, skipped },
    rows: rows.map((page) => ({
      pageId: page.pageId,
      pageKind: page.pageKind,
      pageTitle: page.pageTitle,
      values: page.values.map((value) => measuredValue(value, body.field)),
    })),
  };
}
