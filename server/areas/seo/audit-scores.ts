/**
 * The scores, exactly as docs/seo-scores.md defines them: the same for every kind of page and both
 * languages. A page's own score is shared/seo/scores.ts `pageScore`, which the blog's editor also uses.
 */

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
