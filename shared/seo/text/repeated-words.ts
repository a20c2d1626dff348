import { rememberedByWord } from './remembered-by-word.ts';
import { isNumber, words } from './words.ts';

/**
 * The words a title or a description repeats, for the keyword stuffing checks
 * (shared/seo/checks/title-checks.ts, description-checks.ts): content words only, the inflections of
 * one word counted together, the same way in English and French.
 */

/**
 * Function words of English and French, which every sentence repeats: both lists apply to every
 * text, since a word of one is never the content word of a title in the other ("on" is an English
 * preposition and a French pronoun).
 */
const stopWords = new Set([
  // English
  'a',
  'an',
  'and',
  'are',
  'as',
  'at',
  'be',
  'by',
  'for',
  'from',
  'in',
  'is',
  'it',
  'its',
  'of',
  'on',
  'or',
  'our',
  'so',
  'that',
  'the',
  'this',
  'to',
  'up',
  'with',
  'you',
  'your',
  // French
  'à',
  'au',
  'aux',
  'avec',
  'ce',
  'ces',
  'cette',
  'dans',
  'de',
  'des',
  'du',
  'en',
  'et',
  'il',
  'la',
  'le',
  'les',
  'leur',
  'leurs',
  'ma',
  'mes',
  'mon',
  'nos',
  'notre',
  'ou',
  'par',
  'pour',
  'qui',
  'que',
  'sa',
  'sans',
  'ses',
  'son',
  'sur',
  'un',
  'une',
  'vos',
  'votre',
]);

/**
 * True for a function word of English or French (lowercase, without its elision): the words a
 * title repeats and a keyphrase is matched without.
 */
export function isFunctionWord(word: string): boolean {
  return stopWords.has(word);
}

/**
 * A French elision before the word it leans on: l’été, d’olive, qu’il; with any apostrophe, so that
 * words folded to one (the blog's checks) match it too.
 */
export const frenchElision = /^(?:[cdjlmnst]|qu|jusqu|lorsqu|puisqu)['’ʼ](?=\p{L})/iu;

/**
 * The stem a word's inflections share, enough to count "chausson" and "chaussons", "lavé" and
 * "lavées", "naturel" and "naturelle", "shoe" and "shoes" as one word; not a linguist's stemmer, and
 * it needs none: it only groups the forms of a word a title repeats. Short words are left whole, so
 * that "lin" and "line" stay two words (an e is dropped from five letters on).
 * - plural: a final s (not after another s: "dress"), or a final x after au, eu or ou ("bijoux");
 *   English -es after s, x, z, ch, sh goes with its s and e ("dresses", "boxes");
 * - French feminine: a final e, and the consonant doubled before it ("bonne", "naturelle");
 * - English -ies and -y share their stem ("candies", "candy").
 */
export function wordStem(word: string): string {
  let stem = word.normalize('NFC').toLowerCase();
  if (stem.length <= 3) return stem;
  if (/(?:au|eu|ou)x$/u.test(stem)) stem = stem.slice(0, -1);
  else if (/(?:[sxz]|ch|sh)es$/u.test(stem)) stem = stem.slice(0, -2);
  else if (/[^s]s$/u.test(stem)) stem = stem.slice(0, -1);
  if (stem.length > 4 && stem.endsWith('e')) {
    stem = stem.slice(0, -1);
    if (/([lnt])\1$/u.test(stem)) stem = stem.slice(0, -1);
  }
  if (stem.length > 3 && /[^aeiou]y$/u.test(stem)) stem = `${stem.slice(0, -1)}i`;
  return stem;
}

/** A word as it is compared: lowercased, without an elided article or pronoun before it. */
function bareWord(word: string): string {
  return word.normalize('NFC').toLowerCase().replace(frenchElision, '');
}

/** A written word as it is counted, or null when it is not a content word (see below). */
const contentWordOf = rememberedByWord((written): { word: string; stem: string } | null => {
  const word = bareWord(written);
  if (word.length < 2 || isNumber(word) || stopWords.has(word)) return null;
  return { word, stem: wordStem(word) };
});

/**
 * The content word `text` repeats most, its inflections counted together, with its first form in
 * the text; null when the text has no content word. Numbers, single letters and function words are
 * left out: "Lot de 3 torchons, 3 couleurs" repeats no word.
 */
export function mostRepeatedWord(text: string): { word: string; count: number } | null {
  const counts = new Map<string, { word: string; count: number }>();
  let most: { word: string; count: number } | null = null;
  for (const written of words(text)) {
    const content = contentWordOf(written);
    if (content === null) continue;
    const { word, stem } = content;
    const entry = counts.get(stem) ?? { word, count: 0 };
    entry.count++;
    counts.set(stem, entry);
    if (most === null || entry.count > most.count) most = entry;
  }
  return most === null ? null : { ...most };
}
