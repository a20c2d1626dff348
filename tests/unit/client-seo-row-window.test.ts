import { describe, expect, it } from 'vitest';
import { scrollToReveal, slicesFor, visibleRows } from '#client/features/seo/row-window.ts';

/** The pages list's windowing: which rows are in the document, which slices they need. */

describe('the rows in the document', () => {
  it('are those in view and a few around, whatever the list’s length', () => {
    // 10 rows of 50 px in view at 5,000,000 px down a list of 100,000 pages.
    expect(visibleRows(5_000_000, 500, 50, 100_000, 4)).toEqual({ start: 99_996, end: 100_000 });
    expect(visibleRows(250_000, 500, 50, 100_000, 4)).toEqual({ start: 4_996, end: 5_015 });
  });

  it('stay within the list at its top, at its end, and when it is short', () => {
    expect(visibleRows(0, 500, 50, 100_000, 8)).toEqual({ start: 0, end: 19 });
    expect(visibleRows(0, 500, 50, 3, 8)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(-40, 500, 50, 3, 8)).toEqual({ start: 0, end: 3 });
    expect(visibleRows(0, 500, 50, 0, 8)).toEqual({ start: 0, end: 0 });
  });
});

describe('the slices the rows need', () => {
  it('are those of 100 pages that hold them', () => {
    expect(slicesFor({ start: 0, end: 19 })).toEqual([0]);
    expect(slicesFor({ start: 95, end: 115 })).toEqual([0, 1]);
    expect(slicesFor({ start: 99_996, end: 100_000 })).toEqual([999]);
    expect(slicesFor({ start: 0, end: 0 })).toEqual([0]);
  });
});

describe('moving to a row with the keyboard', () => {
  it('scrolls just enough to show it, and not at all when it is in view', () => {
    expect(scrollToReveal(5, 0, 500, 50)).toBeNull();
    expect(scrollToReveal(10, 0, 500, 50)).toBe(50);
    expect(scrollToReveal(3, 400, 500, 50)).toBe(150);
  });
});
