import { textWidthPx } from '#shared/seo/text/pixel-width.ts';
import { describe, expect, it } from 'vitest';
import {
  auditPercent,
  coverageOf,
  isAuditUnderWay,
  overviewRefetchInterval,
  scoreRating,
  seoPollIntervalMs,
  trendPoints,
  truncateForResult,
} from '#client/features/seo/seo-presentation.ts';
import type { AuditRun } from '#shared/schemas/seo.ts';

/** How the SEO screens read the API's answers. */

function run(state: AuditRun['state'], done = 0, total = 0): Pick<AuditRun, 'state' | 'progress'> {
  return { state, progress: { done, total } };
}

describe('the audit run', () => {
  it('is followed every moment while queued or running, and no longer once it ended', () => {
    expect(isAuditUnderWay(run('queued'))).toBe(true);
    expect(overviewRefetchInterval({ lastRun: { ...run('running'), ...runFields } })).toBe(
      seoPollIntervalMs,
    );
    expect(overviewRefetchInterval({ lastRun: { ...run('done'), ...runFields } })).toBe(false);
    expect(overviewRefetchInterval({ lastRun: { ...run('failed'), ...runFields } })).toBe(false);
    expect(overviewRefetchInterval({ lastRun: null })).toBe(false);
    expect(overviewRefetchInterval(undefined)).toBe(false);
  });

  it('says its progress in whole percent, never 100 before the last page', () => {
    expect(auditPercent(run('running', 0, 0))).toBeNull();
    expect(auditPercent(run('running', 1, 3))).toBe(33);
    expect(auditPercent(run('running', 999, 1000))).toBe(99);
    expect(auditPercent(run('running', 1000, 1000))).toBe(100);
  });
});

const runFields = {
  id: 'run',
  trigger: 'manual' as const,
  startedAt: '2026-11-02T10:00:00.000Z',
  finishedAt: null,
  pagesAudited: 0,
  pagesLeftOut: 0,
  pageLimit: 100,
};

describe('a score in words', () => {
  it('is good from 90, to improve from 50, poor below, and none without a score', () => {
    expect([100, 90, 89, 50, 49, 0, null].map(scoreRating)).toEqual([
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
      'none',
    ]);
  });
});

describe('the translation coverage', () => {
  it('splits the fields into translated, outdated, same as the source and the rest', () => {
    expect(
      coverageOf({ language: 'fr', fields: 200, translated: 120, outdated: 30, sameAsSource: 10 }),
    ).toEqual([
      { part: 'translated', count: 120, percent: 60 },
      { part: 'outdated', count: 30, percent: 15 },
      { part: 'sameAsSource', count: 10, percent: 5 },
      { part: 'missing', count: 40, percent: 20 },
    ]);
  });

  it('has nothing to divide without fields', () => {
    expect(
      coverageOf({ language: 'fr', fields: 0, translated: 0, outdated: 0, sameAsSource: 0 }).map(
        ({ percent }) => percent,
      ),
    ).toEqual([0, 0, 0, 0]);
  });
});

describe('the trend line', () => {
  it('runs from left to right, 100 at the top and 0 at the bottom', () => {
    expect(trendPoints([0, 50, 100], 104, 54, 2)).toEqual([
      { x: 2, y: 52 },
      { x: 52, y: 27 },
      { x: 102, y: 2 },
    ]);
  });

  it('puts a single score in the middle', () => {
    expect(trendPoints([80], 100, 50, 0)).toEqual([{ x: 50, y: 10 }]);
  });
});

describe('a search result’s text', () => {
  it('is kept whole when it fits the width', () => {
    expect(truncateForResult('Linen shirt  –  Maison', 600, 20)).toBe('Linen shirt – Maison');
  });

  it('is cut at the last word that fits the width, with an ellipsis', () => {
    const text =
      'A washed linen shirt with mother-of-pearl buttons, cut loose for long summer days by the sea';
    const cut = truncateForResult(text, 600, 20);
    expect(cut).toMatch(
      /^A washed linen shirt with mother-of-pearl buttons, cut loose for( \w+)*…$/,
    );
    expect(textWidthPx(cut, 20)).toBeLessThanOrEqual(600);
    // One more word would not have fitted.
    const next = text
      .slice(cut.length - 1)
      .trim()
      .split(' ')[0]!;
    expect(textWidthPx(`${cut.slice(0, -1)} ${next}…`, 20)).toBeGreaterThan(600);
  });

  it('cuts narrow letters later than wide ones, as a width does and a count would not', () => {
    const narrow = truncateForResult('i'.repeat(200), 600, 20);
    const wide = truncateForResult('W'.repeat(200), 600, 20);
    expect([...narrow].length).toBeGreaterThan([...wide].length * 3);
  });

  it('cuts inside a word too long to end at a space', () => {
    expect(truncateForResult('x'.repeat(80), 100, 20)).toMatch(/^x+…$/);
    expect(textWidthPx(truncateForResult('x'.repeat(80), 100, 20), 20)).toBeLessThanOrEqual(100);
  });
});
