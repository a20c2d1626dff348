import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { ContactForm } from '../components/contact-form.tsx';
import '#client/components/form-controls.css';
import '../contact.css';

export const namespaces: readonly Namespace[] = ['contact'];

/**
 * Contact: a form whose name and e-mail come from the signed-in account, and the
 * team's address for those who would rather write from their own mail program.
 */
export default function ContactPage() {
  const { t } = useTranslation('contact');
  const { t: tCommon } = useTranslation();
  const auth = useAuthState();
  const user = auth.status === 'signed-in' ? auth.user : null;
  const email = t('contact.email');

  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.contact')} />
      <PageHeader title={tCommon('routes.contact')}>
        <p>{t('contact.intro')}</p>
      </PageHeader>
      <ContactForm
        // A new user (a sign-in in another tab) starts a new form with their own name and address.
        key={user?.uid ?? ''}
        uid={user?.uid ?? ''}
        name={user?.displayName ?? ''}
        email={user?.email ?? ''}
      />
      <p className="muted">
        {t('contact.mailto')} <a href={`mailto:${email}`}>{email}</a>
      </p>
    </div>
  );
}
