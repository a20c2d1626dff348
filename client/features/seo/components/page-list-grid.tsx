import {
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { Link } from 'react-router';
import type { PageSummary } from '#shared/schemas/seo.ts';
import { severities } from '#shared/seo/check.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { usePageListSlices } from '../api/seo-queries.ts';
import { pageListQuery, type PageListState, type PageSortKey } from '../page-list-params.ts';
import { scrollToReveal, sliceSize, slicesFor, visibleRows } from '../row-window.ts';
import { scoreRating } from '../seo-presentation.ts';
import { useElementSize } from '../use-element-size.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { QueryFailed } from '#client/components/query-state.tsx';
import { SeverityMark } from './severity-mark.tsx';

/** Row heights in px: one line on a wide list, two on a narrow one (the CSS lays them out so). */
const wideRowHeight = 52;
const narrowRowHeight = 104;
/** Below this width (px) the list lays each row on two lines. */
const narrowWidth = 640;

const columns: ReadonlyArray<{
  key: 'kind' | 'title' | 'handle' | 'scores' | 'findings';
  sort?: PageSortKey;
}> = [
  { key: 'kind', sort: 'kind' },
  { key: 'title', sort: 'title' },
  { key: 'handle' },
  { key: 'scores', sort: 'score' },
  { key: 'findings', sort: 'findings' },
];

/**
 * The store's audited pages as an ARIA grid, windowed: only the rows in view (and a few around)
 * are in the document, each at its place in a body as tall as the whole list, so that 100,000
 * pages scroll as smoothly as 50; the slices of 100 pages those rows need are fetched as they come
 * into view. The rows are one Tab stop: the arrow keys, Page Up/Down, Home and End move between
 * them, Enter opens one. A column's header sorts by it (the server sorts; the order is in the
 * address); `aria-sort` says which and how.
 */
export function PageListGrid({
  uid,
  shopId,
  state,
  stateKey,
  filtered,
  languages,
  format,
  onSort,
  onOpen,
  pageHref,
}: {
  uid: string;
  shopId: string;
  state: PageListState;
  /** Changes whenever the filters or the order do: the list then starts again from the top. */
  stateKey: string;
  /** Whether filters narrow the list: an empty list then says that nothing matches them. */
  filtered: boolean;
  languages: ReadonlyArray<'en' | 'fr'>;
  format: SeoFormat;
  onSort: (column: PageSortKey) => void;
  onOpen: (pageId: string) => void;
  pageHref: (pageId: string) => string;
}) {
  const { t } = useTranslation('seo');
  const gridRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const { width } = useElementSize(gridRef);
  const { height: viewportHeight } = useElementSize(bodyRef);
  const rowHeight = width > 0 && width < narrowWidth ? narrowRowHeight : wideRowHeight;

  const [scrollTop, setScrollTop] = useState(0);
  const [activeRow, setActiveRow] = useState(0);
  const [shownKey, setShownKey] = useState(stateKey);
  if (shownKey !== stateKey) {
    // New filters or order: a new list, read from its top.
    setShownKey(stateKey);
    setScrollTop(0);
    setActiveRow(0);
  }
  useEffect(() => {
    if (bodyRef.current !== null) bodyRef.current.scrollTop = 0;
  }, [stateKey]);

  // The first slice is always asked for: it holds the total, which sizes the list.
  const firstSlice = usePageListSlices(uid, shopId, [
    { index: 0, query: pageListQuery(state, 0, sliceSize) },
  ])[0];
  const total = firstSlice?.data?.total;
  const range = visibleRows(scrollTop, viewportHeight || 480, rowHeight, total ?? 0);
  const needed = slicesFor(range).filter((index) => index !== 0);
  const otherSlices = usePageListSlices(
    uid,
    shopId,
    needed.map((index) => ({ index, query: pageListQuery(state, index * sliceSize, sliceSize) })),
  );
  const slices = new Map([
    [0, firstSlice],
    ...needed.map((index, i) => [index, otherSlices[i]] as const),
  ]);
  const failed = [...slices.values()].filter((slice) => slice?.isError);

  function pageAt(index: number): PageSummary | undefined {
    const slice = slices.get(Math.floor(index / sliceSize));
    return slice?.data?.pages[index % sliceSize];
  }

  // The row that takes the Tab stop: the active one when it is in the document, else the first.
  const tabRow = activeRow >= range.start && activeRow < range.end ? activeRow : range.start;

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    bodyRef.current
      ?.querySelector<HTMLElement>(`[data-row-index="${activeRow}"]`)
      ?.focus({ preventScroll: true });
  });

  function moveTo(index: number) {
    if (total === undefined || total === 0) return;
    const target = Math.min(total - 1, Math.max(0, index));
    const body = bodyRef.current;
    if (body !== null) {
      const top = scrollToReveal(target, body.scrollTop, body.clientHeight, rowHeight);
      if (top !== null) {
        body.scrollTop = top;
        setScrollTop(top);
      }
    }
    focusPending.current = true;
    setActiveRow(target);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = Number((event.target as HTMLElement).dataset.rowIndex ?? tabRow);
    const pageRows = Math.max(1, Math.floor((bodyRef.current?.clientHeight ?? 0) / rowHeight) - 1);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      PageDown: current + pageRows,
      PageUp: current - pageRows,
      Home: 0,
      End: (total ?? 1) - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      moveTo(moves[event.key]!);
    } else if (event.key === 'Enter') {
      const page = pageAt(current);
      if (page !== undefined) {
        event.preventDefault();
        onOpen(page.id);
      }
    }
  }

  function onRowClick(event: MouseEvent<HTMLDivElement>, index: number, page: PageSummary) {
    setActiveRow(index);
    // The title's own link navigates by itself (and opens in a new tab when asked).
    if ((event.target as HTMLElement).closest('a') !== null) return;
    onOpen(page.id);
  }

  const rows: number[] = [];
  for (let index = range.start; index < range.end; index += 1) rows.push(index);

  return (
    <div className="seo-grid-wrapper">
      <p className="seo-grid-total" role="status">
        {total === undefined
          ? t('list.loading')
          : t('list.total', { count: total, formatted: format.number(total) })}
      </p>
      {failed.length > 0 && (
        <QueryFailed
          error={failed[0]?.error}
          fallback={t('list.loadFailed')}
          retrying={failed.some((slice) => slice?.isFetching)}
          onRetry={() => failed.forEach((slice) => void slice?.refetch())}
        />
      )}
      <div
        ref={gridRef}
        role="grid"
        aria-label={t('list.label')}
        aria-rowcount={(total ?? 0) + 1}
        aria-colcount={columns.length}
        aria-busy={total === undefined}
        className={`seo-grid ${rowHeight === narrowRowHeight ? 'seo-grid-narrow' : ''}`}
        style={{ '--seo-row-height': `${rowHeight}px` } as CSSProperties}
      >
        <div role="rowgroup" className="seo-grid-head">
          <div role="row" aria-rowindex={1} className="seo-grid-row">
            {columns.map((column, index) => {
              const sorted = column.sort !== undefined && column.sort === state.sort;
              return (
                <div
                  key={column.key}
                  role="columnheader"
                  aria-colindex={index + 1}
                  className={`seo-cell seo-cell-${column.key}`}
                  {...(sorted && {
                    'aria-sort': state.order === 'asc' ? 'ascending' : 'descending',
                  })}
                >
                  {column.sort === undefined ? (
                    t(`list.columns.${column.key}`)
                  ) : (
                    <button
                      type="button"
                      className="seo-sort-button"
                      onClick={() => onSort(column.sort!)}
                    >
                      {t(`list.columns.${column.key}`)}
                      <span aria-hidden="true" className="seo-sort-arrow">
                        {sorted ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        </div>
        <div
          ref={bodyRef}
          role="rowgroup"
          className="seo-grid-body"
          onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
          onKeyDown={onKeyDown}
        >
          <div
            role="presentation"
            className="seo-grid-spacer"
            style={{ height: (total ?? 0) * rowHeight }}
          >
            {total !== undefined &&
              rows.map((index) => {
                const page = pageAt(index);
                return (
                  <div
                    key={index}
                    role="row"
                    aria-rowindex={index + 2}
                    data-row-index={index}
                    tabIndex={index === tabRow ? 0 : -1}
                    className="seo-grid-row seo-grid-body-row"
                    style={{ transform: `translateY(${index * rowHeight}px)` }}
                    aria-busy={page === undefined}
                    onClick={
                      page === undefined ? undefined : (event) => onRowClick(event, index, page)
                    }
                    onFocus={() => setActiveRow(index)}
                  >
                    {page === undefined ? (
                      <div role="gridcell" aria-colindex={1} className="seo-cell seo-cell-loading">
                        {t('list.rowLoading')}
                      </div>
                    ) : (
                      <PageRowCells
                        page={page}
                        languages={languages}
                        format={format}
                        href={pageHref(page.id)}
                      />
                    )}
                  </div>
                );
              })}
          </div>
        </div>
      </div>
      {total === 0 && (
        <p className="seo-grid-empty muted">{filtered ? t('list.noMatch') : t('list.empty')}</p>
      )}
    </div>
  );
}

function PageRowCells({
  page,
  languages,
  format,
  href,
}: {
  page: PageSummary;
  languages: ReadonlyArray<'en' | 'fr'>;
  format: SeoFormat;
  href: string;
}) {
  const { t } = useTranslation('seo');
  return (
    <>
      <div role="gridcell" aria-colindex={1} className="seo-cell seo-cell-kind">
        {t(`kinds.${page.kind}`)}
      </div>
      <div role="gridcell" aria-colindex={2} className="seo-cell seo-cell-title">
        <Link to={href} tabIndex={-1}>
          {page.title === '' ? t('list.untitled') : page.title}
        </Link>
      </div>
      <div role="gridcell" aria-colindex={3} className="seo-cell seo-cell-handle muted">
        {page.handle}
      </div>
      <div role="gridcell" aria-colindex={4} className="seo-cell seo-cell-scores">
        {languages.map((language) => {
          const score = page.scores[language];
          return (
            <span
              key={language}
              className={`seo-chip seo-rating-${scoreRating(score)}`}
              title={format.language(language)}
            >
              <span aria-hidden="true">{language.toUpperCase()} </span>
              <span className="visually-hidden">{format.language(language)} </span>
              {score === null ? '–' : format.number(score)}
            </span>
          );
        })}
      </div>
      <div role="gridcell" aria-colindex={5} className="seo-cell seo-cell-findings">
        {severities.map((severity) => (
          <span key={severity} className="seo-finding-count">
            <SeverityMark severity={severity} />
            <span className="visually-hidden">
              {t(`counts.${severity}`, {
                count: page.findings[severity],
                formatted: format.number(page.findings[severity]),
              })}
            </span>
            <span aria-hidden="true">{format.number(page.findings[severity])}</span>
          </span>
        ))}
      </div>
    </>
  );
}
