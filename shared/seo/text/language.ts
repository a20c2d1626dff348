import { detectAll } from 'tinyld';
import type { AuditLanguage } from '../check.ts';

/**
 * Which of the store's languages a text is written in, with tinyld restricted to them. Null when
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

export function identifyLanguage(
  text: string,
  candidates: readonly AuditLanguage[],
): AuditLanguage | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed.length < languageIdentificationMinimumLength || candidates.length === 0) return null;
  const [first, second] = detectAll(trimmed, { only: [...candidates] });
  if (first === undefined) return null;
  if (second !== undefined && first.accuracy < clearMargin * second.accuracy) return null;
  return candidates.find((candidate) => candidate === first.lang) ?? null;
}
