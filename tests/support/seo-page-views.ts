import { readFileSync } from 'node:fs';
import type { Check, PageCheck, PageLanguageView } from '../../shared/seo/check.ts';

/** A product page in English with nothing to report on its own: tests change what they test. */
export function pageView(overrides: Partial<PageLanguageView> = {}): PageLanguageView {
  return {
    kind: 'product',
    id: 'gid://shopify/Product/1',
    language: 'en',
    primaryLanguage: 'en',
    shopName: 'Maison Laine',
    handle: 'merino-scarf',
    title: 'Merino scarf',
    seoTitle: null,
    seoDescription: null,
    bodyHtml: '',
    images: [],
    translations: [],
    ...overrides,
  };
}

/** The page check of that id in a group, failing the test when it is missing or not a page check. */
export function pageCheck(checks: readonly Check[], id: string): PageCheck {
  const check = checks.find((candidate) => candidate.id === id);
  if (check?.type !== 'page') throw new Error(`no page check ${id}`);
  return check;
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

/** The owner's texts of a check in a language, as client/locales/<language>/seo-checks.json holds them. */
export function checkTexts(language: 'en' | 'fr', id: string): Record<string, string> | undefined {
  const file = new URL(`../../client/locales/${language}/seo-checks.json`, import.meta.url);
  const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>;
  return texts[id];
}

/** The placeholders a text uses: {{measured}}, {{threshold}}. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '');
}
