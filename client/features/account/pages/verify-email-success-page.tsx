import { useTranslation } from 'react-i18next';
import { DocumentHead } from '../../../components/document-head.tsx';
import type { Namespace } from '../../../lib/i18n.ts';

export const namespaces: readonly Namespace[] = ['app'];

/** Where the verification link returns; the flow arrives with issue 4. */
export default function VerifyEmailSuccessPage() {
  const { t } = useTranslation('app');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <DocumentHead title={tCommon('routes.verify-email-success')} />
      <h1>{tCommon('routes.verify-email-success')}</h1>
      <p>{t('verifyEmailSuccess.text')}</p>
    </>
  );
}
