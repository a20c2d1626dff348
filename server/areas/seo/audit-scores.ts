import type { Severity } from '#shared/seo/check.ts';
import { severityWeights } from '#shared/seo/scores.ts';

/**
 * The scores, exactly as docs/seo-scores.md defines them: the same for every kind of page and both
 * languages.
 */

/**
 * A page's score in one language: 100 minus the weight of each check that found something there,
 * counted once however many findings it made, floored at 0.
 */
export function pageScore(failing: Iterable<{ checkId: string; severity: Severity }>): number {
  const counted = new Set<string>();
  let score = 100;
  for (const { checkId, severity } of failing) {
    if (counted.has(checkId)) continue;
    counted.add(checkId);
    score -= severityWeights[severity];
  }
  return Math.max(0, score);
}

/**
 * The store's score in one language: the mean of its pages' scores there, rounded to the nearest
 * integer (a half up); null when no page was audited.
 */
export function storeScore(pageScores: readonly number[]): number | null {
  if (pageScores.length === 0) return null;
  let sum = 0;
  for (const score of pageScores) sum += score;
  return Math.round(sum / pageScores.length);
}
