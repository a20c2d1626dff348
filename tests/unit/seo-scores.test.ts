import { describe, expect, it } from 'vitest';
import { storeScore } from '#server/areas/seo/audit-scores.ts';
import { pageScore } from '#shared/seo/scores.ts';

/** The formulas of docs/seo-scores.md. */

describe("a page's score", () => {
  it('is 100 with no finding', () => {
    expect(pageScore([])).toBe(100);
  });

  it('loses 15 per failing error check, 5 per warning, 1 per info', () => {
    expect(
      pageScore([
        { checkId: 'a', severity: 'error' },
        { checkId: 'b', severity: 'warning' },
        { checkId: 'c', severity: 'info' },
      ]),
    ).toBe(79);
  });

  it('counts a check once whatever its number of findings', () => {
    const tenMissingAlts = Array.from({ length: 10 }, () => ({
      checkId: 'alt',
      severity: 'info' as const,
    }));
    expect(pageScore(tenMissingAlts)).toBe(99);
    expect(
      pageScore([
        { checkId: 'dup', severity: 'warning' },
        { checkId: 'dup', severity: 'warning' },
      ]),
    ).toBe(95);
  });

  it('never goes below 0', () => {
    const sevenErrors = Array.from({ length: 7 }, (_, index) => ({
      checkId: `e${index}`,
      severity: 'error' as const,
    }));
    expect(pageScore(sevenErrors)).toBe(0);
  });
});

describe("the store's score", () => {
  it('is the mean of its pages, rounded to the nearest integer, a half up', () => {
    expect(storeScore([100, 80])).toBe(90);
    expect(storeScore([100, 81])).toBe(91);
    expect(storeScore([94, 90, 80, 99, 80, 80])).toBe(87);
  });

  it('is null when no page was audited', () => {
    expect(storeScore([])).toBeNull();
  });
});
