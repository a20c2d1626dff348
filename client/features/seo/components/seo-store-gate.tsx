import type { ReactNode } from 'react';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { buttonClassName } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { StoreGate } from '#client/components/store-gate.tsx';
import type { ChosenStore } from '#client/lib/use-chosen-store.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * What both SEO screens show before the audit itself (client/components/store-gate.tsx), in the
 * SEO's words: no store yet, with what the audit will check and the way to connect one, and a store
 * whose first import has not finished (the audit runs once it has). The audit's own view is
 * `children`, for a store whose copy is there.
 */
export function SeoStoreGate({
  chosen,
  children,
}: {
  chosen: ChosenStore;
  children: (shop: Shop) => ReactNode;
}) {
  const { t } = useTranslation('seo');
  return (
    <StoreGate
      chosen={chosen}
      empty={
        <EmptyState
          title={t('seo.emptyTitle')}
          actions={
            <AppLink className={buttonClassName()} to="/shops">
              {t('seo.shopsLink')}
            </AppLink>
          }
        >
          <p>{t('seo.text')}</p>
          <p>{t('seo.findings')}</p>
        </EmptyState>
      }
      notReady={{
        text: (name, readiness) =>
          readiness === 'importing'
            ? t('store.importing', { name })
            : t('store.unavailable', { name }),
        shopsLink: t('store.shopsLink'),
      }}
    >
      {children}
    </StoreGate>
  );
}
