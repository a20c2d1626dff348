import type { AuditLanguage } from '../check.ts';
import { detectAmong } from './language-model.ts';

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
 * tinyld's answer, when it is clear: likely enough, twice as likely as the next language, and not
 * against the function words (a French "en" or "de" in a text it takes for English, with no English
 * one, leaves the text unjudged).
 */
function identifiedByTinyld(
  trimmed: string,
  candidates: readonly AuditLanguage[],
  counts: Record<'en' | 'fr', number> | undefined,
): AuditLanguage | null {
  const [first, second] = detectAmong(trimmed, candidates);
  if (first === undefined || first.accuracy < leastLikelihood) return null;
  if (second !== undefined && first.accuracy < clearMargin * second.accuracy) return null;
  const language = candidates.find((candidate) => candidate === first.lang) ?? null;
  if (counts !== undefined && (language === 'en' || language === 'fr')) {
    const other = language === 'en' ? 'fr' : 'en';
    if (counts[other] > 0 && counts[language] === 0) return null;
  }
  return language;
}
