import type { Language } from '../constants.ts';
import {
  longSentenceMaximumShare,
  longSentenceMinimumSentences,
  longSentenceWords,
  readingEaseMinimum,
} from '../seo/checks/content-checks.ts';
import { readingEaseOf, textStatistics, type TextStatistics } from '../seo/text/readability.ts';
import { frenchElision } from '../seo/text/repeated-words.ts';
import { rememberedByWord } from '../seo/text/remembered-by-word.ts';
import { sentences } from '../seo/text/sentences.ts';
import { words } from '../seo/text/words.ts';
import { foldedWord } from './folded-words.ts';
import { postSections } from './post-text.ts';
import {
  englishIrregularParticiples,
  englishNotParticiples,
  frenchEtreVerbParticiples,
  frenchIrregularParticiples,
  passiveAuxiliaries,
  passiveGapWords,
  transitionWords,
} from './word-lists.ts';

/**
 * The readability of a post in one language, as the editor's panel shows it while the owner types.
 * Each language is measured by a formula made for it: Flesch reading ease and the Flesch–Kincaid
 * grade in English; Kandel & Moles (Flesch adapted to French, 1958) and LIX (Björnsson, 1968) in
 * French. The checks and their thresholds are the common ones of writing tools (Yoast's analysis is
 * the best known; the word lists and rules here are our own), applied to each language with its own
 * words. Where the audit of the published article measures the same (reading ease, long
 * sentences: shared/seo/checks/content-checks.ts), the thresholds are the audit's, so that the
 * editor and the audit never disagree about a text. Each check names what it flags (sentences,
 * paragraphs, sections) so that the editor can highlight them.
 */

/** good: nothing to do; improve: worth a look; bad: fix it. */
export type Rating = 'good' | 'improve' | 'bad';

export const readabilityCheckIds = [
  'reading-ease',
  'sentence-length',
  'paragraph-length',
  'subheadings',
  'passive-voice',
  'transition-words',
  'consecutive-sentences',
] as const;
export type ReadabilityCheckId = (typeof readabilityCheckIds)[number];

export interface ReadabilityCheck {
  id: ReadabilityCheckId;
  /** Null when the text is too short for the check to mean anything. */
  rating: Rating | null;
  /** The check's figure: a score, a share in percent, or a count of words, as its id says. */
  figure: number;
  /** The sentences, paragraphs or section headings the check flags, as written. */
  flagged: string[];
}

export interface ReadabilityAnalysis {
  language: Language;
  words: number;
  sentences: number;
  readingEase: { formula: 'flesch' | 'kandel-moles'; score: number | null };
  grade: { formula: 'flesch-kincaid' | 'lix'; score: number | null };
  checks: ReadabilityCheck[];
}

/** Thresholds, with what each measures. */
export const readabilityThresholds = {
  /** Reading ease: good from 60, worth a look from 50 (both formulas read on the same bands). */
  readingEase: { good: readingEaseMinimum, improve: 50 },
  /** A long sentence has more than this many words (20). */
  longSentenceWords,
  /** The share of long sentences, in percent: good up to 25, worth a look up to 30. */
  longSentenceShare: { good: longSentenceMaximumShare, improve: 30 },
  /** The fewest sentences for that share to mean something: one long sentence is no pattern. */
  longSentenceMinimumSentences,
  /** A paragraph's words: good up to 150, worth a look up to 200. */
  paragraphWords: { good: 150, improve: 200 },
  /** A section's words: good up to 300, worth a look up to 350; a text over 300 words needs one. */
  sectionWords: { good: 300, improve: 350 },
  /** The share of passive sentences, in percent: good up to 10, worth a look up to 15. */
  passiveShare: { good: 10, improve: 15 },
  /** The share of sentences with a transition, in percent: good from 30, worth a look from 20. */
  transitionShare: { good: 30, improve: 20 },
  /** Transitions are only measured on texts of this many words or more. */
  transitionMinimumWords: 200,
  /** This many sentences in a row starting with the same word are flagged. */
  consecutiveSentences: 3,
} as const;

const rated = (value: number, good: number, improve: number): Rating =>
  value <= good ? 'good' : value <= improve ? 'improve' : 'bad';
const ratedFromAbove = (value: number, good: number, improve: number): Rating =>
  value >= good ? 'good' : value >= improve ? 'improve' : 'bad';
const percent = (part: number, whole: number) => (whole === 0 ? 0 : (100 * part) / whole);

const foldedTransitions: Record<Language, string[]> = {
  en: transitionWords.en.map((phrase) => phrase.split(' ').map(foldedWord).join(' ')),
  fr: transitionWords.fr.map((phrase) => phrase.split(' ').map(foldedWord).join(' ')),
};

function hasTransition(foldedWords: readonly string[], language: Language): boolean {
  const line = ` ${foldedWords.join(' ')} `;
  return foldedTransitions[language].some((transition) => line.includes(` ${transition} `));
}

