import { useQuery } from '@tanstack/react-query';
import { dashboardContracts as contracts } from '#shared/contracts/dashboard.ts';
import { callApi } from '#client/lib/call-api.ts';

/**
 * The dashboard's one call, under the signed-in user's uid and the store shown. While a store's
 * import or audit runs, it is read again every few seconds, so that the figures follow.
 */
export const dashboardKeys = {
  all: (uid: string) => ['dashboard', uid] as const,
  store: (uid: string, shopId: string | null) => ['dashboard', uid, shopId] as const,
};

const busyRefetchMs = 3000;

export function useDashboard(uid: string, shopId: string | null) {
  return useQuery({
    queryKey: dashboardKeys.store(uid, shopId),
    queryFn: async () =>
      (await callApi(contracts.read, { query: shopId === null ? {} : { shopId } })).data,
    enabled: uid !== '',
    refetchInterval: (query) => {
      const store = query.state.data?.store;
      return store !== undefined &&
        store !== null &&
        (store.auditing || store.sync.state === 'importing')
        ? busyRefetchMs
        : false;
    },
  });
}
