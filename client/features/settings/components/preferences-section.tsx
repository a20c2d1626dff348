import { LanguageSwitcher } from '#client/components/language-switcher.tsx';
import { ThemeSwitcher } from '#client/components/theme-switcher.tsx';
import { useConsent } from '#client/lib/consent.ts';
import { acceptCookies, refuseCookies } from '#client/lib/preferences.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * Language, theme and cookie consent (accept or withdraw). Each switch applies at once and is saved
 * to the account (preferences.ts); the cookies follow only with consent
 * (docs/decisions/0008-consent-and-browser-storage.md).
 */
export function PreferencesSection() {
  const { t } = useTranslation('settings');
  const consent = useConsent();
  const consentText =
    consent === 'accepted'
      ? t('settings.preferences.consentAccepted')
      : consent === 'refused'
        ? t('settings.preferences.consentRefused')
        : t('settings.preferences.consentUnset');

  return (
    <section className="card settings-section" aria-labelledby="settings-preferences">
      <h2 id="settings-preferences">{t('settings.preferences.title')}</h2>
      <p className="muted">{t('settings.preferences.intro')}</p>
      <div className="settings-fields">
        <LanguageSwitcher showLabel />
        <ThemeSwitcher showLabel />
      </div>
      <h3>{t('settings.preferences.cookiesTitle')}</h3>
      <p className="consent-status">{consentText}</p>
      <div className="button-row">
        {consent !== 'accepted' && (
          <button type="button" className="button" onClick={acceptCookies}>
            {t('settings.preferences.accept')}
          </button>
        )}
        {consent === 'accepted' && (
          <button type="button" className="button button-secondary" onClick={refuseCookies}>
            {t('settings.preferences.withdraw')}
          </button>
        )}
        {consent === undefined && (
          <button type="button" className="button" onClick={refuseCookies}>
            {t('settings.preferences.refuse')}
          </button>
        )}
      </div>
    </section>
  );
}
