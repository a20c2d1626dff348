import type { AuditLanguage } from '../check.ts';
import { detectAmong, type LanguageLikelihood } from './language-model.ts';

/**
 * Which of the store's languages a text is written in: told by its function words when they leave
 * no doubt (English and French), by tinyld restricted to the store's languages otherwise. Null when
 * the text is too short to judge (under 24 characters, where tinyld's own benchmark drops below
 * about 95 % right) or when the result is not clearly one language: the most likely language must be
 * likely enough, at least twice as likely as the next one (a text half in English, half in French is
 * neither), and not contradicted by the text's function words.
 *
 * tinyld's normal build, not its light one: on the short product texts and alt texts of
 * tests/unit/seo-text-language.test.ts, the light build named French for English texts
 * ("Handmade ceramic coffee mug", "Chocolate praline gift box") with a clear margin, where the
 * normal one either was right or declined to judge. The audit runs it through its own port,
 * narrowed to English and French (language-model.ts): the same answers, a tenth of the model, and
 * many times faster.
 */

export const languageIdentificationMinimumLength = 24;
const clearMargin = 2;

/**
 * Words that only English or only French uses, of the kind every sentence has: articles,
 * prepositions, pronouns. A word both languages write ("on", "a", "plus", "sort") is in neither
 * list. Counting them settles most sentences at once, cheaper still than the model; a text they do
 * not settle clearly goes to tinyld's model.
 */
const functionWords: Record<'en' | 'fr', ReadonlySet<string>> = {
  en: new Set(
    'the and of with for to is are your our this that these those from by its be was were have has will you we into each which who what how without about'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les des du de et avec pour un une est sont dans sur au aux votre vos notre nos ce cette ces qui que pas par chaque tous toute toutes en il elle nous vous ils leur leurs sans très où'.split(
      ' ',
    ),
  ),
};

/** Function words of one language needed, with none of the other's, to settle without tinyld. */
const settlingWords = 3;

/**
 * The least likelihood tinyld must give its answer. On short texts made mostly of names ("Rattan
 * Napkin Set – Indigo", "Torchon en lin – anthracite"), it answers with a likelihood under 0.05
 * and is wrong about one time in eight on the seeded store's product titles
 * (tests/integration/seo-seeded-store-recall.test.ts); the titles it reads right, it reads with
 * more (0.09 to 0.5). Below this, the text is not judged.
 */
const leastLikelihood = 0.06;

/** The function words of English and French a text has, when those are the store's languages. */
function countFunctionWords(
  text: string,
  candidates: readonly AuditLanguage[],
): Record<'en' | 'fr', number> | undefined {
  if (candidates.length !== 2 || !candidates.includes('en') || !candidates.includes('fr')) {
    return undefined;
  }
  const counts = { en: 0, fr: 0 };
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (functionWords.en.has(word)) counts.en++;
    else if (functionWords.fr.has(word)) counts.fr++;
  }
  return counts;
}

/** The language the function words settle, or undefined when they do not settle it clearly. */
function settledByFunctionWords(
  counts: Record<'en' | 'fr', number> | undefined,
): AuditLanguage | undefined {
  if (counts === undefined) return undefined;
  if (counts.en >= settlingWords && counts.fr === 0) return 'en';
  if (counts.fr >= settlingWords && counts.en === 0) return 'fr';
  return undefined;
}

/** The last answers, by candidates and text: several checks of one page ask about the same text. */
const remembered = new Map<string, AuditLanguage | null>();
const rememberedAnswers = 32;

export function identifyLanguage(
  text: string,
  candidates: readonly AuditLanguage[],
): AuditLanguage | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length < languageIdentificationMinimumLength || candidates.length === 0) return null;
  const key = `${candidates.join(' ')}\n${trimmed}`;
  const known = remembered.get(key);
  if (known !== undefined) return known;
  const counts = countFunctionWords(trimmed, candidates);
  const language =
    settledByFunctionWords(counts) ?? identifiedByTinyld(trimmed, candidates, counts);
  if (remembered.size >= rememberedAnswers) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, language);
  return language;
}

/**
 * The model's last answer: a title identifyLanguage declines to judge is read again by
 * identifyTitleLanguage, which weighs the same likelihoods against the title's small words.
 */
let lastRead: { text: string; candidates: string; likelihoods: LanguageLikelihood[] } | null = null;

function likelihoodsOf(
  trimmed: string,
  candidates: readonly AuditLanguage[],
): LanguageLikelihood[] {
  const key = candidates.join(' ');
  if (lastRead?.text !== trimmed || lastRead.candidates !== key) {
    lastRead = { text: trimmed, candidates: key, likelihoods: detectAmong(trimmed, candidates) };
  }
  return lastRead.likelihoods;
}

/**
 * tinyld's answer, when it is clear: likely enough, twice as likely as the next language, and not
 * against the function words (a French "en" or "de" in a text it takes for English, with no English
 * one, leaves the text unjudged).
 */
