import { publicUrlPlaceholder } from '../../shared/build-artifacts.ts';

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
  // The placeholder only stands in attribute values (canonical, hreflang, og:url).
  const withUrl = html.replaceAll(publicUrlPlaceholder, escapeAttribute(additions.publicUrl));
  return withUrl.replace(headEnd, (end) => `${additions.runtimeConfigBlock}${end}`);
}
