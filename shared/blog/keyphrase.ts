import type { Language } from '../constants.ts';
import { rememberedByWord } from '../seo/text/remembered-by-word.ts';
import { frenchElision, isFunctionWord, wordStem } from '../seo/text/repeated-words.ts';
import { sentences } from '../seo/text/sentences.ts';
import { words } from '../seo/text/words.ts';
import { foldedWord, paragraphsOf } from './folded-words.ts';

/**
 * A post's focus keyphrase, found in its texts the way a reader of the language recognises it, not
 * letter for letter:
 * - case and accents do not matter ("ETE", "été" and "ete" are one word: owners type keyphrases
 *   without accents, and handles carry none); œ and æ are read oe and ae;
 * - typographic and straight apostrophes are one (’ ' ʼ);
 * - a French elision belongs to the word it leans on: "l’orage" holds "orage", "qu’un" holds "un";
 *   an English possessive belongs to its noun: "the shop’s" holds "shop";
 * - a hyphen joins words that are still found apart: "bien-être" holds "bien" and "être", and the
 *   keyphrase "t-shirt" is found in "t-shirt" and in a handle's "t-shirt";
 * - the inflections of a word count as the word: plural and feminine forms ("chaussons", "lavées",
 *   "naturelle", "dresses", "candies"), as the audit groups the words a title repeats
 *   (shared/seo/text/repeated-words.ts);
 * - the keyphrase's function words ("de", "la", "for", "the") are not looked for, and its other
 *   words may come in any order within one sentence: "chaussons en laine" is found in "la laine de
 *   ces chaussons". A keyphrase made only of function words is looked for whole.
 */

export interface Keyphrase {
  readonly language: Language;
  /** What the owner typed, trimmed. */
  readonly text: string;
  /** The stems the keyphrase needs, each with how many times it needs it. */
  readonly stems: ReadonlyMap<string, number>;
}

const englishPossessive = /'s?$/;
const hyphens = /[-‐‑]/;

/** The parts of a written word (its hyphenated pieces, without elision or possessive), folded. */
function partsOf(written: string, language: Language): string[] {
  const word = foldedWord(written);
  const bare =
    language === 'fr' ? word.replace(frenchElision, '') : word.replace(englishPossessive, '');
  return bare.split(hyphens).filter((part) => part !== '');
}

/** How many times each stem occurs among `parts`. */
function stemCounts(parts: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const part of parts) {
    const stem = wordStem(part);
    counts.set(stem, (counts.get(stem) ?? 0) + 1);
  }
  return counts;
}

/** The keyphrase the owner typed, or null when it has no word. */
export function readKeyphrase(text: string, language: Language): Keyphrase | null {
  const parts = words(text).flatMap((written) => partsOf(written, language));
  if (parts.length === 0) return null;
  const content = parts.filter((part) => !isFunctionWord(part));
  return {
    language,
    text: text.trim(),
    stems: stemCounts(content.length > 0 ? content : parts),
  };
}

/** How many times `counts` hold the whole keyphrase. */
function timesHeld(counts: ReadonlyMap<string, number>, keyphrase: Keyphrase): number {
  let times = Number.POSITIVE_INFINITY;
  for (const [stem, needed] of keyphrase.stems) {
    times = Math.min(times, Math.floor((counts.get(stem) ?? 0) / needed));
    if (times === 0) return 0;
  }
  return times;
}

/**
 * The stems of each sentence of a paragraph, counted. The editor looks for the keyphrase at every
 * keystroke, in paragraphs that mostly did not change: their answers are kept.
 */
const sentenceStemsIn: Record<
  Language,
  (paragraph: string) => ReadonlyArray<ReadonlyMap<string, number>>
> = {
  en: rememberedByWord((paragraph) => sentenceStems(paragraph, 'en'), 2_000),
  fr: rememberedByWord((paragraph) => sentenceStems(paragraph, 'fr'), 2_000),
};

function sentenceStems(paragraph: string, language: Language): Array<Map<string, number>> {
  return sentences(paragraph, language).map((sentence) =>
    stemCounts(words(sentence).flatMap((written) => partsOf(written, language))),
  );
}

/**
 * How many times `text` holds the keyphrase: in each sentence, as many times as it holds all of the
 * keyphrase's words.
 */
export function keyphraseOccurrences(text: string, keyphrase: Keyphrase): number {
  let total = 0;
  for (const paragraph of paragraphsOf(text)) {
    for (const counts of sentenceStemsIn[keyphrase.language](paragraph)) {
      total += timesHeld(counts, keyphrase);
    }
  }
  return total;
}

export function containsKeyphrase(text: string, keyphrase: Keyphrase): boolean {
  return keyphraseOccurrences(text, keyphrase) > 0;
}

/**
 * True when a handle holds the keyphrase's words. Handles are written as Shopify makes them
 * (lowercase, accents dropped, one hyphen for every run of other characters: "l’été" becomes
 * "l-ete"), so the keyphrase is compared in that form.
 */
export function keyphraseInHandle(handle: string, keyphrase: Keyphrase): boolean {
  const stems = new Map<string, number>();
  for (const [stem, needed] of keyphrase.stems) {
    // "aujourd'hui" is "aujourd-hui" in a handle.
    for (const [part] of stemCounts(handleParts(stem)))
      stems.set(part, (stems.get(part) ?? 0) + needed);
  }
  return timesHeld(stemCounts(handleParts(foldedWord(handle))), { ...keyphrase, stems }) > 0;
}

const handleParts = (text: string) => text.split(/[^a-z0-9]+/).filter((part) => part !== '');
