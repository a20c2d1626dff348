import {
  batchListSchema,
  batchResponseSchema,
  changeListSchema,
  changeResponseSchema,
  type BatchList,
  type BatchListQuery,
  type BatchView,
  type ChangeList,
  type ChangeListQuery,
  type ChangeView,
  type ResolveBody,
  type SaveDraftBody,
} from '../../../../shared/schemas/seo-changes.ts';
import { pagePathOf } from '../../../../shared/schemas/seo.ts';
import { apiRequest, noContent, type ApiRequest } from '../../../lib/api-client.ts';
import { querySearch, seoPath } from './seo-api.ts';

/**
 * The calls of the SEO fixes (shared/schemas/seo-changes.ts): the owner's drafts, their approval,
 * a conflict's answer and undo, each answer read with the contract's own schema. Each goes through
 * the app's API client, or the one given (tests/unit/client-seo-changes-api.test.ts gives one over
 * a fetch of its own).
 */

const changePath = (shopId: string, changeId: string) =>
  `${seoPath(shopId)}/changes/${encodeURIComponent(changeId)}`;

/** Saves the owner's draft of one field in one language of a page, replacing an earlier one. */
export async function saveDraft(
  shopId: string,
  pageId: string,
  body: SaveDraftBody,
  request: ApiRequest = apiRequest,
): Promise<ChangeView> {
  const answer = await request(
    'PUT',
    `${seoPath(shopId)}/pages/${pagePathOf(pageId)}/draft`,
    changeResponseSchema,
    body,
  );
  return answer.data;
}

/** Throws the draft away: the field is back to the value Shopify holds. */
export async function discardDraft(
  shopId: string,
  changeId: string,
  request: ApiRequest = apiRequest,
): Promise<void> {
  await request('DELETE', changePath(shopId, changeId), noContent);
}

/** The store's changes (or one page's: `page` is `Product/123`), newest first. */
export async function fetchChanges(
  shopId: string,
  query: ChangeListQuery,
  request: ApiRequest = apiRequest,
): Promise<ChangeList> {
  const answer = await request(
    'GET',
    `${seoPath(shopId)}/changes${querySearch(query)}`,
    changeListSchema,
  );
  return answer.data;
}

/** The store's latest approvals and undos, each counted whole. */
export async function fetchBatches(
  shopId: string,
  query: BatchListQuery,
  request: ApiRequest = apiRequest,
): Promise<BatchList> {
  const answer = await request(
    'GET',
    `${seoPath(shopId)}/batches${querySearch(query)}`,
    batchListSchema,
  );
  return answer.data;
}

/** Approves these drafts together, as one batch that a job writes to Shopify. */
export async function approveChanges(
  shopId: string,
  changeIds: string[],
  request: ApiRequest = apiRequest,
): Promise<BatchView> {
  const answer = await request('POST', `${seoPath(shopId)}/changes/approve`, batchResponseSchema, {
    changeIds,
  });
  return answer.data;
}

/** A conflict's answer: keep Shopify's value, or write the owner's over it. */
export async function resolveConflict(
  shopId: string,
  changeId: string,
  keep: ResolveBody['keep'],
  request: ApiRequest = apiRequest,
): Promise<ChangeView> {
  const body: ResolveBody = { keep };
  const answer = await request(
    'POST',
    `${changePath(shopId, changeId)}/resolve`,
    changeResponseSchema,
    body,
  );
  return answer.data;
}

/** Writes back the value one applied change replaced. */
export async function undoChange(
  shopId: string,
  changeId: string,
  request: ApiRequest = apiRequest,
): Promise<BatchView> {
  const answer = await request('POST', `${changePath(shopId, changeId)}/undo`, batchResponseSchema);
  return answer.data;
}

/** Writes back the values every applied change of a batch replaced. */
export async function undoBatch(
  shopId: string,
  batchId: string,
  request: ApiRequest = apiRequest,
): Promise<BatchView> {
  const answer = await request(
    'POST',
    `${seoPath(shopId)}/batches/${encodeURIComponent(batchId)}/undo`,
    batchResponseSchema,
  );
  return answer.data;
}
