import { useQuery } from '@tanstack/react-query';
import { shopsContracts } from '#shared/contracts/shops.ts';
import type { ShopList } from '#shared/schemas/shops.ts';
import { callApi } from './call-api.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The owner's stores, read once for every screen that shows them (the stores screen, the store
 * picker of the SEO screens and those that come after them), under one key: a store connected,
 * disconnected or kept active on one screen is seen at once on the others.
 */

/** The owner's stores, each with its connection and import state, and what the plan allows. */
export async function fetchStoreList(): Promise<ShopList> {
  return (await callApi(shopsContracts.list, {})).data;
}

/**
 * The stores as the screen needs them: `refetchInterval` says, from the list as last read, how soon
 * this screen wants it read again (a store it shows still importing), or `false`. Each screen asks
 * for its own pace; the list is still read once.
 */
export function useStoreList(
  uid: string,
  refetchInterval: (list: ShopList | undefined) => number | false = () => false,
) {
  return useQuery<ShopList>({
    queryKey: queryKeys.stores(uid),
    queryFn: fetchStoreList,
    refetchInterval: (query) => refetchInterval(query.state.data),
  });
}
