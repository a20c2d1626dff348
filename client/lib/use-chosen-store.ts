import { useSearchParams } from 'react-router';
import type { Shop } from '#shared/schemas/shops.ts';
import { useAuthState } from './auth-session.ts';
import { chosenStore, storesRefetchInterval } from './store-choice.ts';
import { useStoreList } from './store-list.ts';

/**
 * The store a screen shows, remembered in the address (`?shop=<id>`) so that a reload, a link or
 * the back button keeps it: the one named there, else the first ready store. The stores are read
 * again every moment while the one shown has its first import running.
 */
export function useChosenStore() {
  const auth = useAuthState();
  const uid = auth.status === 'signed-in' ? auth.user.uid : '';
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedId = searchParams.get('shop');
  const shopsQuery = useStoreList(uid, (list) => storesRefetchInterval(list, requestedId));
  const shop: Shop | null =
    shopsQuery.data === undefined ? null : chosenStore(shopsQuery.data, requestedId);

  /** Shows another store: what was filtered or opened belonged to the previous one. */
  function choose(shopId: string): void {
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('shop', shopId);
      next.delete('page');
      return next;
    });
  }

  return { uid, shopsQuery, shops: shopsQuery.data?.shops ?? [], shop, choose };
}

export type ChosenStore = ReturnType<typeof useChosenStore>;
