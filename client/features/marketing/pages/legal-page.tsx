import { Trans } from 'react-i18next';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ContactEmailLink } from '../components/contact-email-link.tsx';
import { contactEmail } from '../contact-email.ts';
import '../marketing.css';

export const namespaces = ['marketing'] as const;

const sections = [
  'publisher',
  'contact',
  'hosting',
  'intellectualProperty',
  'liability',
  'links',
  'personalData',
  'law',
] as const;

/** `/legal`: the legal notice (publisher, contact, hosting, intellectual property, law). */
export default function LegalPage() {
  const { t } = useTranslation('marketing');

  return (
    <article className="marketing marketing-prose">
      <DocumentHead title={t('heads.legal.title')} description={t('heads.legal.description')} />
      <h1>{t('legal.title')}</h1>
      <p className="marketing-lead">{t('legal.intro')}</p>
      {sections.map((section) => (
        <section
          key={section}
          className="marketing-text-section"
          aria-labelledby={`legal-${section}`}
        >
          <h2 id={`legal-${section}`}>{t(`legal.${section}.heading`)}</h2>
          <p>
            <Trans
              t={t}
              i18nKey={`legal.${section}.text`}
              values={{ email: contactEmail }}
              components={{
                email: <ContactEmailLink />,
                policyLink: <AppLink to="/privacy-policy" />,
              }}
            />
          </p>
        </section>
      ))}
    </article>
  );
}
