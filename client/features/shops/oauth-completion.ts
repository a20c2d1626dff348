import { errorCodes } from '#shared/errors.ts';
import { oauthCompletionMessageType, type OAuthCompletionMessage } from '#shared/schemas/shops.ts';
import { isShopDomain } from '#shared/shop-domain.ts';

/**
 * What /oauth/complete tells the window that opened the popup, read from the address the BFF sent
 * the popup to (`?result=connected&shop=<domain>` or `?result=failed&error=<code>`). Anything else
 * reads as a failure: a connection is told only for a real store domain, and only a code of
 * shared/errors.ts travels on (the opener words it), whatever the address says. Pure: tested in Node.
 */
export function completionMessageFrom(query: URLSearchParams): OAuthCompletionMessage {
  const shop = query.get('shop');
  if (query.get('result') === 'connected' && shop !== null && isShopDomain(shop)) {
    return { type: oauthCompletionMessageType, result: 'connected', shopDomain: shop };
  }
  const error = query.get('error') ?? '';
  const known = (errorCodes as readonly string[]).includes(error);
  return {
    type: oauthCompletionMessageType,
    result: 'failed',
    errorCode: known ? error : 'internal_error',
  };
}
