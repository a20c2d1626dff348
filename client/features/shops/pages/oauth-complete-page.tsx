import { DocumentHead } from '../../../components/document-head.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['shops'];

/** Where Shopify's OAuth will return; until stores can be connected, it says so. */
export default function OAuthCompletePage() {
  const { t } = useTranslation('shops');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <DocumentHead title={tCommon('routes.oauth-complete')} />
      <h1>{tCommon('routes.oauth-complete')}</h1>
      <p>{t('oauthComplete.text')}</p>
    </>
  );
}
