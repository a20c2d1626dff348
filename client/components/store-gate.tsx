import type { ReactNode } from 'react';
import type { Shop } from '#shared/schemas/shops.ts';
import { storeReadiness, type StoreReadiness } from '#client/lib/store-choice.ts';
import type { ChosenStore } from '#client/lib/use-chosen-store.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { AppLink } from './app-link.tsx';
import { QueryFailed, QueryLoading } from './query-state.tsx';
import { StorePicker } from './store-picker.tsx';

/**
 * What a screen that works on one store shows before its own view: the stores loading or failing
 * to load, no store yet (`empty`: the screen says what it will do once one is connected), the store
 * picker when there are several, and a store whose first import has not finished or cannot be read
 * (`notReady`: the screen says in its words what waits for the store, and the notice leads to the
 * Shops page, where the store's state is explained). The screen's own view is `children`, for a
 * store whose copy is there.
 */
export function StoreGate({
  chosen,
  empty,
  notReady,
  children,
}: {
  chosen: ChosenStore;
  empty: ReactNode;
  notReady: {
    /** What waits for the store, named `name`, in the screen's words. */
    text: (name: string, readiness: Exclude<StoreReadiness, 'ready'>) => string;
    shopsLink: string;
  };
  children: (shop: Shop) => ReactNode;
}) {
  const { t } = useTranslation();
  const { shopsQuery, shops, shop, choose } = chosen;

  if (shopsQuery.isPending) return <QueryLoading text={t('stores.loading')} />;
  if (shopsQuery.isError) {
    return (
      <QueryFailed
        error={shopsQuery.error}
        fallback={t('stores.loadFailed')}
        retrying={shopsQuery.isFetching}
        onRetry={() => void shopsQuery.refetch()}
      />
    );
  }
  if (shop === null) return <>{empty}</>;

  const readiness = storeReadiness(shop);
  return (
    <>
      <StorePicker shops={shops} shop={shop} onChoose={choose} />
      {readiness === 'ready' ? (
        children(shop)
      ) : (
        <div className="notice store-waiting" role="status">
          <p>{notReady.text(shop.name ?? shop.shopDomain, readiness)}</p>
          <p>
            <AppLink to="/shops">{notReady.shopsLink}</AppLink>
          </p>
        </div>
      )}
    </>
  );
}
