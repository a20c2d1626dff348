import {
  descriptionFontSizePx,
  textWidthPx,
  titleFontSizePx,
} from '#shared/seo/text/pixel-width.ts';
import type { AuditRun, SeoOverview } from '#shared/schemas/seo.ts';
import { scoreRatingFloors } from '#shared/seo/scores.ts';

/**
 * How the SEO screens read what the API answers: whether the audit is still moving (and the
 * overview must be read again soon), how a score is rated in words, the translation coverage as
 * parts of a whole, the trend as a line. Which store they show is client/lib/store-choice.ts's.
 * Pure: tested in Node (tests/unit/client-seo-presentation.test.ts).
 */

/** How often the overview is read again while an audit runs. */
export const seoPollIntervalMs = 1500;

/** Whether an audit is waiting or running: its progress moves without the owner doing anything. */
export function isAuditUnderWay(run: Pick<AuditRun, 'state'> | null | undefined): boolean {
  return run?.state === 'queued' || run?.state === 'running';
}

/** The overview's refetch interval: every moment while its audit runs, never otherwise. */
export function overviewRefetchInterval(
  overview: Pick<SeoOverview, 'lastRun'> | undefined,
): number | false {
  return isAuditUnderWay(overview?.lastRun) ? seoPollIntervalMs : false;
}

/**
 * The audit's progress as a whole percentage, never 100 before the last page is read; null while
 * the number of pages is not known yet.
 */
export function auditPercent(run: Pick<AuditRun, 'progress'>): number | null {
  const { done, total } = run.progress;
  if (total <= 0) return null;
  if (done >= total) return 100;
  return Math.min(99, Math.max(0, Math.floor((done / total) * 100)));
}

/**
 * A score in words, so that its colour is never the only thing that tells it: the bands search
 * tools commonly use (90 and up good, 50 to 89 to improve, under 50 poor).
 */
export type ScoreRating = 'good' | 'fair' | 'poor' | 'none';

export function scoreRating(score: number | null): ScoreRating {
  if (score === null) return 'none';
  if (score >= scoreRatingFloors.good) return 'good';
  return score >= scoreRatingFloors.fair ? 'fair' : 'poor';
}

export type CoveragePart = 'translated' | 'outdated' | 'sameAsSource' | 'missing';
export const coverageParts: readonly CoveragePart[] = [
  'translated',
  'outdated',
  'sameAsSource',
  'missing',
];

/**
 * The translation coverage as parts of the translatable fields: translated and up to date,
 * translated but outdated (the source changed since), left the same as the source text, and not
 * translated at all (the rest). Each with its count and its share in whole percent (0 when there is
 * no field).
 */
export function coverageOf(coverage: NonNullable<SeoOverview['translationCoverage']>): Array<{
  part: CoveragePart;
  count: number;
  percent: number;
}> {
  const { fields, translated, outdated, sameAsSource } = coverage;
  const counts: Record<CoveragePart, number> = {
    translated,
    outdated,
    sameAsSource,
    missing: Math.max(0, fields - translated - outdated - sameAsSource),
  };
  return coverageParts.map((part) => ({
    part,
    count: counts[part],
    percent: fields > 0 ? Math.round((counts[part] / fields) * 100) : 0,
  }));
}

/** A point of the trend's line, in the chart's own units (0,0 at the top left). */
export interface ChartPoint {
  x: number;
  y: number;
}

/**
 * The trend's points on a `width` × `height` chart, scores from 0 (bottom) to 100 (top), oldest on
 * the left; a single score sits in the middle.
 */
export function trendPoints(
  scores: readonly number[],
  width: number,
  height: number,
  padding = 4,
): ChartPoint[] {
  const innerWidth = width - 2 * padding;
  const innerHeight = height - 2 * padding;
  const step = scores.length > 1 ? innerWidth / (scores.length - 1) : 0;
  return scores.map((score, index) => ({
    x: scores.length > 1 ? padding + index * step : width / 2,
    y: padding + (innerHeight * (100 - Math.min(100, Math.max(0, score)))) / 100,
  }));
}

/**
 * A text cut as a search result shows it: whole when it is drawn within `maxWidthPx` at
 * `fontSizePx` in Arial (shared/seo/text/pixel-width.ts), else at the last word that fits with an
 * ellipsis, or inside a word too long to end at a space.
 */
export function truncateForResult(text: string, maxWidthPx: number, fontSizePx: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (textWidthPx(clean, fontSizePx) <= maxWidthPx) return clean;
  const fits = (kept: string) => textWidthPx(`${kept}…`, fontSizePx) <= maxWidthPx;
  const words = clean.split(' ');
  let kept = '';
  for (const word of words) {
    const longer = kept === '' ? word : `${kept} ${word}`;
    if (!fits(longer.replace(/[\s,.;:!?-]+$/, ''))) break;
    kept = longer;
  }
  if (kept === '') {
    const characters = [...clean];
    let count = 0;
    while (count < characters.length && fits(characters.slice(0, count + 1).join(''))) count += 1;
    kept = characters.slice(0, count).join('');
  }
  return `${kept.replace(/[\s,.;:!?-]+$/, '')}…`;
}

/**
 * The widths at which search-result tools cut a result: a 600 px title in Arial 20 px and a
 * 920 px description in Arial 14 px on a desktop page (conventions of those tools, not rules of
 * the search engines).
 */
export const resultTitle = { maxWidthPx: 600, fontSizePx: titleFontSizePx } as const;
export const resultDescription = { maxWidthPx: 920, fontSizePx: descriptionFontSizePx } as const;
