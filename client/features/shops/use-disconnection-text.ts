import { useCallback } from 'react';
import type { ShopDisconnection } from '#shared/schemas/shops.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { countKinds } from './shop-presentation.ts';

/**
 * What the owner reads once a store is disconnected: what Vitrine removed of it and, when Shopify
 * did not confirm the app's removal, how to remove it in Shopify's admin, where it may be left.
 */
export function useDisconnectionText(): (result: ShopDisconnection) => string {
  const { t, i18n } = useTranslation('shops');
  return useCallback(
    (result: ShopDisconnection) => {
      const removed = countKinds
        .filter((kind) => result.removed[kind] > 0)
        .map((kind) => t(`counts.${kind}`, { count: result.removed[kind] }));
      const language = i18n.resolvedLanguage ?? 'en';
      const sentence =
        removed.length === 0
          ? t('disconnect.doneEmpty', { domain: result.shopDomain })
          : t('disconnect.done', {
              domain: result.shopDomain,
              removed: new Intl.ListFormat(language, { type: 'conjunction' }).format(removed),
            });
      return result.uninstalled ? sentence : `${sentence} ${t('disconnect.removeInShopify')}`;
    },
    [t, i18n],
  );
}
