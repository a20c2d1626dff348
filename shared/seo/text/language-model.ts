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
 * The grams as a trie walked one character at a time, so that the windows of a text are looked up
 * without building a string for each (most of the model's cost when it sliced them). Node 0 is the
 * root and stands for "no gram" as a child. The model writes its grams with a few dozen characters:
 * each has a letter number, and a node's children are a row of a flat table indexed by it.
 */
const letterOf = new Map<number, number>();
for (const gram of [...scoresOf.keys(), ...uniqueLanguageOf.keys()]) {
  for (let index = 0; index < gram.length; index++) {
    const code = gram.charCodeAt(index);
    if (!letterOf.has(code)) letterOf.set(code, letterOf.size + 1);
  }
}
/** Letter numbers by character code; 0 for a character no gram has. */
const letterNumbers = new Uint8Array(Math.max(...letterOf.keys()) + 1);
for (const [code, letter] of letterOf) letterNumbers[code] = letter;
const rowLength = letterOf.size + 1;

const nodeCount = new Set(
  [...scoresOf.keys(), ...uniqueLanguageOf.keys()].flatMap((gram) =>
    Array.from({ length: gram.length + 1 }, (_, end) => gram.slice(0, end)),
  ),
).size;
if (nodeCount > 0xffff) throw new Error('The language model has too many grams for its table');
/** `children[node * rowLength + letter]`: the node of the gram one letter longer, or 0. */
const children = new Uint16Array(nodeCount * rowLength);
/** Each node's scores, already weighted by its gram's length as tinyld weighs them (length / 4). */
const weightedScores: Array<Record<ModelLanguage, number> | undefined> = [undefined];
/** The language that alone has the node's gram, if any. */
const uniqueLanguageAt: Array<ModelLanguage | undefined> = [undefined];

function child(node: number, code: number): number {
  const letter = code < letterNumbers.length ? letterNumbers[code]! : 0;
  return letter === 0 ? 0 : children[node * rowLength + letter]!;
}

function nodeOf(gram: string): number {
  let node = 0;
  for (let index = 0; index < gram.length; index++) {
    const slot = node * rowLength + letterNumbers[gram.charCodeAt(index)]!;
    if (children[slot] === 0) {
      children[slot] = weightedScores.length;
      weightedScores.push(undefined);
      uniqueLanguageAt.push(undefined);
    }
    node = children[slot]!;
  }
  return node;
}
for (const [gram, scores] of scoresOf) {
  weightedScores[nodeOf(gram)] = {
    fr: (scores.fr * gram.length) / 4,
    en: (scores.en * gram.length) / 4,
  };
}
for (const [gram, language] of uniqueLanguageOf) uniqueLanguageAt[nodeOf(gram)] = language;

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

/**
 * The language of the first gram of the chunk that only one candidate has, if any: tinyld looks for
 * the grams one length after the other, so the shortest such gram wins, and the first in the chunk
 * among the shortest.
 */
function uniquelyMarked(chunk: string, candidates: readonly ModelLanguage[]): ModelLanguage | null {
  for (let index = 0; hasUniqueCharacters && index < chunk.length; index++) {
    const character = chunk[index]!;
    if (isWhitespace(character)) continue;
    const language = uniqueLanguageOf.get(character);
    if (language !== undefined && candidates.includes(language)) return language;
  }
  const padded = ` ${chunk} `;
  let found: ModelLanguage | null = null;
  let foundLength = longestGram + 1;
  for (let start = 0; start + 2 <= padded.length; start++) {
    let node = child(0, padded.charCodeAt(start));
    for (let length = 2; length < foundLength && start + length <= padded.length; length++) {
      node = node === 0 ? 0 : child(node, padded.charCodeAt(start + length - 1));
      if (node === 0) break;
      const language = uniqueLanguageAt[node];
      if (language === undefined || !candidates.includes(language)) continue;
      // No gram is shorter than two characters here: the first of that length is the answer.
      if (length === 2) return language;
      found = language;
      foundLength = length;
    }
  }
  return found;
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

/** The scores of one word's grams, summed per language (accents stripped to look them up). */
function wordTotals(word: string): Record<ModelLanguage, number> {
  const totals = { fr: 0, en: 0 };
  const accentlessText = accentlessWord(word);
  if (accentlessText !== null) {
    // Window by window rather than length by length as tinyld goes: every score is a multiple of a
    // quarter well under 2^40, so the sums are exact in any order.
    const padded = ` ${accentlessText} `;
    for (let start = 0; start + 1 < padded.length; start++) {
      let node = child(0, padded.charCodeAt(start));
      // A gram of one character is never white space, and the padding is.
      if (start > 0 && start < padded.length - 1 && !isWhitespace(padded[start]!)) {
        addWeighted(node, totals);
      }
      for (
        let end = start + 1;
        node !== 0 && end < padded.length && end - start < longestGram;
        end++
      ) {
        node = child(node, padded.charCodeAt(end));
        addWeighted(node, totals);
      }
    }
    return totals;
  }
  for (let index = 0; index < word.length; index++) {
    const character = word[index]!;
    if (!isWhitespace(character)) addScores(accentlessGram(character), totals);
  }
  const padded = ` ${word} `;
  for (let length = 2; length <= longestGram; length++) {
    for (let start = 0; start + length <= padded.length; start++) {
      addScores(accentlessGram(padded.slice(start, start + length)), totals);
    }
  }
  return totals;
}

function addWeighted(node: number, totals: Record<ModelLanguage, number>): void {
  const scores = weightedScores[node];
  if (scores === undefined) return;
  totals.fr += scores.fr;
  totals.en += scores.en;
}

/**
 * Adds each candidate's share of one word to `shares`, best first (ties in tinyld's order), as
 * tinyld gives them: a language's insertion order in `shares` breaks ties in the final ranking.
 */
function addWordShares(
  word: string,
  candidates: readonly ModelLanguage[],
  shares: Map<ModelLanguage, number>,
): void {
  const totals = wordTotals(word);
  // Candidates are in tinyld's order; the best first, a tie keeping that order.
  const ranked =
    candidates.length === 2 && totals[candidates[1]!] > totals[candidates[0]!]
      ? [candidates[1]!, candidates[0]!]
      : candidates;
  const best = totals[ranked[0]!] || 1;
  for (const language of ranked) {
    const share = 1 - Math.round(((best - totals[language]) / best) * 1e4) / 1e4;
    shares.set(language, (shares.get(language) ?? 0) + share);
  }
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
      addWordShares(word, candidates, shares);
      lettersRead += word.length;
    }
  }
  return [...shares]
    .filter(([, share]) => share > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([lang, share]) => ({ lang, accuracy: share / lettersRead }));
}
