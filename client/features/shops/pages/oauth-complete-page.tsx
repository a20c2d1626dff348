import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { OAuthCompletionMessage } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { completionMessageFrom } from '../oauth-completion.ts';

export const namespaces: readonly Namespace[] = ['shops'];

/**
 * Set once the outcome has been handed on. The page can be mounted more than once before the popup
 * closes (a language's texts arriving, a slow close on a busy machine), and the opener must hear the
 * outcome once: a second message would be read as a second connection. A module's variable lives as
 * long as the page: /oauth/complete is always reached by a full load (the BFF's redirect), so each
 * outcome gets a fresh one.
 */
let outcomeHandedOn = false;

/**
 * Where the BFF's answer to Shopify's popup (server/bff/popup-answer-page.ts) goes when it could not
 * tell an opener and close: the outcome goes to the window that opened the popup, if any, on this
 * origin only, and the popup closes. Reached in a full tab (an install
 * started from Shopify's side, no opener), it goes on to /shops with the outcome. If the window
 * cannot close itself (not opened by a script), it says what happened and links to the stores.
 */
export default function OAuthCompletePage() {
  const { t } = useTranslation('shops');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [message] = useState<OAuthCompletionMessage>(() =>
    completionMessageFrom(new URLSearchParams(search)),
  );

  useEffect(() => {
    if (outcomeHandedOn) return;
    outcomeHandedOn = true;
    const opener = window.opener as Window | null;
    if (opener === null) {
      void navigate('/shops', { replace: true, state: message });
      return;
    }
    opener.postMessage(message, window.location.origin);
    window.close();
  }, [message, navigate]);

  return (
    <>
      <DocumentHead title={tCommon('routes.oauth-complete')} />
      <h1>{tCommon('routes.oauth-complete')}</h1>
      <p role="status">
        {message.result === 'connected'
          ? t('oauthComplete.connected', { shop: message.shopDomain })
          : t('oauthComplete.failed')}
      </p>
      <p>
        <AppLink to="/shops">{t('oauthComplete.link')}</AppLink>
      </p>
    </>
  );
}
