import { useTranslation } from 'react-i18next';
import { DocumentHead } from '../../../components/document-head.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Namespace } from '../../../lib/i18n.ts';

export const namespaces: readonly Namespace[] = ['app'];

/** Until the contact form arrives, the honest way to reach the team: an e-mail address. */
export default function ContactPage() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation();
  const email = t('contact.email');
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.contact')} />
      <PageHeader title={tCommon('routes.contact')} />
      <section className="card">
        <p>{t('contact.text')}</p>
        <p>
          <span className="muted">{t('contact.emailLabel')}</span>{' '}
          <a href={`mailto:${email}`}>{email}</a>
        </p>
      </section>
    </div>
  );
}
