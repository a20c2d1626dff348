import { DocumentHead } from '../../../components/document-head.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['shops'];

/** Where Shopify's OAuth will start in its popup; until stores can be connected, it says so. */
export default function OAuthShopifyPage() {
  const { t } = useTranslation('shops');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <DocumentHead title={tCommon('routes.oauth-shopify')} />
      <h1>{tCommon('routes.oauth-shopify')}</h1>
      <p>{t('oauthShopify.text')}</p>
    </>
  );
}
