import { useState } from 'react';
import type { PublicationView } from '#shared/schemas/blog.ts';
import { Button } from '#client/components/button.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * The post was changed in Shopify since Vitrine last wrote it, so publishing wrote nothing: the
 * owner keeps Shopify's text (it becomes the post's), publishes theirs over it, or first sees both.
 */
export function StoreConflict({
  shopifyVersion,
  ours,
  busy,
  onKeepShopify,
  onPublishOurs,
}: {
  shopifyVersion: NonNullable<PublicationView['shopifyVersion']>;
  ours: { title: string; bodyHtml: string };
  busy: boolean;
  onKeepShopify: () => void;
  onPublishOurs: () => void;
}) {
  const { t, i18n } = useTranslation('blog');
  const [comparing, setComparing] = useState(false);
  const when =
    shopifyVersion.updatedAt === ''
      ? ''
      : new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', {
          dateStyle: 'medium',
          timeStyle: 'short',
        }).format(new Date(shopifyVersion.updatedAt));
  return (
    <div className="notice post-conflict" role="alert">
      <p>
        <strong>{t('storeConflict.title')}</strong>
      </p>
      <p>{t('storeConflict.text', { when })}</p>
      <div className="button-row">
        <Button type="button" variant="secondary" disabled={busy} onClick={onKeepShopify}>
          {t('storeConflict.keepShopify')}
        </Button>
        <Button type="button" disabled={busy} onClick={onPublishOurs}>
          {t('storeConflict.publishOurs')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          aria-expanded={comparing}
          onClick={() => setComparing(!comparing)}
        >
          {t('storeConflict.compare')}
        </Button>
      </div>
      {comparing && (
        <div className="conflict-compare">
          <section aria-label={t('storeConflict.shopifySide')}>
            <h4>{t('storeConflict.shopifySide')}</h4>
            <p>
              <strong>{shopifyVersion.title}</strong>
            </p>
            <p className="conflict-body">{textOf(shopifyVersion.bodyHtml)}</p>
          </section>
          <section aria-label={t('storeConflict.ourSide')}>
            <h4>{t('storeConflict.ourSide')}</h4>
            <p>
              <strong>{ours.title}</strong>
            </p>
            <p className="conflict-body">{textOf(ours.bodyHtml)}</p>
          </section>
        </div>
      )}
    </div>
  );
}

/** A body's text as read, for the comparison: never rendered as markup. */
function textOf(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}
