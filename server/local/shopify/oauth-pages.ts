import { createHmac } from 'node:crypto';
import { escapeHtml } from '#server/platform/plain-page.ts';

/**
 * Shopify's side of the authorization-code grant as the owner sees it: the install screen, the page
 * of a refused request, the page of a cancelled install; and the signature of the query Shopify sends
 * back to the app (hex HMAC-SHA256 of the sorted query with the app's secret).
 */

/** Keys sorted, `hmac` and `signature` left out, serialised as URLSearchParams with `%20` for spaces. */
export function signedQueryMessage(params: Record<string, string>): string {
  const entries = Object.entries(params)
    .filter(([key]) => key !== 'hmac' && key !== 'signature')
    .sort(([left], [right]) => left.localeCompare(right));
  return new URLSearchParams(entries).toString().replace(/\+/g, '%20');
}

export function signQuery(params: Record<string, string>, apiSecret: string): string {
  return createHmac('sha256', apiSecret).update(signedQueryMessage(params)).digest('hex');
}

const style = `
  body { font-family: system-ui, sans-serif; background: #f1f1f1; color: #303030; margin: 0; }
  main { max-width: 32rem; margin: 4rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  ul { padding-left: 1.25rem; }
  .actions { display: flex; gap: .75rem; justify-content: flex-end; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1rem; border-radius: 8px; border: 1px solid #8a8a8a;
           background: #fff; cursor: pointer; }
  button[value="install"] { background: #303030; color: #fff; border-color: #303030; }
  .note { color: #616161; font-size: .875rem; }`;

function page(title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>${script}
</body>
</html>`;
}

const scopeDescriptions: Record<string, string> = {
  read_products: 'View products, variants and collections',
  write_products: 'Edit products, variants and collections',
  read_content: 'View blog posts, comments, pages and redirects',
  write_content: 'Edit blog posts, comments, pages and redirects',
  read_online_store_pages: 'View online store pages',
  read_translations: 'View translations',
  write_translations: 'Edit translations',
  read_locales: 'View available languages',
  write_files: 'Edit files',
};

export function installPage(options: {
  shopName: string;
  shopDomain: string;
  appName: string;
  scopes: string[];
  /** The hidden fields that carry the request to the decision. */
  fields: Record<string, string>;
  action: string;
}): string {
  const hidden = Object.entries(options.fields)
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    )
    .join('\n');
  const scopes = options.scopes
    .map(
      (scope) =>
        `<li>${escapeHtml(scopeDescriptions[scope] ?? scope)} <span class="note">(${escapeHtml(scope)})</span></li>`,
    )
    .join('\n');
  return page(
    `Install ${options.appName}`,
    `<h1>Install ${escapeHtml(options.appName)} on ${escapeHtml(options.shopName)}?</h1>
<p class="note">${escapeHtml(options.shopDomain)}</p>
<section aria-labelledby="access-heading">
<h2 id="access-heading">This app will be able to:</h2>
<ul>
${scopes}
</ul>
</section>
<form method="post" action="${escapeHtml(options.action)}">
${hidden}
<div class="actions">
<button type="submit" name="decision" value="cancel">Cancel</button>
<button type="submit" name="decision" value="install">Install</button>
</div>
</form>`,
  );
}

export function oauthErrorPage(message: string): string {
  return page(
    'Oauth error',
    `<h1>Oauth error invalid_request: ${escapeHtml(message)}</h1>
<p class="note">The app sent a request this store cannot accept. Nothing was installed.</p>`,
  );
}

export function installationCancelledPage(appName: string): string {
  return page(
    'Installation cancelled',
    `<h1>Installation cancelled</h1>
<p>${escapeHtml(appName)} was not installed. You can close this window.</p>`,
    '\n<script>window.close();</script>',
  );
}
