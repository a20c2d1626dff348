import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link.tsx';
import { DocumentHead } from '../../../components/document-head.tsx';
import type { Namespace } from '../../../lib/i18n.ts';

export const namespaces: readonly Namespace[] = ['app'];

/**
 * The sign-in page. It is prerendered (a public page crawlers may index), so it carries a
 * description; the sign-in and sign-up forms themselves arrive with issue 4.
 */
export default function LoginPage() {
  const { t } = useTranslation('app');
  return (
    <>
      <DocumentHead title={t('heads.login.title')} description={t('heads.login.description')} />
      <h1>{t('heads.login.title')}</h1>
      <p>{t('login.text')}</p>
      <p>
        <AppLink className="button button-secondary" to="/pricing">
          {t('login.pricingLink')}
        </AppLink>
      </p>
    </>
  );
}
