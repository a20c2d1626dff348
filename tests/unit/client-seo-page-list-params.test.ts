import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  nextSort,
  pageListHref,
  pageListQuery,
  readPageListState,
  readScoreRange,
  withFilters,
  withoutFilters,
  withSort,
} from '#client/features/seo/page-list-params.ts';
import { pageListQuerySchema } from '#shared/schemas/seo.ts';
import * as z from 'zod/mini';

/** The pages list's state, as the address holds it. */

const params = (text: string) => new URLSearchParams(text);

describe('the pages list’s address', () => {
  it('gives the filters and the order it holds', () => {
    expect(
      readPageListState(
        params(
          'shop=s1&kind=product&language=fr&check=T01&severity=error&minScore=10&maxScore=80&q=%20linen%20&sort=title&order=desc',
        ),
      ),
    ).toEqual({
      filters: {
        kind: 'product',
        language: 'fr',
        check: 'T01',
        severity: 'error',
        minScore: 10,
        maxScore: 80,
        q: 'linen',
      },
      sort: 'title',
      order: 'desc',
    });
  });

  it('drops what the API would refuse rather than send it', () => {
    expect(
      readPageListState(
        params(
          'kind=blog&language=de&check=<script>&severity=fatal&minScore=-1&maxScore=101&q=%20&sort=price&order=up',
        ),
      ),
    ).toEqual({ filters: {}, sort: 'score', order: 'asc' });
    expect(readPageListState(params('minScore=7.5')).filters).toEqual({});
  });

  it('reads a score range given upside down the right way up, never as an empty list', () => {
    expect(readPageListState(params('minScore=80&maxScore=20')).filters).toEqual({
      minScore: 20,
      maxScore: 80,
    });
    expect(readPageListState(params('minScore=50&maxScore=50')).filters).toEqual({
      minScore: 50,
      maxScore: 50,
    });
  });

  it('orders by lowest score first by default, and a column by its natural direction', () => {
    expect(readPageListState(params(''))).toMatchObject({ sort: 'score', order: 'asc' });
    expect(readPageListState(params('sort=findings'))).toMatchObject({
      sort: 'findings',
      order: 'desc',
    });
  });

  it('makes requests the API’s own schema accepts', () => {
    const state = readPageListState(params('kind=page&severity=info&minScore=0&q=été'));
    const query = pageListQuery(state, 200, 100);
    expect(z.safeParse(pageListQuerySchema, query).success).toBe(true);
    expect(query).toMatchObject({ offset: 200, limit: 100, sort: 'score', order: 'asc' });
  });

  it('changes filters and keeps the store and the open page', () => {
    const next = withFilters(params('shop=s1&page=gid1&kind=product&q=linen'), {
      kind: undefined,
      severity: 'error',
      q: '',
    });
    expect(next.toString()).toBe('shop=s1&page=gid1&severity=error');
    expect(withoutFilters(params('shop=s1&kind=page&sort=title&order=asc')).toString()).toBe(
      'shop=s1&sort=title&order=asc',
    );
  });

  it('tells whether a filter narrows the list', () => {
    expect(hasFilters(readPageListState(params('shop=s1&sort=title')))).toBe(false);
    expect(hasFilters(readPageListState(params('q=linen')))).toBe(true);
  });
});

describe('a click on a column’s header', () => {
  it('turns the sorted column the other way, and sorts another in its natural direction', () => {
    expect(nextSort({ sort: 'title', order: 'asc' }, 'title')).toEqual({
      sort: 'title',
      order: 'desc',
    });
    expect(nextSort({ sort: 'title', order: 'desc' }, 'title')).toEqual({
      sort: 'title',
      order: 'asc',
    });
    expect(nextSort({ sort: 'title', order: 'asc' }, 'findings')).toEqual({
      sort: 'findings',
      order: 'desc',
    });
    expect(withSort(params('shop=s1'), { sort: 'kind', order: 'asc' }).toString()).toBe(
      'shop=s1&sort=kind&order=asc',
    );
  });
});

describe('the overview’s links', () => {
  it('lead to the list of the store, filtered as given', () => {
    expect(pageListHref('s 1', { severity: 'error', language: 'en' })).toBe(
      '/seo/pages?shop=s+1&severity=error&language=en',
    );
    expect(pageListHref('s1', { page: 'gid://shopify/Product/1' })).toBe(
      '/seo/pages?shop=s1&page=gid%3A%2F%2Fshopify%2FProduct%2F1',
    );
  });
});

describe('the score range as the owner types it', () => {
  it('gives whole bounds within 0–100, an empty field leaving its side open', () => {
    expect(readScoreRange({ min: '15', max: '' })).toEqual({
      state: 'valid',
      minScore: 15,
      maxScore: undefined,
    });
    expect(readScoreRange({ min: ' ', max: '' })).toEqual({
      state: 'valid',
      minScore: undefined,
      maxScore: undefined,
    });
    expect(readScoreRange({ min: '-4', max: '150' })).toEqual({
      state: 'valid',
      minScore: 0,
      maxScore: 100,
    });
    expect(readScoreRange({ min: '12.6', max: '40' })).toEqual({
      state: 'valid',
      minScore: 13,
      maxScore: 40,
    });
  });

  it('waits while a field holds what is not a number yet', () => {
    expect(readScoreRange({ min: '-', max: '40' })).toEqual({ state: 'incomplete' });
    expect(readScoreRange({ min: '10', max: '1e' })).toEqual({ state: 'incomplete' });
  });

  it('refuses a lowest score above the highest, naming both', () => {
    expect(readScoreRange({ min: '80', max: '20' })).toEqual({
      state: 'inverted',
      minScore: 80,
      maxScore: 20,
    });
    // Clamped first: 150 and 120 are both 100, a range of one score.
    expect(readScoreRange({ min: '150', max: '120' })).toEqual({
      state: 'valid',
      minScore: 100,
      maxScore: 100,
    });
  });
});
