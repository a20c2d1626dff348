/** One point of a language's trend: the store's score there at a moment. */
export interface TrendPoint {
  at: Date;
  score: number;
}

/**
 * A language's trend as the overview shows it: the scores recorded at the end of its last full
 * audits, ending at the store's score as it is now, the headline beside it. Pages audited again
 * since (a webhook's change, an approved fix, a storefront pass) move the headline without a run
 * recording it: then the trend ends with a point at `now` carrying the current score, and keeps
 * `length` points at most. One score, computed once (docs/seo-scores.md), so the two never differ.
 */
export function trendEndingAtScore(
  recorded: readonly TrendPoint[],
  current: number | null,
  now: Date,
  length: number,
): TrendPoint[] {
  const last = recorded.at(-1);
  if (current === null || last?.score === current) return recorded.slice(-length);
  return [...recorded, { at: now, score: current }].slice(-length);
}

/**
 * A language's score and its change since the previous audit: the trend ends at the score itself
 * (trendEndingAtScore), so the point before the last is the previous audit's. Null before a second
 * audit, or without a score.
 */
export function scoreChangeOf(language: {
  score: number | null;
  trend: ReadonlyArray<{ score: number }>;
}): number | null {
  const previous = language.trend.at(-2);
  return language.score === null || previous === undefined ? null : language.score - previous.score;
}
