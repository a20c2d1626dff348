import { scoredGrams, uniqueGrams } from './language-grams.ts';

/**
 * tinyld's language detection (its normal build, version 1.3.4; MIT licence, copyright (c) 2021
 * Komodo), narrowed to English and French and written for speed: it gives exactly tinyld's
 * `detectAll(text, { only })` for those languages (tests/unit/seo-text-language-model.test.ts holds
 * it to tinyld on thousands of texts), at a fraction of the cost. tinyld decodes a model of 60-odd
 * languages when it loads, and for every gram of every word it builds a set of the languages the
 * gram scores in; the audit asks about hundreds of thousands of texts, always with English and
 * French only, and that set building was most of an audit's time.
 *
 * How tinyld decides, which this follows step for step: the text is cut into chunks at punctuation,
 * each chunk cleaned (lower case, most punctuation and every digit dropped, spaces collapsed); the
 * seven longest chunks are read. A chunk holding a gram (1 to 5 characters, the chunk padded with
 * spaces) that only one language has counts wholly for that language. Otherwise each of its words
 * gives each language a share between 0 and 1: its grams' scores summed (accents stripped to look
 * them up), relative to the best language's. The answer lists the languages with a share, most
 * likely first, each share divided by the letters read.
 */

export type ModelLanguage = 'en' | 'fr';

export interface LanguageLikelihood {
  lang: ModelLanguage;
  accuracy: number;
}

/** tinyld's order of languages, French before English: it breaks ties. */
const modelOrder: readonly ModelLanguage[] = ['fr', 'en'];

const scoresOf = new Map<string, Record<ModelLanguage, number>>(
  scoredGrams.map(([gram, fr, en]) => [gram, { fr, en }]),
);
const uniqueLanguageOf = new Map<string, ModelLanguage>([
  ...uniqueGrams.fr.map((gram): [string, ModelLanguage] => [gram, 'fr']),
  ...uniqueGrams.en.map((gram): [string, ModelLanguage] => [gram, 'en']),
]);
/** tinyld's grams are 1 to 5 characters long. */
const longestGram = 5;

// tinyld's cleaning and cutting, as it writes them.
const punctuation = /[,.。，、#%&/\\+*¡!¿?[\]！？;:…„“«»”"“_–—~]/gi;
const fullWidthDigits = /[\uFF10-\uFF19]/g;
const digits = /[0-9]/g;
const whitespaceRuns = /\s\s+/g;
const typographicApostrophe = /’/gi;
const combiningMarks = /[\u0300-\u036f]/g;
const chunkSeparators = /([,，、。!¿?！？":;()「」{}„“«»”"“<>⋯《》*]|[.[\]\\])+/;
const spaces = / +/;
const chunksRead = 7;

function cleaned(chunk: string): string {
  return chunk
    .toLowerCase()
    .replace(typographicApostrophe, "'")
    .replace(punctuation, ' ')
    .replace(fullWidthDigits, (digit) => String.fromCharCode(digit.charCodeAt(0) - 65248))
    .replace(digits, '')
    .replace(whitespaceRuns, ' ')
    .trim();
}

/**
 * The first two characters of every gram of two or more, as one number: a window whose first two
 * characters start no gram is passed over without building its strings.
 */
const pairOf = (text: string, index: number) =>
  (text.charCodeAt(index) << 16) | text.charCodeAt(index + 1);
function pairsStarting(grams: Iterable<string>): Set<number> {
  const pairs = new Set<number>();
  for (const gram of grams) if (gram.length >= 2) pairs.add(pairOf(gram, 0));
  return pairs;
}
const scoredPairs = pairsStarting(scoresOf.keys());
/** By length: the unique grams are looked for one length after the other. */
const uniquePairsOfLength = Array.from({ length: longestGram + 1 }, (_, length) =>
  pairsStarting([...uniqueLanguageOf.keys()].filter((gram) => gram.length === length)),
);

/**
 * Characters below the combining marks that lose their accents to one character (é → e, ç → c)
 * or have none to lose (a, œ, ß): code → accentless code. A word made of them has its grams'
 * accentless forms as the windows of its own accentless form; any other word strips each gram.
 */
const accentless = new Uint16Array(0x300);
for (let code = 0; code < accentless.length; code++) {
  const stripped = String.fromCharCode(code).normalize('NFD').replace(combiningMarks, '');
  if (stripped.length === 1) accentless[code] = stripped.charCodeAt(0);
}

/** `word` without its accents, character for character; null when that is not possible. */
function accentlessWord(word: string): string | null {
  let changed = false;
  const codes = new Array<number>(word.length);
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index);
    const stripped = code < accentless.length ? accentless[code]! : 0;
    if (stripped === 0) return null;
    codes[index] = stripped;
    changed ||= stripped !== code;
  }
  return changed ? String.fromCharCode(...codes) : word;
}

/** What String.prototype.trim removes, which tinyld's grams may not be made of alone. */
const whitespace = /^\s$/;
function isWhitespace(character: string): boolean {
  const code = character.charCodeAt(0);
  // Printable ASCII, most of any text, is never white space.
  return code > 32 && code < 127 ? false : whitespace.test(character);
}