/**
 * The word a sentence starts with, folded; in French an elided article or pronoun on its own, so
 * that "L’été…", "L’hiver…", "L’automne…" start alike, as "Le…", "Le…", "Le…" do.
 */
function startOf(foldedWords: readonly string[], language: Language): string | undefined {
  const first = foldedWords[0];
  if (first === undefined || language !== 'fr') return first;
  return frenchElision.exec(first)?.[0] ?? first;
}

function isEnglishParticiple(word: string): boolean {
  if (englishIrregularParticiples.has(word)) return true;
  return word.length > 4 && word.endsWith('ed') && !englishNotParticiples.has(word);
}

/**
 * Regular French participles: -é, and -i or -u of more than four letters ("joli" and "gris" are
 * not), with their -e, -s, -es.
 */
const frenchRegularParticiple = /^(?:\p{L}{2,}é|\p{L}{4,}[iu])(?:e|s|es)?$/u;

function isFrenchParticiple(word: string): boolean {
  if (frenchEtreVerbParticiples.has(word)) return false;
  return frenchIrregularParticiples.has(word) || frenchRegularParticiple.test(word);
}

/**
 * True when a sentence holds a passive: a form of "be" (or "get") followed by a past participle in
 * English, a form of "être" followed by a past participle in French, with at most two negations or
 * adverbs between. French participles of the verbs conjugated with "être" ("elle est arrivée") are
 * an active past, not a passive.
 */
export function isPassive(sentence: string, language: Language): boolean {
  // Accents kept: they tell French participles ("vendu", "fabriquée") apart.
  const written = words(sentence).map((word) => {
    const lower = word.toLowerCase();
    return language === 'fr' ? lower.replace(frenchElision, '') : lower;
  });
  const auxiliaries = passiveAuxiliaries[language];
  const gaps = passiveGapWords[language];
  const isParticiple = language === 'en' ? isEnglishParticiple : isFrenchParticiple;
  for (let index = 0; index < written.length; index++) {
    if (!auxiliaries.has(written[index]!)) continue;
    for (let next = index + 1; next <= index + 3 && next < written.length; next++) {
      const word = written[next]!;
      if (isParticiple(word)) return true;
      const adverb = gaps.has(word) || /(?:ly|ment)$/.test(word);
      if (!adverb && !auxiliaries.has(word)) break;
    }
  }
  return false;
}

/** What the checks need of one sentence. */
interface SentenceFacts {
  text: string;
  words: number;
  passive: boolean;
  transition: boolean;
  start: string | undefined;
}

/** What the checks need of one paragraph: its sentences, and the counts the formulas sum. */
interface ParagraphFacts {
  sentences: SentenceFacts[];
  statistics: TextStatistics;
  /** Words of more than six letters, for LIX. */
  longWords: number;
}

function paragraphFacts(paragraph: string, language: Language): ParagraphFacts {
  return {
    statistics: textStatistics(paragraph, language),
    longWords: words(paragraph).filter((word) => (word.match(/\p{L}/gu)?.length ?? 0) > 6).length,
    sentences: sentences(paragraph, language).map((sentence) => {
      const written = words(sentence);
      const folded = written.map(foldedWord);
      return {
        text: sentence,
        words: written.length,
        passive: isPassive(sentence, language),
        transition: hasTransition(folded, language),
        start: startOf(folded, language),
      };
    }),
  };
}

/**
 * The editor analyses the post at every keystroke, and the owner types in one paragraph at a time:
 * the others' facts are kept.
 */
const paragraphFactsIn: Record<Language, (paragraph: string) => ParagraphFacts> = {
  en: rememberedByWord((paragraph) => paragraphFacts(paragraph, 'en'), 2_000),
  fr: rememberedByWord((paragraph) => paragraphFacts(paragraph, 'fr'), 2_000),
};

/** Runs of `consecutiveSentences` or more sentences in a row starting with the same word. */
function repeatedStarts(all: readonly SentenceFacts[]): string[][] {
  const runs: string[][] = [];
  let run: SentenceFacts[] = [];
  const close = () => {
    if (run.length >= readabilityThresholds.consecutiveSentences)
      runs.push(run.map((sentence) => sentence.text));
  };
  for (const sentence of all) {
    if (sentence.start !== undefined && sentence.start === run[0]?.start) {
      run.push(sentence);
      continue;
    }
    close();
    run = [sentence];
  }
  close();
  return runs;
}

/** LIX: words per sentence plus the share, in percent, of words of more than six letters. */
function lix(statistics: TextStatistics, longWords: number): number | null {
  if (statistics.words === 0 || statistics.sentences === 0) return null;
  return statistics.words / statistics.sentences + (100 * longWords) / statistics.words;
}

