import type { ReactNode } from 'react';
import type { Shop } from '../../../../shared/schemas/shops.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { storeReadiness } from '../seo-presentation.ts';
import type { useChosenStore } from '../use-chosen-store.ts';
import { LoadFailed } from './load-failed.tsx';
import { StorePicker } from './store-picker.tsx';

/**
 * What both SEO screens show before the audit itself: the stores loading or failing to load, no
 * store yet (with the way to connect one), the store picker when there are several, and a store
 * whose first import has not finished (the audit runs once it has). The audit's own view is
 * `children`, for a store whose copy is there.
 */
export function SeoStoreGate({
  chosen,
  children,
}: {
  chosen: ReturnType<typeof useChosenStore>;
  children: (shop: Shop) => ReactNode;
}) {
  const { t } = useTranslation('seo');
  const { shopsQuery, shops, shop, choose } = chosen;

  if (shopsQuery.isPending) {
    return (
      <p className="muted" role="status">
        {t('store.loading')}
      </p>
    );
  }
  if (shopsQuery.isError) {
    return (
      <LoadFailed
        error={shopsQuery.error}
        fallback={t('store.loadFailed')}
        retrying={shopsQuery.isFetching}
        onRetry={() => void shopsQuery.refetch()}
      />
    );
  }
  if (shop === null) {
    return (
      <EmptyState
        title={t('seo.emptyTitle')}
        actions={
          <AppLink className="button" to="/shops">
            {t('seo.shopsLink')}
          </AppLink>
        }
      >
        <p>{t('seo.text')}</p>
        <p>{t('seo.findings')}</p>
      </EmptyState>
    );
  }

  const name = shop.name ?? shop.shopDomain;
  const readiness = storeReadiness(shop);
  return (
    <>
      <StorePicker shops={shops} shop={shop} onChoose={choose} />
      {readiness === 'audited' ? (
        children(shop)
      ) : (
        <div className="notice seo-store-waiting" role="status">
          <p>
            {readiness === 'importing'
              ? t('store.importing', { name })
              : t('store.unavailable', { name })}
          </p>
          <p>
            <AppLink to="/shops">{t('store.shopsLink')}</AppLink>
          </p>
        </div>
      )}
    </>
  );
}
