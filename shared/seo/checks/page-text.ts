import type { PageLanguageView } from '../check.ts';
import { parseHtml, type HtmlDocument } from '../text/html.ts';
import { identifyLanguage } from '../text/language.ts';

/** The body of the page as read by the checks of content, images and links. */
export function body(view: PageLanguageView): HtmlDocument {
  return parseHtml(view.bodyHtml);
}

/** The visible text of the body, one block per line. */
export function bodyText(document: HtmlDocument): string {
  return document.blocks.join('\n');
}

/** The store's languages the checks tell apart: the primary one and the one audited. */
export function storeLanguages(view: PageLanguageView): PageLanguageView['language'][] {
  return view.primaryLanguage === view.language
    ? [view.language]
    : [view.primaryLanguage, view.language];
}

/**
 * True when the field shows the primary language's text in another language: no translation, so
 * the storefront falls back to the original. The translation checks report that; measuring English
 * text by French rules (or the other way round) would only add noise.
 */
export function isUntranslated(view: PageLanguageView, translationKey: string): boolean {
  if (view.language === view.primaryLanguage) return false;
  const field = view.translations.find((translation) => translation.key === translationKey);
  return field !== undefined && field.value === null;
}

/**
 * True when a text of the audited page is clearly written in the primary language instead of the
 * audited one (a translation pasted in the wrong field, or left in the original).
 */
export function isInPrimaryLanguage(view: PageLanguageView, text: string): boolean {
  return (
    view.language !== view.primaryLanguage &&
    identifyLanguage(text, storeLanguages(view)) === view.primaryLanguage
  );
}
