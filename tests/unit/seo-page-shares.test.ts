import { describe, expect, it } from 'vitest';
import { pageSharesOf } from '#server/areas/catalog/catalog-pages.ts';

const counts = (product: number, collection: number, page: number, article: number) => ({
  product,
  collection,
  page,
  article,
  total: product + collection + page + article,
});

describe("the shares of a plan's page limit by kind", () => {
  it('gives each kind an equal share and the rest of a small kind to the others', () => {
    expect(pageSharesOf(counts(150, 20, 10, 10), 100)).toEqual({
      product: 60,
      collection: 20,
      page: 10,
      article: 10,
    });
    expect(pageSharesOf(counts(3000, 50, 5, 20), 100)).toEqual({
      product: 38,
      collection: 37,
      page: 5,
      article: 20,
    });
  });

  it('deals what does not divide evenly in the order products, collections, pages, articles', () => {
    expect(pageSharesOf(counts(500, 500, 500, 500), 102)).toEqual({
      product: 26,
      collection: 26,
      page: 25,
      article: 25,
    });
    expect(pageSharesOf(counts(0, 500, 0, 500), 3)).toEqual({
      product: 0,
      collection: 2,
      page: 0,
      article: 1,
    });
  });

  it('gives every page when the store has no more than the limit', () => {
    expect(pageSharesOf(counts(40, 3, 2, 1), 100)).toEqual({
      product: 40,
      collection: 3,
      page: 2,
      article: 1,
    });
  });
});
