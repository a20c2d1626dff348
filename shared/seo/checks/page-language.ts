import type { AuditLanguage, PageLanguageView } from '../check.ts';
import { identifyLanguage } from '../text/language.ts';

/**
 * Whether a text of the page is the audited language's own: not the primary language's text the
 * storefront falls back to, and not written in the primary language.
 */

/** The store's languages the checks tell apart: the primary one and the one audited. */
function storeLanguages(view: PageLanguageView): AuditLanguage[] {
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
