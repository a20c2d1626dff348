import { parseHtml } from '../seo/text/html.ts';

/**
 * The products a post's body links to, by the handle of each link to `/products/<handle>` from the
 * store's root, in any language folder: the links the editor inserts. A full address may be another
 * site's, and is left to the audit's link checks.
 */
const productPath = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/products\/([^/?#]+)/i;

export function linkedProductHandles(bodyHtml: string): string[] {
  const handles: string[] = [];
  for (const { href } of parseHtml(bodyHtml).links) {
    const match = href === null ? null : productPath.exec(href.trim());
    if (match !== null) handles.push(decodeURIComponent(match[1]!).toLowerCase());
  }
  return [...new Set(handles)];
}
