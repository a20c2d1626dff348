import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShopList } from '#shared/schemas/shops.ts';
import { queryKeys } from '#client/lib/query-keys.ts';
import { useStoreList } from '#client/lib/store-list.ts';
import { refetchIntervalFor } from '../shop-presentation.ts';
import { disconnectShop, keepShopActive } from './shops-api.ts';

/**
 * The stores screen's server state: the list, read again every moment while a store is being
 * connected or imported so that the progress moves on its own, and still otherwise; and the
 * disconnection, after which the list is read again; and the choice of the store kept active, whose
 * answer is the list as it now is.
 */

const shopsKey = queryKeys.stores;

export function useShops(uid: string) {
  return useStoreList(uid, refetchIntervalFor);
}

/** Reads the list again now, after a store was connected in the popup. */
export function useRefreshShops(uid: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: shopsKey(uid) });
}

export function useDisconnectShop(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectShop,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopsKey(uid) }),
  });
}

export function useKeepShopActive(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: keepShopActive,
    onSuccess: (list) => queryClient.setQueryData<ShopList>(shopsKey(uid), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopsKey(uid) }),
  });
}
