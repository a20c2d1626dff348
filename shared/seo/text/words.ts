import { rememberingLast } from './last-answers.ts';

/**
 * Words as the audit counts them, the same way in English and French, close to what a word
 * processor shows the owner:
 * - a word is a run of letters and digits; an apostrophe (' ’ ʼ) or a hyphen between two of them
 *   joins them, so "don’t", "aujourd’hui", "t-shirt" and "bien-être" are one word each;
 * - a French elision counts as one word with its host: "l’été", "d’un", "qu’il" are one word each
 *   (the elided vowel is not spoken, so the host carries the syllables; word processors count the
 *   same way);
 * - a number is a word, with its decimal or thousands separator: "12,5", "3.75", "1,000";
 * - punctuation, symbols and quotes on their own (« », –, €, &) are not words.
 */
const wordPattern =
  /[\p{L}\p{M}\p{N}]+(?:(?:['’ʼ\-‐]|(?<=\p{N})[.,](?=\p{N}))[\p{L}\p{M}\p{N}]+)*/gu;

/** The words of `text`; a page's body is counted by several checks, so the last answers are kept. */
export const words: (text: string) => readonly string[] = rememberingLast(
  (text) => text.match(wordPattern) ?? [],
);

export function wordCount(text: string): number {
  return words(text).length;
}

/** True for a word written only with digits and separators: it is read as a number. */
export function isNumber(word: string): boolean {
  return /^[\p{N}.,]+$/u.test(word);
}
