import { detectAll } from 'tinyld';
import type { AuditLanguage } from '../check.ts';

/**
 * Which of the store's languages a text is written in: told by its function words when they leave
 * no doubt (English and French), by tinyld restricted to the store's languages otherwise. Null when
 * the text is too short to judge (under 24 characters, where tinyld's own benchmark drops below
 * about 95 % right) or when the result is not clearly one language: the most likely language must be
 * at least twice as likely as the next one (a text half in English, half in French is neither).
 *
 * tinyld's normal build, not its light one: on the short product texts and alt texts of
 * tests/unit/seo-text-language.test.ts, the light build named French for English texts
 * ("Handmade ceramic coffee mug", "Chocolate praline gift box") with a clear margin, where the
 * normal one either was right or declined to judge. It weighs more (about 260 KB gzip against 35 KB)
 * and is loaded only with the audit's checks.
 */

export const languageIdentificationMinimumLength = 24;
const clearMargin = 2;

/**
 * Words that only English or only French uses, of the kind every sentence has: articles,
 * prepositions, pronouns. A word both languages write ("on", "a", "plus", "sort") is in neither
 * list. Counting them settles most sentences at once (tinyld costs some 0.1 ms a call, whatever the
 * text's length, which is most of an audit's time); a text they do not settle clearly goes to tinyld.
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

/** The language the function words settle, or undefined when they do not settle it clearly. */
function settledByFunctionWords(
  text: string,
  candidates: readonly AuditLanguage[],
): AuditLanguage | undefined {
  if (candidates.length !== 2 || !candidates.includes('en') || !candidates.includes('fr')) {
    return undefined;
  }
  let english = 0;
  let french = 0;
  for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
    if (functionWords.en.has(word)) english++;
    else if (functionWords.fr.has(word)) french++;
  }
  if (english >= settlingWords && french === 0) return 'en';
  if (french >= settlingWords && english === 0) return 'fr';
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
  const language =
    settledByFunctionWords(trimmed, candidates) ?? identifiedByTinyld(trimmed, candidates);
  if (remembered.size >= rememberedAnswers) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, language);
  return language;
}

function identifiedByTinyld(
  trimmed: string,
  candidates: readonly AuditLanguage[],
): AuditLanguage | null {
  const [first, second] = detectAll(trimmed, { only: [...candidates] });
  if (first === undefined) return null;
  if (second !== undefined && first.accuracy < clearMargin * second.accuracy) return null;
  return candidates.find((candidate) => candidate === first.lang) ?? null;
}
