import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type {
  BatchList,
  BatchListQuery,
  ChangeList,
  ChangeListQuery,
  ChangeView,
  ResolveBody,
  SaveDraftBody,
} from '#shared/schemas/seo-changes.ts';
import { pageParamsOf, pagePathOf, type PageDetail } from '#shared/schemas/seo.ts';
import {
  batchesRefetchInterval,
  batchWritesSettled,
  changesRefetchInterval,
  reauditRefreshDelaysMs,
  settledChangeIds,
  withChangesInDetail,
  withoutDraft,
} from '../page-fixes.ts';
import { seoChangeContracts as contracts } from '#shared/contracts/seo-changes.ts';
import { callApi } from '#client/lib/call-api.ts';
import { overviewKey, pageDetailKey, pageListKey, storeKey } from './seo-queries.ts';

/**
 * The SEO fixes' server state: the changes of a page or of the store (read again every moment while
 * one is being written to Shopify), and the owner's drafts, approvals, conflict answers and undos.
 * Each answer goes into the page's detail at once; once a write is over, the detail, the pages list
 * and the overview are read again, the detail a few more times while the server audits the page
 * again, so that its new findings and score show on their own.
 */

const changesKey = (uid: string, shopId: string) => [...storeKey(uid, shopId), 'changes'] as const;

/** The most changes of one page the history shows. */
export const pageHistoryLimit = 100;

/** The changes of one page, as the page's detail reads them. */
export const pageChangesKey = (uid: string, shopId: string, pageId: string) =>
  [...changesKey(uid, shopId), { page: pageId }] as const;

export function usePageChanges(uid: string, shopId: string, pageId: string) {
  return useQuery({
    queryKey: pageChangesKey(uid, shopId, pageId),
    queryFn: async () => {
      const query = { page: pagePathOf(pageId), limit: pageHistoryLimit };
      return (await callApi(contracts.listChanges, { params: { shopId }, query })).data;
    },
    refetchInterval: (query) => changesRefetchInterval(query.state.data),
  });
}

/** The store's changes in these states (`draft`, or `approved,applied,…`), newest first. */
export function useStoreChanges(uid: string, shopId: string, query: ChangeListQuery) {
  return useQuery({
    queryKey: [...changesKey(uid, shopId), query],
    queryFn: async () => (await callApi(contracts.listChanges, { params: { shopId }, query })).data,
    refetchInterval: (current) => changesRefetchInterval(current.state.data),
  });
}

/** The store's latest batches, read again every moment while one is being written. */
export function useStoreBatches(uid: string, shopId: string, query: BatchListQuery) {
  return useQuery({
    queryKey: [...changesKey(uid, shopId), 'batches', query],
    queryFn: async () => (await callApi(contracts.listBatches, { params: { shopId }, query })).data,
    refetchInterval: (current) => batchesRefetchInterval(current.state.data),
  });
}

/** The detail of every page, and the store's changes, after a change was made or answered. */
function refreshAfterChange(queryClient: QueryClient, uid: string, shopId: string) {
  void queryClient.invalidateQueries({ queryKey: changesKey(uid, shopId) });
  void queryClient.invalidateQueries({ queryKey: pageDetailKey(uid, shopId) });
}

/** Everything a written change alters: the page's findings and score, the list and the overview. */
function refreshAfterWrite(queryClient: QueryClient, uid: string, shopId: string) {
  void queryClient.invalidateQueries({ queryKey: pageDetailKey(uid, shopId) });
  void queryClient.invalidateQueries({ queryKey: pageListKey(uid, shopId) });
  void queryClient.invalidateQueries({ queryKey: overviewKey(uid, shopId) });
}

function putInDetail(
  queryClient: QueryClient,
  uid: string,
  shopId: string,
  pageId: string,
  update: (detail: PageDetail) => PageDetail,
) {
  queryClient.setQueryData<PageDetail>(pageDetailKey(uid, shopId, pageId), (detail) =>
    detail === undefined ? detail : update(detail),
  );
}