/** English and French have no gram of one character of their own, but the model could. */
const hasUniqueCharacters = [...uniqueLanguageOf.keys()].some((gram) => gram.length === 1);

/*
 * tinyld pads a text with n - 1 spaces on each side and takes every window of n characters that
 * has no two spaces in a row and is not spaces only. The texts it grams (a cleaned chunk, or a word
 * of one) never hold two white-space characters in a row, so those windows are exactly the windows
 * of the text padded with one space on each side, less the single white-space characters when
 * n = 1. The loops below walk them in tinyld's order.
 */

/** The language of the first gram of the chunk that only one candidate has, if any. */
function uniquelyMarked(chunk: string, candidates: readonly ModelLanguage[]): ModelLanguage | null {
  for (let index = 0; hasUniqueCharacters && index < chunk.length; index++) {
    const character = chunk[index]!;
    if (isWhitespace(character)) continue;
    const language = uniqueLanguageOf.get(character);
    if (language !== undefined && candidates.includes(language)) return language;
  }
  const padded = ` ${chunk} `;
  for (let length = 2; length <= longestGram; length++) {
    const pairs = uniquePairsOfLength[length]!;
    for (let start = 0; start + length <= padded.length; start++) {
      if (!pairs.has(pairOf(padded, start))) continue;
      const language = uniqueLanguageOf.get(padded.slice(start, start + length));
      if (language !== undefined && candidates.includes(language)) return language;
    }
  }
  return null;
}

/** Adds the scores of one accentless gram to `totals`. */
function addScores(key: string, totals: Record<ModelLanguage, number>): void {
  const scores = scoresOf.get(key);
  if (scores === undefined) return;
  totals.fr += (scores.fr * key.length) / 4;
  totals.en += (scores.en * key.length) / 4;
}

/** The accentless form of grams that could not be stripped with their word, as they were met. */
const strippedGrams = new Map<string, string>();
const strippedGramsKept = 50_000;

function accentlessGram(gram: string): string {
  let stripped = strippedGrams.get(gram);
  if (stripped === undefined) {
    stripped = gram.normalize('NFD').replace(combiningMarks, '');
    if (strippedGrams.size < strippedGramsKept) strippedGrams.set(gram, stripped);
  }
  return stripped;
}

/** Each candidate's share of one word, best first (ties in tinyld's order), as tinyld gives them. */
function wordShares(
  word: string,
  candidates: readonly ModelLanguage[],
): Array<[ModelLanguage, number]> {
  const totals = { fr: 0, en: 0 };
  const accentlessText = accentlessWord(word);
  for (let index = 0; index < word.length; index++) {
    const character = word[index]!;
    if (isWhitespace(character)) continue;
    addScores(accentlessText?.[index] ?? accentlessGram(character), totals);
  }
  if (accentlessText !== null) {
    // Window by window rather than length by length as tinyld goes: every score is a multiple of a
    // quarter well under 2^40, so the sums are exact in any order.
    const padded = ` ${accentlessText} `;
    for (let start = 0; start + 2 <= padded.length; start++) {
      if (!scoredPairs.has(pairOf(padded, start))) continue;
      for (let length = 2; length <= longestGram && start + length <= padded.length; length++) {
        addScores(padded.slice(start, start + length), totals);
      }
    }
  } else {
    const padded = ` ${word} `;
    for (let length = 2; length <= longestGram; length++) {
      for (let start = 0; start + length <= padded.length; start++) {
        addScores(accentlessGram(padded.slice(start, start + length)), totals);
      }
    }
  }
  const ranked = candidates.map((language): [ModelLanguage, number] => [
    language,
    totals[language],
  ]);
  ranked.sort((a, b) => b[1] - a[1]);
  const best = Math.max(...ranked.map(([, total]) => total)) || 1;
  return ranked.map(([language, total]) => [
    language,
    1 - Math.round(((best - total) / best) * 1e4) / 1e4,
  ]);
}

/**
 * tinyld's `detectAll(text, { only: candidates })` for English and French: the candidates the text
 * gives a share to, most likely first, each with its likelihood.
 */
export function detectAmong(text: string, only: readonly ModelLanguage[]): LanguageLikelihood[] {
  const candidates = modelOrder.filter((language) => only.includes(language));
  const chunks = text
    .split(chunkSeparators)
    .map(cleaned)
    .filter((chunk) => chunk !== '')
    .sort((a, b) => b.length - a.length)
    .slice(0, chunksRead);
  const shares = new Map<ModelLanguage, number>();
  let lettersRead = 0;
  for (const chunk of chunks) {
    const marked = uniquelyMarked(chunk, candidates);
    if (marked !== null) {
      shares.set(marked, (shares.get(marked) ?? 0) + chunk.length);
      lettersRead += chunk.length;
      continue;
    }
    for (const word of chunk.split(spaces)) {
      for (const [language, share] of wordShares(word, candidates)) {
        shares.set(language, (shares.get(language) ?? 0) + share);
      }
      lettersRead += word.length;
    }
  }
  return [...shares]
    .filter(([, share]) => share > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([lang, share]) => ({ lang, accuracy: share / lettersRead }));
}
