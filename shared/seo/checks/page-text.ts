import type { AuditLanguage, PageLanguageView } from '../check.ts';
import { parseHtml, type HtmlDocument } from '../text/html.ts';
import { identifyLanguage } from '../text/language.ts';

/**
 * The last value computed, kept for the next call with the same key: the checks of one page read
 * its body and identify the language of its text several times, one check after another.
 */
function rememberLast<Value>(compute: (key: string) => Value): (key: string) => Value {
  let last: { key: string; value: Value } | null = null;
  return (key) => {
    if (last?.key !== key) last = { key, value: compute(key) };
    return last.value;
  };
}

const parsedBody = rememberLast(parseHtml);

/** The body of the page as read by the checks of content, images and links. */
export function body(view: PageLanguageView): HtmlDocument {
  return parsedBody(view.bodyHtml);
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
  if (view.language === view.primaryLanguage) return false;
  return identifiedLanguage(text, storeLanguages(view)) === view.primaryLanguage;
}

let lastIdentified: { text: string; candidates: string; language: AuditLanguage | null } | null =
  null;

/** identifyLanguage, remembering its last answer (the body's text is identified by several checks). */
function identifiedLanguage(
  text: string,
  candidates: readonly AuditLanguage[],
): AuditLanguage | null {
  const key = candidates.join(' ');
  if (lastIdentified?.text !== text || lastIdentified.candidates !== key) {
    lastIdentified = { text, candidates: key, language: identifyLanguage(text, candidates) };
  }
  return lastIdentified.language;
}
