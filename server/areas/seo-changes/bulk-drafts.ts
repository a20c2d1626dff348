import type { BulkDrafts, BulkDraftsBody } from '#shared/schemas/seo-bulk.ts';
import type { Database } from '#server/db/database.ts';
import { requirePlanFeature } from '#server/areas/billing/index.ts';
import * as bulkRepository from './bulk-repository.ts';
import { bulkValues, type BulkPageSelector } from './bulk-values.ts';
import { requireWritableStore } from './writable-store.ts';

/**
 * Saves as drafts the values a bulk edit's templates give on the selected pages, or on those of
 * them the owner ticked (`pageIds`; a page no longer in the selection is left out), but for the
 * fields that have a draft already (the owner's, skipped as `has_draft`). A draft's base is the field's value in the store's copy now, as for a
 * draft saved alone. Values with a skip reason are counted, not saved. Nothing reaches Shopify
 * until the drafts are approved. Refused: a plan without bulk edits (`plan_feature_unavailable`),
 * and a store its owner's plan pauses (`plan_limit_reached`), where nothing could be approved.
 */
export async function saveBulkDrafts(
  db: Database,
  shopId: string,
  uid: string,
  body: BulkDraftsBody,
  selectPages: BulkPageSelector,
): Promise<BulkDrafts> {
  await requirePlanFeature(db, uid, 'bulk-edits');
  await requireWritableStore(db, shopId);
  const { pages } = await bulkValues(db, shopId, body, selectPages, body.pageIds);
  let skipped = 0;
  const drafts = pages.flatMap((page) =>
    page.values.flatMap((value) => {
      if (value.skip !== null) {
        skipped += 1;
        return [];
      }
      return [
        {
          shopId,
          pageGid: page.pageId,
          pageKind: page.pageKind,
          pageTitle: page.pageTitle,
          language: value.language,
          locale: value.locale,
          field: body.field,
          targetId: page.pageId,
          value: value.proposed,
          baseValue: value.current,
          createdBy: uid,
        },
      ];
    }),
  );
  return { changeIds: await bulkRepository.saveDrafts(db, drafts), skipped };
}
