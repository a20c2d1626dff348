import type { AuditLanguage } from '../check.ts';
import { rememberingLast } from './last-answers.ts';

/**
 * Sentences of a text for the readability measures. A sentence ends at a block break (a blank line
 * or a line break: the visible text of body HTML puts one between paragraphs, list items,
 * headings…) or at . ! ? … followed by a space and a sentence start (a capital, a digit or an
 * opening quote or bracket). A full stop after an abbreviation that never ends a sentence
 * ("Mr.", "M.", "Mme", "e.g.", "p. ex."…) or after a single capital (an initial: "J. Smith") does not
 * end one; "etc." does when a capital follows, as it then usually closes the sentence.
 */

const abbreviations: Record<AuditLanguage, ReadonlySet<string>> = {
  en: new Set([
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'jr',
    'sr',
    'vs',
    'e.g',
    'i.e',
    'approx',
    'fig',
  ]),
  fr: new Set([
    'mm',
    'mme',
    'mmes',
    'mlle',
    'mlles',
    'dr',
    'pr',
    'me',
    'st',
    'ste',
    'cf',
    'env',
    'ex',
    'p. ex',
    'p.ex',
    'av',
    'bd',
    'fig',
    'vol',
    'réf',
  ]),
};

/** An end mark, then the closing quotes and brackets that may follow it, then a space. */
const sentenceEnd = /([.!?…]+)(?:[\s\u00a0\u202f]*[»”’"')\]])*(?=[\s\u00a0\u202f])/g;
/** What a new sentence may start with after the space. */
const sentenceStart = /^[\p{Lu}\p{N}«“"'([¿¡]/u;

function endsWithAbbreviation(before: string, language: AuditLanguage): boolean {
  // An initial: "J. Smith", "J. R. Tolkien", "M. Dupont".
  if (/(?:^|[\s.(«“"])\p{Lu}$/u.test(before)) return true;
  const tail = /(?:^|[\s(«“"])((?:\p{L}\.\s?)*\p{L}+)$/u.exec(before)?.[1];
  if (tail === undefined) return false;
  return abbreviations[language].has(tail.toLowerCase());
}

/** A letter, a mark or a digit: a text with one has at least one word (words.ts). */
const wordCharacter = /[\p{L}\p{M}\p{N}]/u;

/**
 * The sentences of `text` that have at least one word, trimmed. Reading ease and the share of long
 * sentences both read a page's body, so the last answers in each language are kept.
 */
export function sentences(text: string, language: AuditLanguage): readonly string[] {
  return sentencesIn[language](text);
}

const sentencesIn: Record<AuditLanguage, (text: string) => readonly string[]> = {
  en: rememberingLast((text) => splitSentences(text, 'en')),
  fr: rememberingLast((text) => splitSentences(text, 'fr')),
};

function splitSentences(text: string, language: AuditLanguage): string[] {
  const found: string[] = [];
  for (const block of text.split(/\n+/)) {
    let start = 0;
    let match: RegExpExecArray | null;
    sentenceEnd.lastIndex = 0;
    while ((match = sentenceEnd.exec(block)) !== null) {
      const endIndex = match.index + match[0].length;
      const after = block.slice(endIndex).replace(/^[\s\u00a0\u202f]+/, '');
      if (!sentenceStart.test(after)) continue;
      if (match[1] === '.' && endsWithAbbreviation(block.slice(start, match.index), language))
        continue;
      found.push(block.slice(start, endIndex));
      start = endIndex;
    }
    found.push(block.slice(start));
  }
  return found
    .map((sentence) => sentence.trim())
    .filter((sentence) => wordCharacter.test(sentence));
}
