import { Trans } from 'react-i18next';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { openConsentBanner } from '#client/lib/consent.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ContactEmailLink } from '../components/contact-email-link.tsx';
import { TextList } from '../components/text-list.tsx';
import { contactEmail } from '../contact-email.ts';
import '../marketing.css';

export const namespaces = ['marketing'] as const;

const listSections = ['collect', 'why', 'never'] as const;

/** `/privacy`: privacy in a few plain lines, leading to the full policy. */
export default function PrivacyPage() {
  const { t } = useTranslation('marketing');

  return (
    <article className="marketing marketing-prose">
      <DocumentHead title={t('heads.privacy.title')} description={t('heads.privacy.description')} />
      <h1>{t('privacy.title')}</h1>
      <p className="marketing-lead">{t('privacy.intro')}</p>

      {listSections.map((section) => (
        <section
          key={section}
          className="marketing-text-section"
          aria-labelledby={`privacy-${section}`}
        >
          <h2 id={`privacy-${section}`}>{t(`privacy.${section}.heading`)}</h2>
          <TextList group={t(`privacy.${section}.items`, { returnObjects: true })} />
        </section>
      ))}

      <section className="marketing-text-section" aria-labelledby="privacy-cookies">
        <h2 id="privacy-cookies">{t('privacy.cookies.heading')}</h2>
        <p>{t('privacy.cookies.text')}</p>
        <button type="button" className="button button-secondary" onClick={openConsentBanner}>
          {t('privacy.cookies.button')}
        </button>
      </section>

      <section className="marketing-text-section" aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">{t('privacy.rights.heading')}</h2>
        <p>
          <Trans
            t={t}
            i18nKey="privacy.rights.text"
            values={{ email: contactEmail }}
            components={{ email: <ContactEmailLink /> }}
          />
        </p>
      </section>

      <p className="marketing-text-section">
        <AppLink className="button" to="/privacy-policy">
          {t('privacy.fullPolicy')}
        </AppLink>
      </p>
    </article>
  );
}
