import type { PageLanguageView } from '../check.ts';
import { rememberingLast } from '../text/last-answers.ts';
import { collapseWhitespace, isBlank } from '../text/normalize.ts';

/**
 * The title of a page as a shopper's browser and a search engine get it from a Shopify theme
 * (Shopify's Dawn theme).
 */

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
  return themeTitle(shownTitle(view), view.shopName);
}

/** Dawn's `<title>` for a page title and the shop's name (see `renderedTitle`). */
export function themeTitle(pageTitle: string, shopName: string): string {
  const title = collapseWhitespace(pageTitle);
  const name = collapseWhitespace(shopName);
  return title.includes(name) ? title : `${title} – ${name}`;
}

/** The pattern of a shop's name as a whole name; every page of an audit has the same shop. */
const wholeNamePattern = rememberingLast((name: string) => {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'giu');
}, 1);

/**
 * The title without the shop's name the owner may have typed into it ("Linen shirt | Maison
 * Exemple"), and without the separators left around it: what the title says of the page, in the
 * page's language. A brand name is the same in every language and tells nothing of it.
 */
export function titleWithoutShopName(title: string, shopName: string): string {
  const name = collapseWhitespace(shopName);
  const text = collapseWhitespace(title);
  if (name === '') return text;
  return collapseWhitespace(
    text
      // As a whole name: a shop called "Lin" leaves "Linen" alone.
      .replace(wholeNamePattern(name), ' ')
      .replace(/^[\s|–—\-:·•,]+|[\s|–—\-:·•,]+$/gu, ''),
  );
}
