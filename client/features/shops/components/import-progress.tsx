import { useId } from 'react';
import type { Shop } from '#shared/schemas/shops.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { progressOf } from '../shop-presentation.ts';

/**
 * The first import's progress: a bar (indeterminate until Shopify has said how many records the
 * store has) and its figures in words, in a polite live region so that a screen reader hears the
 * import move on without being interrupted.
 */
export function ImportProgress({ shop, name }: { shop: Shop; name: string }) {
  const { t } = useTranslation('shops');
  const textId = useId();
  const { done, total, percent } = progressOf(shop);
  const text =
    shop.state === 'connecting'
      ? t('store.connectingText')
      : total !== null && percent !== null
        ? t('store.progress', { count: done, done, total, percent })
        : t('store.progressNoTotal', { count: done, done });

  return (
    <div className="shop-progress">
      <progress
        className="shop-progress-bar"
        max={100}
        {...(percent !== null && { value: percent })}
        aria-label={t('store.progressLabel', { name })}
        aria-describedby={textId}
      />
      <p id={textId} className="shop-progress-text" role="status">
        {text}
      </p>
    </div>
  );
}
