import { AppLink } from '../../../components/app-link.tsx';
import { DocumentHead } from '../../../components/document-head.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['shops'];

/**
 * Shopify's way back to Vitrine: the BFF answers this address itself whenever Shopify sends the
 * owner here (a connection's callback, an install started from Shopify). The page shows only when
 * the address is opened by hand, with nothing to finish: it says so and points to the stores.
 */
export default function OAuthShopifyPage() {
  const { t } = useTranslation('shops');
  const { t: tCommon } = useTranslation();
  return (
    <>
      <DocumentHead title={tCommon('routes.oauth-shopify')} />
      <h1>{tCommon('routes.oauth-shopify')}</h1>
      <p>{t('oauthShopify.text')}</p>
      <p>
        <AppLink to="/shops">{t('oauthShopify.link')}</AppLink>
      </p>
    </>
  );
}
