import { useTranslation } from 'react-i18next';
import { DocumentHead } from '../../../components/document-head.tsx';
import type { Namespace } from '../../../lib/i18n.ts';

export const namespaces: readonly Namespace[] = ['app'];

/** Where a new account waits for its e-mail verification; the flow arrives with issue 4. */
export default function VerifyEmailPage() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <DocumentHead title={tCommon('routes.verify-email')} />
      <h1>{tCommon('routes.verify-email')}</h1>
      <p>{t('verifyEmail.text')}</p>
    </>
  );
}
