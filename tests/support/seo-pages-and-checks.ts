import type {
  DuplicateCheck,
  FindingEvidence,
  PageCheck,
  PageLanguageView,
} from '#shared/seo/check.ts';
import { checkById } from '#shared/seo/catalogue.ts';

/**
 * Pages as the audit reads them, the audit's checks as the catalogue holds them, and the body
 * texts the checks measure, built to a known count of words, sentences and syllables.
 */

/**
 * A product page in English as the audit reads it, a plain one that passes the title,
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

/** `count` words taken in turn from `vocabulary`, as one paragraph. */
export function paragraphOf(count: number, vocabulary: readonly string[]): string {
  return `<p>${Array.from({ length: count }, (_, index) => vocabulary[index % vocabulary.length]).join(' ')}</p>`;
}

/**
 * One sentence of `wordCount` words of which `twoSyllableCount` have two syllables and the others
 * one, capitalized and closed by a full stop.
 */
export function sentenceOf(
  wordCount: number,
  twoSyllableCount: number,
  oneSyllable: readonly string[],
  twoSyllables: readonly string[],
): string {
  const sentenceWords = Array.from({ length: wordCount }, (_, index) =>
    index < twoSyllableCount
      ? twoSyllables[index % twoSyllables.length]
      : oneSyllable[index % oneSyllable.length],
  ).join(' ');
  return `${sentenceWords.charAt(0).toUpperCase()}${sentenceWords.slice(1)}.`;
}
