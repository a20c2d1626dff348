import { supportedLanguages, type Language } from '#shared/constants.ts';
import { pageKinds, severities, type PageKind, type Severity } from '#shared/seo/check.ts';
import { pageSortKeys, type PageListQuery } from '#shared/schemas/seo.ts';

/**
 * The pages list's state as the address holds it (`/seo/pages?severity=error&language=fr…`), so
 * that a link from the overview lands filtered, a filtered list can be shared, and back and forward
 * go through the owner's steps. What the address says is checked value by value: a value the API
 * would refuse is dropped rather than sent. Pure: tested in Node
 * (tests/unit/client-seo-page-list-params.test.ts).
 */

export type PageSortKey = (typeof pageSortKeys)[number];
export type SortOrder = 'asc' | 'desc';

export interface PageListFilters {
  kind?: PageKind;
  language?: Language;
  check?: string;
  severity?: Severity;
  minScore?: number;
  maxScore?: number;
  q?: string;
}

export interface PageListState {
  filters: PageListFilters;
  sort: PageSortKey;
  order: SortOrder;
}

/** The list's order when the address names none: the pages most in need of work first. */
export const defaultSort: { sort: PageSortKey; order: SortOrder } = { sort: 'score', order: 'asc' };

/** The order a column starts in when first clicked: lowest score, A to Z, most findings first. */
const firstOrder: Record<PageSortKey, SortOrder> = {
  score: 'asc',
  title: 'asc',
  kind: 'asc',
  findings: 'desc',
};

const filterKeys = ['kind', 'language', 'check', 'severity', 'minScore', 'maxScore', 'q'] as const;

function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

function scoreBound(value: string | null): number | undefined {
  if (value === null || !/^\d{1,3}$/.test(value)) return undefined;
  const score = Number(value);
  return score <= 100 ? score : undefined;
}

export function readPageListState(params: URLSearchParams): PageListState {
  const check = params.get('check');
  const q = params.get('q')?.trim().slice(0, 200);
  // A range given upside down (a link, an edited address) is read the right way up: no page can
  // score both at least 80 and at most 20, and an empty list would not say why.
  const [minScore, maxScore] = ascending(
    scoreBound(params.get('minScore')),
    scoreBound(params.get('maxScore')),
  );
  const filters: PageListFilters = {
    kind: oneOf(pageKinds, params.get('kind')),
    language: oneOf(supportedLanguages, params.get('language')),
    check: check !== null && /^[A-Za-z0-9_-]{1,16}$/.test(check) ? check : undefined,
    severity: oneOf(severities, params.get('severity')),
    minScore,
    maxScore,
    q: q === '' ? undefined : q,
  };
  const sort = oneOf(pageSortKeys, params.get('sort'));
  const order = oneOf(['asc', 'desc'] as const, params.get('order'));
  return {
    filters: Object.fromEntries(
      Object.entries(filters).filter(([, value]) => value !== undefined),
    ) as PageListFilters,
    sort: sort ?? defaultSort.sort,
    order: order ?? (sort === undefined ? defaultSort.order : firstOrder[sort]),
  };
}

function ascending(
  min: number | undefined,
  max: number | undefined,
): [number | undefined, number | undefined] {
  return min !== undefined && max !== undefined && min > max ? [max, min] : [min, max];
}

/** What the score range's two fields say, as the owner types. */
export type ScoreRangeReading =
  /** A range to apply; a bound left empty does not narrow the list. */
  | { state: 'valid'; minScore: number | undefined; maxScore: number | undefined }
  /** A field holds what is not a number yet ("-", "1e"): nothing to apply until it is. */
  | { state: 'incomplete' }
  /** The lowest score above the highest: refused, and the owner told so. */
  | { state: 'inverted'; minScore: number; maxScore: number };

/** A typed bound: empty for none, a whole number clamped to 0–100, or undefined if not a number. */
function typedBound(typed: string): { bound: number | undefined } | undefined {
  const trimmed = typed.trim();
  if (trimmed === '') return { bound: undefined };
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return undefined;
  return { bound: Math.min(100, Math.max(0, Math.round(value))) };
}

/** The range the score fields' texts make, checked before the list asks the server for it. */
export function readScoreRange(typed: { min: string; max: string }): ScoreRangeReading {
  const min = typedBound(typed.min);
  const max = typedBound(typed.max);
  if (min === undefined || max === undefined) return { state: 'incomplete' };
  if (min.bound !== undefined && max.bound !== undefined && min.bound > max.bound) {
    return { state: 'inverted', minScore: min.bound, maxScore: max.bound };
  }
  return { state: 'valid', minScore: min.bound, maxScore: max.bound };
}

/**
 * The address's parameters with the list's state changed: the filters given replace theirs
 * (undefined removes one), other parameters (the store, an open page) stay.
 */
export function withFilters(
  params: URLSearchParams,
  changes: Partial<Record<keyof PageListFilters, string | number | undefined>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of filterKeys) {
    if (!(key in changes)) continue;
    const value = changes[key];
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The parameters without any filter: the store and the order stay. */
export function withoutFilters(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of filterKeys) next.delete(key);
  return next;
}

/**
 * The order after a click on a column's header: the other direction on the column already sorted,
 * the column's natural direction on another.
 */
export function nextSort(
  current: Pick<PageListState, 'sort' | 'order'>,
  column: PageSortKey,
): { sort: PageSortKey; order: SortOrder } {
  if (current.sort === column) {
    return { sort: column, order: current.order === 'asc' ? 'desc' : 'asc' };
  }
  return { sort: column, order: firstOrder[column] };
}

export function withSort(
  params: URLSearchParams,
  sort: { sort: PageSortKey; order: SortOrder },
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set('sort', sort.sort);
  next.set('order', sort.order);
  return next;
}

/** The request for one slice of the list, in the state the address holds. */
export function pageListQuery(state: PageListState, offset: number, limit: number): PageListQuery {
  return { ...state.filters, sort: state.sort, order: state.order, offset, limit };
}

/** Whether any filter narrows the list (the empty list then says so, with a way to clear them). */
export function hasFilters(state: PageListState): boolean {
  return Object.keys(state.filters).length > 0;
}

/**
 * The address of the pages list for a store, filtered as given: what the overview's links lead to.
 */
export function pageListHref(
  shopId: string,
  filters: Partial<Record<keyof PageListFilters, string | number>> & { page?: string } = {},
): string {
  const params = new URLSearchParams({ shop: shopId });
  for (const [key, value] of Object.entries(filters)) params.set(key, String(value));
  return `/seo/pages?${params.toString()}`;
}
