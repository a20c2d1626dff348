import { describe, expect, it } from 'vitest';
import { trendEndingAtScore, type TrendPoint } from '#server/areas/seo/score-trend.ts';

/** The overview's trend ends at the headline score beside it. */

const day = (date: number) => new Date(Date.UTC(2026, 10, date, 10));
const points = (...scores: number[]): TrendPoint[] =>
  scores.map((score, index) => ({ at: day(index + 1), score }));
const now = day(28);

describe('the trend of a language on the overview', () => {
  it('is the recorded audits when the last one is the current score', () => {
    expect(trendEndingAtScore(points(80, 85, 90), 90, now, 26)).toEqual(points(80, 85, 90));
  });

  it('ends with the current score, now, when pages changed since the last audit', () => {
    expect(trendEndingAtScore(points(80, 90), 89, now, 26)).toEqual([
      ...points(80, 90),
      { at: now, score: 89 },
    ]);
  });

  it('keeps its length, dropping the oldest audit for the current score', () => {
    const trend = trendEndingAtScore(points(70, 80, 90), 91, now, 3);
    expect(trend.map((point) => point.score)).toEqual([80, 90, 91]);
    expect(trend.at(-1)).toEqual({ at: now, score: 91 });
  });

  it('is the current score alone before any audit was recorded, and unchanged without one', () => {
    expect(trendEndingAtScore([], 75, now, 26)).toEqual([{ at: now, score: 75 }]);
    expect(trendEndingAtScore(points(80), null, now, 26)).toEqual(points(80));
  });
});
