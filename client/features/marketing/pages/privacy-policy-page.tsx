import { Trans } from 'react-i18next';
import {
  browserStorageKeys,
  localeCookieName,
  preferenceCookieMaxAgeDays,
  session,
  themeCookieName,
} from '#shared/constants.ts';
import { DocumentHead } from '#client/components/document-head.tsx';
import { openConsentBanner } from '#client/lib/consent.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ContactEmailLink } from '../components/contact-email-link.tsx';
import { TextList } from '../components/text-list.tsx';
import { contactEmail } from '../contact-email.ts';
import { usePageLanguage } from '../use-page-language.ts';
import '../marketing.css';

export const namespaces = ['marketing'] as const;

const dayMs = 24 * 60 * 60 * 1000;

/** The durations the policy states, taken from the rules the product applies. */
const durations = {
  idleDays: Math.round(session.idleExpiryMs / dayMs),
  maxDays: Math.round(session.absoluteExpiryMs / dayMs),
  days: preferenceCookieMaxAgeDays,
};

/** The French data protection authority, in the reader's language. */
const cnilUrl = { en: 'https://www.cnil.fr/en', fr: 'https://www.cnil.fr/fr' } as const;

const dataKinds = ['identity', 'sessions', 'store', 'messages', 'errors', 'logs'] as const;

/**
 * Everything the product keeps in the browser (shared/constants.ts and
 * docs/decisions/0008-consent-and-browser-storage.md), named as the code names it, so that the
 * policy cannot drift from what is actually stored.
 */
const browserEntries = [
  { id: 'session', names: [session.cookieName], necessary: true },
  { id: 'language', names: [localeCookieName], necessary: false },
  { id: 'theme', names: [themeCookieName], necessary: false },
  { id: 'consent', names: [browserStorageKeys.cookieConsent], necessary: true },
  {
    id: 'signUp',
    names: [browserStorageKeys.pendingRegistration, browserStorageKeys.verificationPending],
    necessary: true,
  },
  { id: 'reload', names: [browserStorageKeys.chunkReload], necessary: true },
] as const;

/** `/privacy-policy`: the full policy: data, purposes, cookies, consent, deletion, rights. */
export default function PrivacyPolicyPage() {
  const { t } = useTranslation('marketing');
  const language = usePageLanguage();
  const emailLink = { email: <ContactEmailLink /> };

  return (
    <article className="marketing marketing-prose">
      <DocumentHead
        title={t('heads.privacy-policy.title')}
        description={t('heads.privacy-policy.description')}
      />
      <h1>{t('privacyPolicy.title')}</h1>
      <p className="marketing-lead">{t('privacyPolicy.intro')}</p>

      <section className="marketing-text-section" aria-labelledby="policy-controller">
        <h2 id="policy-controller">{t('privacyPolicy.controller.heading')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="privacyPolicy.controller.text"
            values={{ email: contactEmail }}
            components={emailLink}
          />
        </p>
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-data">
        <h2 id="policy-data">{t('privacyPolicy.data.heading')}</h2>
        <h3>{t('privacyPolicy.data.account.heading')}</h3>
        <TextList group={t('privacyPolicy.data.account.items', { returnObjects: true })} />
        {dataKinds.map((kind) => (
          <div key={kind}>
            <h3>{t(`privacyPolicy.data.${kind}.heading`)}</h3>
            <p>{t(`privacyPolicy.data.${kind}.text`)}</p>
          </div>
        ))}
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-purposes">
        <h2 id="policy-purposes">{t('privacyPolicy.purposes.heading')}</h2>
        <TextList group={t('privacyPolicy.purposes.items', { returnObjects: true })} />
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-cookies">
        <h2 id="policy-cookies">{t('privacyPolicy.cookies.heading')}</h2>
        <p>{t('privacyPolicy.cookies.intro')}</p>
        <ul className="storage-list">
          {browserEntries.map((entry) => (
            <li key={entry.id} className="card storage-entry">
              <h3 className="storage-entry-names">
                {entry.names.map((name, index) => (
                  <span key={name}>
                    {index > 0 && ', '}
                    <code>{name}</code>
                  </span>
                ))}
              </h3>
              <dl>
                <dt>{t('privacyPolicy.cookies.kindLabel')}</dt>
                <dd>{t(`privacyPolicy.cookies.${entry.id}.kind`)}</dd>
                <dt>{t('privacyPolicy.cookies.purposeLabel')}</dt>
                <dd>{t(`privacyPolicy.cookies.${entry.id}.purpose`)}</dd>
                <dt>{t('privacyPolicy.cookies.durationLabel')}</dt>
                <dd>{t(`privacyPolicy.cookies.${entry.id}.duration`, durations)}</dd>
                <dt>{t('privacyPolicy.cookies.consentLabel')}</dt>
                <dd>
                  {t(
                    entry.necessary
                      ? 'privacyPolicy.cookies.necessary'
                      : 'privacyPolicy.cookies.withConsent',
                  )}
                </dd>
              </dl>
            </li>
          ))}
        </ul>
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-withdraw">
        <h2 id="policy-withdraw">{t('privacyPolicy.withdraw.heading')}</h2>
        <p>{t('privacyPolicy.withdraw.text')}</p>
        <button type="button" className="button button-secondary" onClick={openConsentBanner}>
          {t('privacyPolicy.withdraw.button')}
        </button>
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-deletion">
        <h2 id="policy-deletion">{t('privacyPolicy.deletion.heading')}</h2>
        <p>{t('privacyPolicy.deletion.text')}</p>
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-retention">
        <h2 id="policy-retention">{t('privacyPolicy.retention.heading')}</h2>
        <TextList
          group={t('privacyPolicy.retention.items', { returnObjects: true, ...durations })}
        />
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-processors">
        <h2 id="policy-processors">{t('privacyPolicy.processors.heading')}</h2>
        <TextList group={t('privacyPolicy.processors.items', { returnObjects: true })} />
        <p>{t('privacyPolicy.processors.transfers')}</p>
        <p>{t('privacyPolicy.processors.billing')}</p>
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-security">
        <h2 id="policy-security">{t('privacyPolicy.security.heading')}</h2>
        <p>{t('privacyPolicy.security.text')}</p>
      </section>

      <section className="marketing-text-section" aria-labelledby="policy-rights">
        <h2 id="policy-rights">{t('privacyPolicy.rights.heading')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="privacyPolicy.rights.text"
            values={{ email: contactEmail }}
            components={{
              ...emailLink,
              cnilLink: <a href={cnilUrl[language]} hrefLang={language} />,
            }}
          />
        </p>
      </section>
    </article>
  );
}