export function useSaveDraft(uid: string, shopId: string, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveDraftBody) => {
      const params = { shopId, ...pageParamsOf(pageId) };
      return (await callApi(contracts.saveDraft, { params, body })).data;
    },
    onSuccess: (change) => {
      putInDetail(queryClient, uid, shopId, pageId, (detail) =>
        withChangesInDetail(detail, [change]),
      );
      void queryClient.invalidateQueries({ queryKey: changesKey(uid, shopId) });
    },
  });
}

export function useDiscardDraft(uid: string, shopId: string, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeId: string) =>
      callApi(contracts.discardDraft, { params: { shopId, changeId } }),
    onSuccess: (_answer, changeId) => {
      putInDetail(queryClient, uid, shopId, pageId, (detail) => withoutDraft(detail, changeId));
      void queryClient.invalidateQueries({ queryKey: changesKey(uid, shopId) });
    },
  });
}

export function useApproveChanges(uid: string, shopId: string, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changeIds: string[]) =>
      (await callApi(contracts.approve, { params: { shopId }, body: { changeIds } })).data,
    onSuccess: (batch) => {
      putInDetail(queryClient, uid, shopId, pageId, (detail) =>
        withChangesInDetail(detail, batch.changes),
      );
    },
    onSettled: () => refreshAfterChange(queryClient, uid, shopId),
  });
}

export function useResolveConflict(uid: string, shopId: string, pageId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ changeId, keep }: { changeId: string } & ResolveBody) => {
      const input = { params: { shopId, changeId }, body: { keep } };
      return (await callApi(contracts.resolve, input)).data;
    },
    onSuccess: (change) => {
      putInDetail(queryClient, uid, shopId, pageId, (detail) =>
        withChangesInDetail(detail, [change]),
      );
    },
    onSettled: () => refreshAfterChange(queryClient, uid, shopId),
  });
}

/** Undo of one change (`changeId`) or of a whole batch (`batchId`). */
export function useUndo(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (undo: { changeId: string } | { batchId: string }) => {
      const answer =
        'changeId' in undo
          ? await callApi(contracts.undoChange, { params: { shopId, changeId: undo.changeId } })
          : await callApi(contracts.undoBatch, { params: { shopId, batchId: undo.batchId } });
      return answer.data;
    },
    onSettled: () => refreshAfterChange(queryClient, uid, shopId),
  });
}

/**
 * Follows the writes of the changes given (a page's): when one of them is no longer being written,
 * reads again what it altered, then the pages' details a few more times while the server audits
 * them again.
 */
export function useWriteFollowUp(
  uid: string,
  shopId: string,
  changes: ChangeList['changes'] | undefined,
) {
  useFollowUp(uid, shopId, changes, changesSettled);
}

const changesSettled = (previous: ChangeView[] | undefined, next: ChangeView[]) =>
  settledChangeIds(previous, next).length > 0;

/** The same for the store's latest batches, as the overview shows them. */
export function useBatchWriteFollowUp(
  uid: string,
  shopId: string,
  batches: BatchList['batches'] | undefined,
) {
  useFollowUp(uid, shopId, batches, batchWritesSettled);
}

function useFollowUp<Written>(
  uid: string,
  shopId: string,
  written: Written | undefined,
  settled: (previous: Written | undefined, next: Written) => boolean,
) {
  const queryClient = useQueryClient();
  const previous = useRef<Written | undefined>(undefined);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => {
    if (written === undefined) return;
    const anySettled = settled(previous.current, written);
    previous.current = written;
    if (!anySettled) return;
    refreshAfterWrite(queryClient, uid, shopId);
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = reauditRefreshDelaysMs.map((delay, index) =>
      setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: pageDetailKey(uid, shopId) });
        // The list and the overview once more, when the page has surely been audited again.
        if (index === reauditRefreshDelaysMs.length - 1)
          refreshAfterWrite(queryClient, uid, shopId);
      }, delay),
    );
  }, [written, settled, queryClient, uid, shopId]);

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer);
    },
    [],
  );
}
