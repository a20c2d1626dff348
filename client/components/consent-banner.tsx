import { useId } from 'react';
import { useConsentBannerOpen, useIsPrerendering } from '#client/lib/consent.ts';
import { acceptCookies, refuseCookies } from '#client/lib/preferences.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { AppLink } from './app-link.tsx';

/**
 * The cookie-consent banner (docs/decisions/0008-consent-and-browser-storage.md): open on a first
 * visit and when reopened from the footer or Settings. It is a region, not a dialog: the page stays
 * usable, and Accept and Refuse sit side by side, styled alike, so that refusing is exactly as easy
 * as accepting.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const open = useConsentBannerOpen();
  const prerendering = useIsPrerendering();
  const textId = useId();
  if (!open) return null;
  return (
    <section
      className="consent-banner"
      aria-label={t('consent.label')}
      aria-describedby={textId}
      // The prerendered copy, hidden by the stylesheet when the visitor has already chosen.
      data-prerendered={prerendering ? '' : undefined}
    >
      <div className="consent-banner-inner">
        <p id={textId} className="consent-banner-text">
          {t('consent.text')} <AppLink to="/privacy-policy">{t('consent.policyLink')}</AppLink>
        </p>
        <div className="consent-banner-actions">
          <button type="button" className="button" onClick={acceptCookies}>
            {t('consent.accept')}
          </button>
          <button type="button" className="button" onClick={refuseCookies}>
            {t('consent.refuse')}
          </button>
        </div>
      </div>
    </section>
  );
}
