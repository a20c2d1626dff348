import { createHash } from 'node:crypto';
import { errorCodes } from '#shared/errors.ts';
import { oauthCompletionMessageType, type OAuthCompletionMessage } from '#shared/schemas/shops.ts';
import { isShopDomain } from '#shared/shop-domain.ts';

/**
 * The answer to Shopify's popup when it comes back to the BFF: a page of a few lines, not the app,
 * that posts the outcome to the window that opened the popup and closes the popup. Sending the popup
 * on to the app's /oauth/complete did the same only once the whole client had loaded, and left the
 * app in the popup whenever that page could not tell its opener (its screen left meanwhile, a slow
 * load). Reached without an opener (a full tab, an install started in Shopify) or in a window that
 * cannot close, it goes on to /oauth/complete, which shows the outcome in the app.
 *
 * Its one script is a constant, allowed by its hash in this answer's own policy; the outcome is data
 * beside it, made only of a store domain and a code of shared/errors.ts.
 */

/** The outcome of a connection, as the BFF learnt it from the API. */
export type ConnectionOutcome =
  { result: 'connected'; shop: string } | { result: 'failed'; error: string };

/** The app's page that shows an outcome, for a window the outcome cannot be posted from. */
export function completionPath(outcome: ConnectionOutcome): string {
  return `/oauth/complete?${new URLSearchParams(outcome).toString()}`;
}

/** What the popup posts: a connection only for a real store domain, a known code otherwise. */
export function completionMessage(outcome: ConnectionOutcome): OAuthCompletionMessage {
  if (outcome.result === 'connected' && isShopDomain(outcome.shop)) {
    return { type: oauthCompletionMessageType, result: 'connected', shopDomain: outcome.shop };
  }
  const code = outcome.result === 'failed' ? outcome.error : '';
  return {
    type: oauthCompletionMessageType,
    result: 'failed',
    errorCode: (errorCodes as readonly string[]).includes(code) ? code : 'internal_error',
  };
}

/** The popup's script: posts to its opener, on this origin only, and closes; else goes to the app. */
const popupScript = `(function () {
  var data = JSON.parse(document.getElementById('outcome').textContent);
  var opener = window.opener;
  if (opener && !opener.closed) {
    try {
      opener.postMessage(data.message, window.location.origin);
    } catch (error) {}
    window.close();
  }
  setTimeout(function () {
    window.location.replace(data.next);
  }, opener ? 1000 : 0);
})();`;

const popupScriptHash = `sha256-${createHash('sha256').update(popupScript).digest('base64')}`;

/** This answer's own policy: its script alone, nothing loaded, never framed. */
export const popupAnswerPolicy = [
  "default-src 'none'",
  `script-src '${popupScriptHash}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** JSON inside a script element: `<` escaped, so that no value can end the element. */
function scriptData(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

export function popupAnswerPage(outcome: ConnectionOutcome): string {
  const next = completionPath(outcome);
  const data = scriptData({ message: completionMessage(outcome), next });
  const link = next.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Vitrine</title>
</head>
<body>
<script type="application/json" id="outcome">${data}</script>
<script>${popupScript}</script>
<noscript><p><a href="${link}">Vitrine</a></p></noscript>
</body>
</html>
`;
}
