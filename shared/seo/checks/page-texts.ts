import type { PageLanguageView } from '../check.ts';

/**
 * The texts of a page as a shopper's browser and a search engine get them from a Shopify theme
 * (Shopify's Dawn theme), and the forms the checks compare and quote them in.
 */

/** Most characters of a text a finding quotes (FindingEvidence.excerpt). */
const excerptLength = 120;

/**
 * Runs of the whitespace a browser collapses into one space. No-break spaces are not among them:
 * French puts them before « : ; ! ? » and inside « », and they are shown and measured as written.
 */
const collapsibleWhitespace = /[ \t\n\r\f]+/g;

/** Any whitespace, no-break and narrow spaces included, for texts compared rather than shown. */
const anyWhitespace = /\s+/gu;

export function collapseWhitespace(text: string): string {
  return text.replace(collapsibleWhitespace, ' ').trim();
}

export function isBlank(text: string | null): boolean {
  return text === null || text.trim() === '';
}

/**
 * The form two texts are compared in: composed, trimmed, case-folded, any whitespace collapsed into
 * one space. Two titles that differ only by case or spacing read the same in a search result.
 */
export function comparableText(text: string): string {
  return text.normalize('NFC').replace(anyWhitespace, ' ').trim().toLowerCase();
}

/**
 * `text` as shown, cut to at most 120 characters with an ellipsis, at the end of a word unless that
 * would leave less than half of it.
 */
export function excerptOf(text: string): string {
  const collapsed = collapseWhitespace(text);
  const characters = [...collapsed];
  if (characters.length <= excerptLength) return collapsed;
  const cut = characters.slice(0, excerptLength - 1).join('');
  if (characters[excerptLength - 1] === ' ') return `${cut}…`;
  const lastSpace = cut.lastIndexOf(' ');
  return `${lastSpace > cut.length / 2 ? cut.slice(0, lastSpace) : cut.trimEnd()}…`;
}

/**
 * The title Shopify gives the theme (`page_title`): the search title the owner set, or the page's
 * own title when none is set. Shopify's admin stores no blank search title (clearing the field
 * removes it), so a blank one, as an editor holds it while the owner types, counts as unset.
 */
export function shownTitle(view: PageLanguageView): string {
  return view.seoTitle !== null && !isBlank(view.seoTitle) ? view.seoTitle : view.title;
}

/**
 * The `<title>` a shopper's browser and a search engine read: Dawn prints the title, then
 * ` – <shop name>` unless the title already contains the shop's name (Liquid's `contains`, which is
 * case-sensitive). The audit reads a product, collection, page or article on its first page, with no
 * tag filter, so Dawn's ` – tagged "…"` and ` – Page N` never apply.
 */
export function renderedTitle(view: PageLanguageView): string {
  const title = collapseWhitespace(shownTitle(view));
  const shopName = collapseWhitespace(view.shopName);
  return title.includes(shopName) ? title : `${title} – ${shopName}`;
}
