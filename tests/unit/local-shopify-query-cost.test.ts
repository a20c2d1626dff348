import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { adminSchema } from '#server/local/shopify/admin-schema.ts';
import { actualQueryCost, requestedQueryCost } from '#server/local/shopify/query-cost.ts';

/** Shopify's published cost rules, applied by the local Shopify to every query it is sent. */

const requested = (query: string, variables: Record<string, unknown> = {}) =>
  requestedQueryCost(adminSchema(), parse(query), variables);
const actual = (query: string, data: Record<string, unknown>) =>
  actualQueryCost(adminSchema(), parse(query), {}, data);

describe('requested query cost', () => {
  it('charges 1 for an object and nothing for its scalars and enums', () => {
    expect(requested('{ shop { id name currencyCode ianaTimezone } }')).toBe(1);
    expect(requested('{ shop { primaryDomain { host url } } }')).toBe(2);
  });

  it('sizes a connection by first or last: 2, plus each object asked for and what is under it', () => {
    expect(requested('{ products(first: 10) { nodes { id title } } }')).toBe(12);
    expect(requested('{ products(last: 3) { edges { cursor node { id } } } }')).toBe(5);
    expect(
      requested('{ products(first: 5) { pageInfo { hasNextPage endCursor } nodes { id } } }'),
    ).toBe(7);
    expect(requested('{ products(first: 10) { nodes { seo { title } } } }')).toBe(2 + 10 * 2);
  });

  it('multiplies nested connections', () => {
    expect(
      requested(
        '{ products(first: 10) { edges { node { id media(first: 5) { nodes { alt } } } } } }',
      ),
    ).toBe(2 + 10 * (1 + 2 + 5));
  });

  it('counts items reached both through nodes and edges once', () => {
    expect(requested('{ products(first: 4) { nodes { id } edges { node { id } } } }')).toBe(6);
  });

  it('reads page sizes from the variables', () => {
    expect(requested('query($n: Int!) { products(first: $n) { nodes { id } } }', { n: 50 })).toBe(
      52,
    );
  });

  it('charges an interface the most expensive of its possible selections', () => {
    expect(
      requested(
        '{ node(id: "gid://shopify/Product/1") { id ... on Product { media(first: 3) { nodes { id } } } ... on Page { title } } }',
      ),
    ).toBe(1 + 2 + 3);
  });

  it('charges 10 for each mutation, whatever it selects', () => {
    expect(
      requested(
        'mutation { a: webhookSubscriptionDelete(id: "gid://shopify/WebhookSubscription/1") { userErrors { message } } b: bulkOperationCancel(id: "gid://shopify/BulkOperation/1") { bulkOperation { id } } }',
      ),
    ).toBe(20);
  });
});

describe('actual query cost', () => {
  it('charges what came back: fewer items than asked cost less', () => {
    const query = '{ products(first: 10) { nodes { id media(first: 5) { nodes { alt } } } } }';
    const data = {
      products: {
        nodes: [
          { id: 'a', media: { nodes: [{ alt: '' }, { alt: 'x' }] } },
          { id: 'b', media: { nodes: [] } },
        ],
      },
    };
    // 2 + (1 + 2 + 2) + (1 + 2 + 0)
    expect(actual(query, data)).toBe(10);
    expect(actual(query, data)).toBeLessThan(requested(query));
  });

  it('charges a null object for itself only', () => {
    expect(
      actual('{ product(id: "gid://shopify/Product/1") { id seo { title } } }', { product: null }),
    ).toBe(1);
  });
});
