import fs from 'node:fs';
import { supportedLanguages, type Language } from '../../shared/constants.ts';
import type {
  DuplicateCheck,
  FindingEvidence,
  PageCheck,
  PageLanguageView,
} from '../../shared/seo/check.ts';
import { checkById } from '../../shared/seo/catalogue.ts';

/**
 * The audit's checks as the catalogue holds them, run on one page at a time, and their texts.
 */

/**
 * A product page in one language as the audit reads it, a plain one that passes the title,
 * description, heading and handle checks; a test overrides what it is about.
 */
export function pageView(overrides: Partial<PageLanguageView> = {}): PageLanguageView {
  return {
    kind: 'product',
    id: 'gid://shopify/Product/1',
    language: 'en',
    primaryLanguage: 'en',
    shopName: 'Maison Lumen',
    handle: 'linen-throw',
    title: 'Linen throw',
    seoTitle: null,
    seoDescription: null,
    bodyHtml: '<p>A washed linen throw, woven in Normandy.</p>',
    images: [],
    translations: [],
    ...overrides,
  };
}

/** The page check of that id, as the audit finds it in the catalogue. */
export function pageCheck(id: string): PageCheck {
  const check = checkById(id);
  if (check?.type !== 'page') throw new Error(`${id} is not a page check of the catalogue`);
  return check;
}

/** The duplicate check of that id, as the audit finds it in the catalogue. */
export function duplicateCheck(id: string): DuplicateCheck {
  const check = checkById(id);
  if (check?.type !== 'duplicate')
    throw new Error(`${id} is not a duplicate check of the catalogue`);
  return check;
}

/** What the check of that id finds on one page. */
export function findings(id: string, view: PageLanguageView): FindingEvidence[] {
  return pageCheck(id).run(view);
}

/** The owner's texts of a check in a language (client/locales/<language>/seo-checks.json). */
function checkTexts(language: Language, id: string): Record<string, string> | undefined {
  const file = new URL(`../../client/locales/${language}/seo-checks.json`, import.meta.url);
  const texts = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  return texts[id];
}

/**
 * What is missing for the owner to read about a check in either language: the check in the
 * catalogue, its name, what, why and how, and in its `what` only the evidence a check gives
 * (`measured`, `threshold`).
 */
export function missingCheckTexts(id: string): string[] {
  const missing = checkById(id) === undefined ? [`${id} is not in the catalogue`] : [];
  for (const language of supportedLanguages) {
    const texts = checkTexts(language, id);
    for (const part of ['name', 'what', 'why', 'how']) {
      if ((texts?.[part] ?? '').trim() === '') missing.push(`${language} ${id}.${part}`);
    }
    for (const [, placeholder] of (texts?.what ?? '').matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)) {
      if (placeholder !== 'measured' && placeholder !== 'threshold') {
        missing.push(`${language} ${id}.what quotes {{${placeholder}}}`);
      }
    }
  }
  return missing;
}
