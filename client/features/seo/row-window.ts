/**
 * The windowing of the pages list: which rows a scroll position shows, and which slices of the
 * list (fetched `sliceSize` pages at a time) they need. Only those rows are in the document, so a
 * list of 100,000 pages scrolls as one of a few dozen. Rows have a fixed height, which makes the
 * arithmetic exact. Pure: tested in Node (tests/unit/client-seo-row-window.test.ts).
 */

export const sliceSize = 100;

export interface RowRange {
  /** The first row in the document (0-based). */
  start: number;
  /** One past the last row in the document. */
  end: number;
}

/**
 * The rows seen at `scrollTop` in a viewport `viewportHeight` high, with `overscan` rows more on
 * each side so that a fast scroll does not show blank space before the next render.
 */
export function visibleRows(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan = 8,
): RowRange {
  if (total <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const seen = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.min(total - 1, Math.max(0, first - overscan));
  const end = Math.min(total, first + seen + overscan);
  return { start, end: Math.max(start, end) };
}

/** The slices (by index: slice `n` holds rows `n × sliceSize` onwards) that hold these rows. */
export function slicesFor(range: RowRange, size = sliceSize): number[] {
  if (range.end <= range.start) return [0];
  const first = Math.floor(range.start / size);
  const last = Math.floor((range.end - 1) / size);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * The scroll position that brings row `index` into view, or null when it is already: just enough
 * to show it at the top (moving up) or at the bottom (moving down).
 */
export function scrollToReveal(
  index: number,
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
): number | null {
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return null;
}
