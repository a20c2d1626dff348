import { publicUrlPlaceholder } from '#shared/build-artifacts.ts';

/**
 * What the BFF adds to the HTML the build made, once per page at start (or per request under the
 * dev server): the deployment's public address in place of the build's placeholder, and the runtime
 * configuration block. Both are the same for every visitor, so the result can be kept and reused.
 */

const headEnd = /<\/head\s*>/i;

function escapeAttribute(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

export function completePage(
  html: string,
  additions: { publicUrl: string; runtimeConfigBlock: string },
): string {
  const match = headEnd.exec(html);
  if (match === null)
    throw new Error('The page has no </head>: the runtime configuration has no place');
  const head = html.slice(0, match.index);
  const rest = html.slice(match.index + match[0].length);
  // The prerender writes the placeholder into the head tags only (canonical, hreflang, og:url), all
  // of them attribute values, which is what the escaping is for. Elsewhere — the page's markup, its
  // JSON payload — an attribute escape would corrupt the text, and a placeholder there means the
  // build put it where it does not belong: better to fail the start than to serve it.
  if (rest.includes(publicUrlPlaceholder)) {
    throw new Error(
      `The page carries ${publicUrlPlaceholder} after its </head>, where the BFF does not fill it in`,
    );
  }
  const headWithUrl = head.replaceAll(publicUrlPlaceholder, escapeAttribute(additions.publicUrl));
  return `${headWithUrl}${additions.runtimeConfigBlock}${match[0]}${rest}`;
}
