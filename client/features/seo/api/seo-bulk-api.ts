import { seoChangeContracts } from '#shared/contracts/seo-changes.ts';
import { maxChangesPerApproval } from '#shared/schemas/seo-changes.ts';
import { apiRequest, type ApiRequest } from '#client/lib/api-client.ts';
import { callApi } from '#client/lib/call-api.ts';
import { approvalChunks } from '../bulk-edit.ts';

/**
 * The approval of a bulk edit's drafts through the SEO changes' own route, in as many requests as it
 * takes (the preview and the drafts are called by their contracts, shared/contracts/seo-bulk.ts).
 * It goes through the app's API client, or the one given (tests/unit/client-seo-bulk-approval.test.ts
 * gives one over a fetch of its own).
 */

/**
 * An approval cut short: the changes sent before the failure were approved (each request is a
 * batch of its own), `remaining` are still drafts, to send again.
 */
export class PartialApprovalError extends Error {
  readonly approved: number;
  readonly remaining: string[];
  override readonly cause: unknown;

  constructor(approved: number, remaining: string[], cause: unknown) {
    super(`${approved} changes approved, ${remaining.length} not`);
    this.name = 'PartialApprovalError';
    this.approved = approved;
    this.remaining = remaining;
    this.cause = cause;
  }
}

/**
 * Approves the drafts `maxChangesPerApproval` at a time, one request after the other, telling
 * `onProgress` how many are approved after each; the batches' ids, in order. A failed request
 * stops there with a PartialApprovalError.
 */
export async function approveInChunks(
  shopId: string,
  changeIds: readonly string[],
  onProgress: (approved: number) => void = () => {},
  request: ApiRequest = apiRequest,
  size: number = maxChangesPerApproval,
): Promise<string[]> {
  const batchIds: string[] = [];
  let approved = 0;
  for (const chunk of approvalChunks(changeIds, size)) {
    try {
      const input = { params: { shopId }, body: { changeIds: chunk } };
      const batch = await callApi(seoChangeContracts.approve, input, request);
      batchIds.push(batch.data.batchId);
    } catch (error) {
      throw new PartialApprovalError(approved, changeIds.slice(approved), error);
    }
    approved += chunk.length;
    onProgress(approved);
  }
  return batchIds;
}
