import type { AuditLanguage } from '../check.ts';
import { sentences } from './sentences.ts';
import { englishSyllables } from './syllables-en.ts';
import { frenchSyllables } from './syllables-fr.ts';
import { words } from './words.ts';

/**
 * Reading ease from 0 (hard) to 100 (easy), each language by its own formula: Flesch (1948) for
 * English, 206.835 − 1.015 × words per sentence − 84.6 × syllables per word; Kandel & Moles (1958)
 * for French, its adaptation, 207 − 1.015 × words per sentence − 73.6 × syllables per word. Clamped
 * to 0–100 like the usual tools do, and not measured on 10 words or fewer, where one sentence
 * decides everything.
 */

export const readabilityMinimumWords = 11;

const formulas: Record<
  AuditLanguage,
  { base: number; perSentence: number; perSyllable: number; syllables: (word: string) => number }
> = {
  en: { base: 206.835, perSentence: 1.015, perSyllable: 84.6, syllables: englishSyllables },
  fr: { base: 207, perSentence: 1.015, perSyllable: 73.6, syllables: frenchSyllables },
};

export interface TextStatistics {
  words: number;
  sentences: number;
  syllables: number;
}

export function textStatistics(text: string, language: AuditLanguage): TextStatistics {
  const allWords = words(text);
  const { syllables } = formulas[language];
  return {
    words: allWords.length,
    sentences: sentences(text, language).length,
    syllables: allWords.reduce((sum, word) => sum + syllables(word), 0),
  };
}

/** The reading ease of `text` in `language`, or null for a text of 10 words or fewer. */
export function readingEase(text: string, language: AuditLanguage): number | null {
  return readingEaseOf(textStatistics(text, language), language);
}

/**
 * The reading ease of a text whose statistics are counted (the sums of its paragraphs' are its
 * own: words, sentences and syllables never run across a paragraph), or null for 10 words or fewer.
 */
export function readingEaseOf(statistics: TextStatistics, language: AuditLanguage): number | null {
  if (statistics.words < readabilityMinimumWords || statistics.sentences === 0) return null;
  const { base, perSentence, perSyllable } = formulas[language];
  const score =
    base -
    perSentence * (statistics.words / statistics.sentences) -
    perSyllable * (statistics.syllables / statistics.words);
  return Math.min(100, Math.max(0, score));
}