function identifiedByTinyld(
  trimmed: string,
  candidates: readonly AuditLanguage[],
  counts: Record<'en' | 'fr', number> | undefined,
): AuditLanguage | null {
  const [first, second] = likelihoodsOf(trimmed, candidates);
  if (first === undefined || first.accuracy < leastLikelihood) return null;
  if (second !== undefined && first.accuracy < clearMargin * second.accuracy) return null;
  const language = candidates.find((candidate) => candidate === first.lang) ?? null;
  if (counts !== undefined && (language === 'en' || language === 'fr')) {
    const other = language === 'en' ? 'fr' : 'en';
    if (counts[other] > 0 && counts[language] === 0) return null;
  }
  return language;
}

/**
 * The shortest title whose language the title check (T05) judges: from 12 characters, tinyld's own
 * benchmark still reads about 80 % right, and the evidence below must agree with it.
 */
export const titleLanguageMinimumLength = 12;

/**
 * Small words a product title of one language uses and the other's does not: a French title joins
 * its nouns with "en, de, à, pour, avec" ("Nappe en lin lavé"), an English one with "with, for, in,
 * and" ("Apron with leather straps"). Wider than `functionWords`: on a title, one of them is already
 * evidence. A word both languages write in titles ("a", "on", "plus") is in neither list.
 */
const titleWords: Record<'en' | 'fr', ReadonlySet<string>> = {
  en: new Set(
    'the and of with for in to from by your our its into each without this that'.split(' '),
  ),
  fr: new Set(
    'le la les l des du de d et avec pour un une en dans sur au aux à sans par nos notre vos votre ses son sa'.split(
      ' ',
    ),
  ),
};

/** A letter only French writes among the two languages (English borrows it in a few words). */
const frenchLetter = /[àâäçéèêëîïôöùûüÿœæ]/u;

interface TitleEvidence {
  en: number;
  fr: number;
  /** Words with a French letter. */
  accented: number;
}

function titleEvidence(text: string): TitleEvidence {
  const evidence: TitleEvidence = { en: 0, fr: 0, accented: 0 };
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (word === '') continue;
    if (titleWords.en.has(word)) evidence.en++;
    else if (titleWords.fr.has(word)) evidence.fr++;
    if (frenchLetter.test(word)) evidence.accented++;
  }
  return evidence;
}

/** Whether the store's languages are English and French, where the title rules below apply. */
function englishAndFrench(candidates: readonly AuditLanguage[]): boolean {
  return candidates.length === 2 && candidates.includes('en') && candidates.includes('fr');
}

/**
 * Whether identifyTitleLanguage may answer `language` for this title, told from the title's small
 * words and letters without reading the model: a title under 24 characters, which identifyLanguage
 * does not judge, is read as French only with a French small word and no English one, and as
 * English only with no French small word nor French letter. The title check (T05) looks for a
 * title in the other language than its page's, and skips the model's read when it cannot be one.
 */
export function titleMayBeIn(
  text: string,
  language: AuditLanguage,
  candidates: readonly AuditLanguage[],
): boolean {
  if (!englishAndFrench(candidates)) return true;
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length < titleLanguageMinimumLength) return false;
  if (trimmed.length >= languageIdentificationMinimumLength) return true;
  const evidence = titleEvidence(trimmed);
  if (language === 'fr') return evidence.en === 0 && evidence.fr >= 1;
  if (language === 'en') return evidence.fr === 0 && evidence.accented === 0;
  return false;
}

/**
 * The language of a page's title, for the title check (T05), when the store's languages are English
 * and French: identifyLanguage's answer when it gives one that the title's small words do not
 * contradict, and on the titles it declines (under 24 characters, or too unlikely by tinyld's
 * likelihood), an answer when the evidence is clear:
 * - French: no English small word, and either a French one with tinyld leaning French twice as much
 *   as English, two French ones with tinyld leaning French, or two French ones and a French letter;
 * - English: no French small word nor French letter, and either an English small word with tinyld
 *   leaning English (or reading nothing), or tinyld's clear answer (likely enough, twice as likely)
 *   on a title under 24 characters.
 * A French letter alone is no evidence: English titles borrow "crème brûlée", "café". Precision and
 * recall on product titles of both languages are measured by tests/unit/seo-title-language.test.ts.
 */
export function identifyTitleLanguage(
  text: string,
  candidates: readonly AuditLanguage[],
): AuditLanguage | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!englishAndFrench(candidates)) return identifyLanguage(trimmed, candidates);
  if (trimmed.length < titleLanguageMinimumLength) return null;
  const evidence = titleEvidence(trimmed);
  const identified = identifyLanguage(trimmed, candidates);
  if (identified === 'fr' && evidence.en > 0 && evidence.fr === 0) return null;
  if (identified === 'en' && evidence.fr > 0 && evidence.en === 0) return null;
  if (identified !== null) return identified;
  const [first, second] = likelihoodsOf(trimmed, candidates);
  const leans = (language: AuditLanguage, margin: number) =>
    first !== undefined &&
    first.lang === language &&
    (second === undefined || first.accuracy >= margin * second.accuracy);
  if (evidence.en === 0 && evidence.fr >= 1) {
    if (leans('fr', clearMargin)) return 'fr';
    if (evidence.fr >= 2 && (leans('fr', 1) || evidence.accented >= 1)) return 'fr';
  }
  if (evidence.fr === 0 && evidence.accented === 0) {
    if (evidence.en >= 1 && (first === undefined || leans('en', 1))) return 'en';
    if (leans('en', clearMargin) && first!.accuracy >= leastLikelihood) return 'en';
  }
  return null;
}