/** The Flesch–Kincaid grade: 0.39 × words per sentence + 11.8 × syllables per word − 15.59. */
function fleschKincaidGrade(statistics: TextStatistics): number | null {
  if (statistics.words === 0 || statistics.sentences === 0) return null;
  return (
    0.39 * (statistics.words / statistics.sentences) +
    11.8 * (statistics.syllables / statistics.words) -
    15.59
  );
}

/** The readability of a post's body (the HTML the editor writes) in `language`. */
export function analyseReadability(bodyHtml: string, language: Language): ReadabilityAnalysis {
  const factsOf = paragraphFactsIn[language];
  const sections = postSections(bodyHtml).map((section) => ({
    heading: section.heading,
    paragraphs: section.paragraphs.map((text) => ({ text, facts: factsOf(text) })),
  }));
  const paragraphs = sections.flatMap((section) => section.paragraphs);
  const all = paragraphs.flatMap((paragraph) => paragraph.facts.sentences);
  // Words, sentences and syllables never run across paragraphs: the post's are their sums.
  const statistics: TextStatistics = { words: 0, sentences: 0, syllables: 0 };
  let longWords = 0;
  for (const { facts } of paragraphs) {
    statistics.words += facts.statistics.words;
    statistics.sentences += facts.statistics.sentences;
    statistics.syllables += facts.statistics.syllables;
    longWords += facts.longWords;
  }
  const thresholds = readabilityThresholds;
  const checks: ReadabilityCheck[] = [];

  const ease = readingEaseOf(statistics, language);
  checks.push({
    id: 'reading-ease',
    rating:
      ease === null
        ? null
        : ratedFromAbove(ease, thresholds.readingEase.good, thresholds.readingEase.improve),
    figure: ease ?? 0,
    flagged: [],
  });

  const long = all.filter((sentence) => sentence.words > thresholds.longSentenceWords);
  const longShare = percent(long.length, all.length);
  checks.push({
    id: 'sentence-length',
    rating:
      all.length < thresholds.longSentenceMinimumSentences
        ? null
        : rated(longShare, thresholds.longSentenceShare.good, thresholds.longSentenceShare.improve),
    figure: longShare,
    flagged: long.map((sentence) => sentence.text),
  });

  const longestParagraph = Math.max(0, ...paragraphs.map(({ facts }) => facts.statistics.words));
  checks.push({
    id: 'paragraph-length',
    rating:
      paragraphs.length === 0
        ? null
        : rated(
            longestParagraph,
            thresholds.paragraphWords.good,
            thresholds.paragraphWords.improve,
          ),
    figure: longestParagraph,
    flagged: paragraphs
      .filter(({ facts }) => facts.statistics.words > thresholds.paragraphWords.good)
      .map(({ text }) => text),
  });

  // A text over 300 words with no subheading is one long section.
  const sectionWords = sections.map((section) =>
    section.paragraphs.reduce((sum, { facts }) => sum + facts.statistics.words, 0),
  );
  const longestSection = Math.max(0, ...sectionWords);
  const hasSubheadings = sections.some((section) => section.heading !== null);
  checks.push({
    id: 'subheadings',
    rating:
      statistics.words <= thresholds.sectionWords.good
        ? null
        : !hasSubheadings
          ? 'bad'
          : rated(longestSection, thresholds.sectionWords.good, thresholds.sectionWords.improve),
    figure: longestSection,
    flagged: sections
      .filter((_, index) => sectionWords[index]! > thresholds.sectionWords.good)
      .map((section) => section.heading ?? section.paragraphs[0]?.text ?? ''),
  });

  const passive = all.filter((sentence) => sentence.passive);
  const passiveShare = percent(passive.length, all.length);
  checks.push({
    id: 'passive-voice',
    rating:
      all.length === 0
        ? null
        : rated(passiveShare, thresholds.passiveShare.good, thresholds.passiveShare.improve),
    figure: passiveShare,
    flagged: passive.map((sentence) => sentence.text),
  });

  const transitionShare = percent(all.filter((sentence) => sentence.transition).length, all.length);
  checks.push({
    id: 'transition-words',
    rating:
      statistics.words < thresholds.transitionMinimumWords
        ? null
        : ratedFromAbove(
            transitionShare,
            thresholds.transitionShare.good,
            thresholds.transitionShare.improve,
          ),
    figure: transitionShare,
    flagged: [],
  });

  const runs = repeatedStarts(all);
  checks.push({
    id: 'consecutive-sentences',
    rating: all.length < thresholds.consecutiveSentences ? null : runs.length > 0 ? 'bad' : 'good',
    figure: Math.max(0, ...runs.map((run) => run.length)),
    flagged: runs.flat(),
  });

  return {
    language,
    words: statistics.words,
    sentences: statistics.sentences,
    readingEase: { formula: language === 'en' ? 'flesch' : 'kandel-moles', score: ease },
    grade:
      language === 'en'
        ? { formula: 'flesch-kincaid', score: fleschKincaidGrade(statistics) }
        : { formula: 'lix', score: lix(statistics, longWords) },
    checks,
  };
}
