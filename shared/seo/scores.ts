import type { Severity } from './check.ts';

/**
 * What one failing check takes from a page's 100 points, by its severity (docs/seo-scores.md): the
 * audit scores with it and the overview explains the scores with it.
 */
export const severityWeights: Readonly<Record<Severity, number>> = {
  error: 15,
  warning: 5,
  info: 1,
};

/** The lowest score of each rating a score is shown with: good from 90, fair from 50, else poor. */
export const scoreRatingFloors = { good: 90, fair: 50 } as const;

/**
 * A page's score in one language (docs/seo-scores.md): 100 minus the weight of each check that
 * found something there, counted once however many findings it made, floored at 0. The audit scores
 * pages with it, and the blog's editor scores a draft with it, so that both give the same figure.
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
