import { useTranslation } from 'react-i18next';
import { DocumentHead } from '../../../components/document-head.tsx';
import { LanguageSwitcher } from '../../../components/language-switcher.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { ThemeSwitcher } from '../../../components/theme-switcher.tsx';
import { useConsent } from '../../../lib/consent.ts';
import type { Namespace } from '../../../lib/i18n.ts';
import { acceptCookies, refuseCookies } from '../../../lib/preferences.ts';
import '../settings.css';

export const namespaces: readonly Namespace[] = ['app'];

/**
 * Settings, its preferences part: language, theme and the cookie consent (accept or withdraw). The
 * account part (profile, password, deletion) is issue 4's.
 */
export default function SettingsPage() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation();
  const consent = useConsent();
  const consentText =
    consent === 'accepted'
      ? tCommon('settings.preferences.consentAccepted')
      : consent === 'refused'
        ? tCommon('settings.preferences.consentRefused')
        : tCommon('settings.preferences.consentUnset');

  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.settings')} />
      <PageHeader title={tCommon('routes.settings')}>
        <p>{t('settings.accountSoon')}</p>
      </PageHeader>
      <section className="card settings-section" aria-labelledby="settings-preferences">
        <h2 id="settings-preferences">{tCommon('settings.preferences.title')}</h2>
        <p className="muted">{tCommon('settings.preferences.intro')}</p>
        <div className="settings-fields">
          <LanguageSwitcher showLabel />
          <ThemeSwitcher showLabel />
        </div>
        <h3>{tCommon('settings.preferences.cookiesTitle')}</h3>
        <p className="consent-status">{consentText}</p>
        <div className="button-row">
          {consent !== 'accepted' && (
            <button type="button" className="button" onClick={acceptCookies}>
              {tCommon('settings.preferences.accept')}
            </button>
          )}
          {consent === 'accepted' && (
            <button type="button" className="button button-secondary" onClick={refuseCookies}>
              {tCommon('settings.preferences.withdraw')}
            </button>
          )}
          {consent === undefined && (
            <button type="button" className="button" onClick={refuseCookies}>
              {tCommon('settings.preferences.refuse')}
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
