import {
  keepPreviousData,
  useMutation,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { seoContracts as contracts } from '#shared/contracts/seo.ts';
import { pageParamsOf, type PageListQuery, type SeoOverview } from '#shared/schemas/seo.ts';
import { callApi } from '#client/lib/call-api.ts';
import { overviewRefetchInterval } from '../seo-presentation.ts';

/**
 * The SEO screens' server state, keyed by the signed-in user's uid (the stores they choose from are
 * client/lib/use-chosen-store.ts's): the overview (read again every moment while its audit
 * runs, so that the progress moves on its own), slices of the pages list, a page's detail, and the
 * start of an audit.
 */

const seoKey = (uid: string) => ['seo', uid] as const;

/** Everything read of one store's audit and changes: invalidated as a whole after an audit. */
export const storeKey = (uid: string, shopId: string) => [...seoKey(uid), shopId] as const;
/** A page's detail (`page` with no id: every page's). */
export const pageDetailKey = (uid: string, shopId: string, pageId?: string) =>
  pageId === undefined
    ? ([...storeKey(uid, shopId), 'page'] as const)
    : ([...storeKey(uid, shopId), 'page', pageId] as const);
/** Every slice of the pages list. */
export const pageListKey = (uid: string, shopId: string) =>
  [...storeKey(uid, shopId), 'pages'] as const;

export const overviewKey = (uid: string, shopId: string) =>
  [...storeKey(uid, shopId), 'overview'] as const;

export function useSeoOverview(uid: string, shopId: string | null) {
  return useQuery({
    queryKey: overviewKey(uid, shopId ?? ''),
    queryFn: async () =>
      (await callApi(contracts.overview, { params: { shopId: shopId ?? '' } })).data,
    enabled: shopId !== null,
    refetchInterval: (query) => overviewRefetchInterval(query.state.data),
  });
}

/**
 * Starts an audit; the run it answers shows at once in the overview (whose polling then follows
 * it), and everything read of the store's audit is read again once it is done.
 */
export function useStartAudit(uid: string, shopId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await callApi(contracts.startAudit, { params: { shopId } })).data,
    onSuccess: (run) => {
      queryClient.setQueryData<SeoOverview>(overviewKey(uid, shopId), (overview) =>
        overview === undefined ? overview : { ...overview, lastRun: run },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKey(uid, shopId) }),
  });
}

/**
 * The slices of the pages list the rows on screen need, each `limit` pages from `offset`, in the
 * order given. A slice read once is kept (TanStack Query's cache) while the owner scrolls back.
 */
export function usePageListSlices(
  uid: string,
  shopId: string,
  slices: ReadonlyArray<{ index: number; query: PageListQuery }>,
) {
  return useQueries({
    queries: slices.map(({ query }) => ({
      queryKey: [...pageListKey(uid, shopId), query] as const,
      queryFn: async () => (await callApi(contracts.listPages, { params: { shopId }, query })).data,
    })),
  });
}

/** How many pages left out one slice of their list holds. */
export const leftOutSliceSize = 50;

/**
 * One slice of the published pages the audit left out (past the plan's limit), from `offset`; read
 * again with everything else of the store's audit once an audit is done.
 */
export function useLeftOutPages(uid: string, shopId: string, offset: number) {
  return useQuery({
    queryKey: [...storeKey(uid, shopId), 'left-out', offset] as const,
    queryFn: async () =>
      (
        await callApi(contracts.leftOutPages, {
          params: { shopId },
          query: { offset, limit: leftOutSliceSize },
        })
      ).data,
    // The slice on screen stays while the next one is read.
    placeholderData: keepPreviousData,
  });
}

export function usePageDetail(uid: string, shopId: string, pageId: string | null) {
  return useQuery({
    queryKey: pageDetailKey(uid, shopId, pageId ?? ''),
    queryFn: async () => {
      const params = { shopId, ...pageParamsOf(pageId ?? '') };
      return (await callApi(contracts.pageDetail, { params })).data;
    },
    enabled: pageId !== null,
  });
}
