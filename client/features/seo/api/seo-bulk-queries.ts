import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import {
  maxPagesPerBulkEdit,
  type BulkDraftsBody,
  type BulkPreviewBody,
} from '#shared/schemas/seo-bulk.ts';
import { seoBulkContracts as contracts } from '#shared/contracts/seo-bulk.ts';
import { callApi } from '#client/lib/call-api.ts';
import { approveInChunks, PartialApprovalError } from './seo-bulk-api.ts';
import { storeKey } from './seo-queries.ts';

/**
 * Bulk edits' server state: the preview, read a slice of pages at a time as the owner asks for
 * more, and the approval, which turns the templates' values into drafts and approves them in as
 * many requests as it takes, saying how far it got.
 */

/** Pages per slice of the preview. */
export const previewSliceSize = 50;

export type BulkPreviewRequest = Omit<BulkPreviewBody, 'offset' | 'limit'>;

export function useBulkPreview(uid: string, shopId: string, body: BulkPreviewRequest | null) {
  return useInfiniteQuery({
    queryKey: [...storeKey(uid, shopId), 'bulk-preview', body],
    queryFn: async ({ pageParam }) => {
      const slice = { ...body!, offset: pageParam, limit: previewSliceSize };
      return (await callApi(contracts.preview, { params: { shopId }, body: slice })).data;
    },
    enabled: body !== null,
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.rows.length;
      return last.rows.length > 0 && next < Math.min(last.total, maxPagesPerBulkEdit)
        ? next
        : undefined;
    },
    // What a preview shows changes only with the store: drafts made, values written.
    staleTime: Infinity,
    gcTime: 0,
  });
}

export type BulkApproval =
  | { kind: 'idle' }
  | { kind: 'drafting' }
  | { kind: 'approving'; done: number; total: number }
  | { kind: 'done'; approved: number; skipped: number }
  | { kind: 'failed'; error: unknown; approved: number; remaining: string[] };

/**
 * "Approve N changes": drafts made of the templates' values (all the selection's pages, or those
 * ticked), then approved, `maxChangesPerApproval` at a time. After a failure, `retry` approves
 * the drafts not approved yet. Everything read of the store is read again afterwards.
 */
export function useBulkApproval(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  const [approval, setApproval] = useState<BulkApproval>({ kind: 'idle' });
  const skippedRef = useRef(0);

  const approve = useCallback(
    async (changeIds: readonly string[], approvedBefore: number) => {
      const total = approvedBefore + changeIds.length;
      setApproval({ kind: 'approving', done: approvedBefore, total });
      try {
        await approveInChunks(shopId, changeIds, (done) =>
          setApproval({ kind: 'approving', done: approvedBefore + done, total }),
        );
        setApproval({ kind: 'done', approved: total, skipped: skippedRef.current });
      } catch (error) {
        const partial = error instanceof PartialApprovalError ? error : null;
        setApproval({
          kind: 'failed',
          error: partial?.cause ?? error,
          approved: approvedBefore + (partial?.approved ?? 0),
          remaining: partial?.remaining ?? [...changeIds],
        });
      } finally {
        void queryClient.invalidateQueries({ queryKey: storeKey(uid, shopId) });
      }
    },
    [queryClient, uid, shopId],
  );

  const start = useCallback(
    async (body: BulkDraftsBody) => {
      setApproval({ kind: 'drafting' });
      let changeIds: string[];
      try {
        const { data: drafts } = await callApi(contracts.createDrafts, {
          params: { shopId },
          body,
        });
        changeIds = drafts.changeIds;
        skippedRef.current = drafts.skipped;
      } catch (error) {
        setApproval({ kind: 'failed', error, approved: 0, remaining: [] });
        return;
      }
      await approve(changeIds, 0);
    },
    [approve, shopId],
  );

  const retry = useCallback(() => {
    if (approval.kind === 'failed' && approval.remaining.length > 0) {
      void approve(approval.remaining, approval.approved);
    }
  }, [approval, approve]);

  const reset = useCallback(() => setApproval({ kind: 'idle' }), []);

  return { approval, start, retry, reset };
}
