import type { ReactNode } from 'react';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { buttonClassName } from '#client/components/button.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { StoreGate } from '#client/components/store-gate.tsx';
import type { ChosenStore } from '#client/lib/use-chosen-store.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * What the blog's screens show before their own view (client/components/store-gate.tsx), in the
 * blog's words: no store yet, with the way to connect one, and a store whose first import has not
 * finished (the blog needs its blogs and products). The blog's own view is `children`.
 */
export function BlogStoreGate({
  chosen,
  children,
}: {
  chosen: ChosenStore;
  children: (shop: Shop) => ReactNode;
}) {
  const { t } = useTranslation('blog');
  return (
    <StoreGate
      chosen={chosen}
      empty={
        <EmptyState
          title={t('blog.noShopTitle')}
          actions={
            <AppLink className={buttonClassName()} to="/blog-no-shop">
              {t('blog.noShopLink')}
            </AppLink>
          }
        >
          <p>{t('blog.noShopText')}</p>
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
