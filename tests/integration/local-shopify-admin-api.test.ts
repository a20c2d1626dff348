import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShopify, type TestShopify } from '../support/local-shopify.ts';

/** The local Shopify's GraphQL Admin API, called over HTTP as the product calls it. */

let shopify: TestShopify;
let token: string;

beforeAll(async () => {
  shopify = await startTestShopify();
  token = (await shopify.installApp()).access_token;
});
afterAll(async () => {
  await shopify?.stop();
});

interface ProductPage {
  products: {
    nodes: Array<{ id: string; title: string; updatedAt: string }>;
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
}

const productsPage = `query Products($first: Int!, $after: String, $query: String) {
  products(first: $first, after: $after, query: $query) {
    nodes { id title updatedAt }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function post(version: string, accessToken: string | undefined, query: string) {
  return fetch(`${shopify.shopUrl()}/admin/api/${version}/graphql.json`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(accessToken !== undefined && { 'X-Shopify-Access-Token': accessToken }),
    },
    body: JSON.stringify({ query }),
  });
}

describe('requests Shopify refuses', () => {
  it('answers 404 for a version that never was, and serves a retired one as the oldest supported', async () => {
    for (const version of ['2026-13', '2026-02', '2027-04', 'latest']) {
      const response = await post(version, token, '{ shop { name } }');
      expect(response.status, version).toBe(404);
      expect(await response.json()).toEqual({ errors: 'Not Found' });
    }
    const current = await post('2026-10', token, '{ shop { name } }');
    expect(current.status).toBe(200);
    expect(current.headers.get('x-shopify-api-version')).toBe('2026-10');
    const retired = await post('2024-07', token, '{ shop { name } }');
    expect(retired.status).toBe(200);
    expect(retired.headers.get('x-shopify-api-version')).toBe('2026-01');
  });

  it('answers 401 without a token or with a wrong one', async () => {
    for (const accessToken of [undefined, 'shpat_0000', `${token}x`]) {
      const response = await post('2026-10', accessToken, '{ shop { name } }');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        errors: '[API] Invalid API key or access token (unrecognized login or wrong password)',
      });
    }
  });

  it('refuses a page larger than 250, and a connection without first or last', async () => {
    const tooLarge = await shopify.graphql<ProductPage>(token, productsPage, { first: 251 });
    expect(tooLarge.body.data?.products ?? null).toBeNull();
    expect(tooLarge.body.errors).toEqual([
      expect.objectContaining({ message: 'The first argument must be less than or equal to 250.' }),
    ]);
    const unsized = await shopify.graphql(token, '{ products { nodes { id } } }');
    expect(unsized.body.errors).toEqual([
      expect.objectContaining({ message: 'you must provide one of first or last' }),
    ]);
  });

  it('answers a field Shopify does not have with a validation error', async () => {
    const answer = await shopify.graphql(token, '{ shop { name notAField } }');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeUndefined();
    expect((answer.body.errors as Array<{ message: string }>)[0]!.message).toContain('notAField');
  });
});

describe('reading the store', () => {
  it('pages through every product, 250 at most at a time, and counts them', async () => {
    const seen = new Set<string>();
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const answer: Awaited<ReturnType<typeof shopify.graphql<ProductPage>>> =
        await shopify.graphql<ProductPage>(token, productsPage, { first: 250, after });
      const { nodes, pageInfo } = answer.body.data!.products;
      pages++;
      for (const node of nodes) seen.add(node.id);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(pages).toBe(2);
    expect(seen.size).toBe(300);
    const counted = await shopify.graphql<{ productsCount: { count: number; precision: string } }>(
      token,
      '{ productsCount { count precision } }',
    );
    expect(counted.body.data!.productsCount).toEqual({ count: 300, precision: 'EXACT' });
  });

  it('filters on updated_at as Shopify’s search syntax says', async () => {
    const edited = await shopify.control<{ id: string; updatedAt: string }>(
      'PATCH',
      'products/8100000000007',
      { title: 'Linen Tea Towel, renamed' },
    );
    expect(edited.status).toBe(200);
    const since = new Date(Date.parse(edited.body.updatedAt) - 1).toISOString();
    const answer = await shopify.graphql<ProductPage>(token, productsPage, {
      first: 50,
      query: `updated_at:>'${since}'`,
    });
    expect(answer.body.data!.products.nodes).toEqual([
      {
        id: 'gid://shopify/Product/8100000000007',
        title: 'Linen Tea Towel, renamed',
        updatedAt: edited.body.updatedAt,
      },
    ]);
    const before = await shopify.graphql<ProductPage>(token, productsPage, {
      first: 250,
      query: `updated_at:<='2025-01-01T00:00:00Z'`,
    });
    const dates = before.body.data!.products.nodes.map((node) => Date.parse(node.updatedAt));
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date <= Date.parse('2025-01-01T00:00:00Z'))).toBe(true);
  });

  it('reports the cost of a query in extensions.cost by Shopify’s rules', async () => {
    const answer = await shopify.graphql(
      token,
      '{ shop { name } products(first: 10) { nodes { id title media(first: 5) { nodes { alt } } } } }',
    );
    // shop: 1; products: 2 + 10 × (product 1 + media 2 + 5 × 1) = 82.
    expect(answer.body.extensions!.cost.requestedQueryCost).toBe(83);
    const actual = answer.body.extensions!.cost.actualQueryCost!;
    expect(actual).toBeLessThan(83);
    expect(answer.body.extensions!.cost.throttleStatus).toMatchObject({
      maximumAvailable: 2000,
      restoreRate: 100,
    });
  });

  it('serves the translations with digests of the source and marks them outdated when it changes', async () => {
    const query = `query($ids: [ID!]!) {
      translatableResourcesByIds(resourceIds: $ids, first: 1) {
        nodes {
          resourceId
          translatableContent { key value digest locale }
          translations(locale: "fr") { key value outdated }
        }
      }
    }`;
    type Answer = {
      translatableResourcesByIds: {
        nodes: Array<{
          translatableContent: Array<{
            key: string;
            value: string;
            digest: string;
            locale: string;
          }>;
          translations: Array<{ key: string; value: string; outdated: boolean }>;
        }>;
      };
    };
    const productId = 'gid://shopify/Product/8100000000021';
    const put = await shopify.control('PUT', 'translations', {
      resourceId: productId,
      locale: 'fr',
      key: 'title',
      value: 'Torchon en lin',
    });
    expect(put.status).toBe(200);
    const fresh = (await shopify.graphql<Answer>(token, query, { ids: [productId] })).body.data!;
    const [resource] = fresh.translatableResourcesByIds.nodes;
    const title = resource!.translatableContent.find((entry) => entry.key === 'title')!;
    expect(title.locale).toBe('en');
    expect(title.digest).toBe(createHash('sha256').update(title.value).digest('hex'));
    expect(resource!.translations.find((entry) => entry.key === 'title')).toEqual({
      key: 'title',
      value: 'Torchon en lin',
      outdated: false,
    });

    await shopify.control('PATCH', 'products/8100000000021', { title: 'A new English title' });
    const after = (await shopify.graphql<Answer>(token, query, { ids: [productId] })).body.data!;
    const [changed] = after.translatableResourcesByIds.nodes;
    expect(changed!.translatableContent.find((entry) => entry.key === 'title')!.digest).toBe(
      createHash('sha256').update('A new English title').digest('hex'),
    );
    expect(changed!.translations.find((entry) => entry.key === 'title')!.outdated).toBe(true);
  });

  it('answers THROTTLED, without data, once the bucket cannot pay for the query', async () => {
    const throttled = await startTestShopify({ bucket: { maximumAvailable: 100, restoreRate: 1 } });
    try {
      const accessToken = (await throttled.installApp()).access_token;
      const query = '{ products(first: 30) { nodes { id } } }'; // 2 + 30 = 32 points
      const answers = [];
      for (let call = 0; call < 4; call++)
        answers.push(await throttled.graphql(accessToken, query));
      expect(answers.slice(0, 3).every((answer) => answer.body.data !== undefined)).toBe(true);
      const refused = answers[3]!;
      expect(refused.status).toBe(200);
      expect(refused.body.data).toBeUndefined();
      expect(refused.body.errors).toEqual([
        expect.objectContaining({
          message: 'Throttled',
          extensions: expect.objectContaining({ code: 'THROTTLED' }),
        }),
      ]);
      expect(refused.body.extensions!.cost).toMatchObject({
        requestedQueryCost: 32,
        actualQueryCost: null,
      });
      expect(refused.body.extensions!.cost.throttleStatus.currentlyAvailable).toBeLessThan(32);

      // A larger bucket set through the controls lets it through again.
      expect(
        (await throttled.control('PUT', 'bucket', { maximumAvailable: 2000, restoreRate: 100 }))
          .status,
      ).toBe(200);
      expect((await throttled.graphql(accessToken, query)).body.data).toBeDefined();
    } finally {
      await throttled.stop();
    }
  });

  it('refuses a single query over 1000 points before running it', async () => {
    const answer = await shopify.graphql(
      token,
      '{ products(first: 250) { nodes { id media(first: 10) { nodes { id } } } } }',
    );
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        extensions: expect.objectContaining({ code: 'MAX_COST_EXCEEDED' }),
      }),
    ]);
  });

  it('reads the shop, its locales with their URLs, and any node by id', async () => {
    const answer = await shopify.graphql<{
      shop: {
        name: string;
        myshopifyDomain: string;
        currencyCode: string;
        primaryDomain: { host: string };
      };
      shopLocales: Array<{
        locale: string;
        primary: boolean;
        published: boolean;
        marketWebPresences: Array<{ rootUrls: Array<{ locale: string; url: string }> }>;
      }>;
      nodes: Array<{ id: string; title?: string } | null>;
    }>(
      token,
      `{ shop { name myshopifyDomain currencyCode primaryDomain { host } }
         shopLocales(published: true) { locale primary published marketWebPresences { rootUrls { locale url } } }
         nodes(ids: ["gid://shopify/Page/110000000001", "gid://shopify/Product/1"]) { id ... on Page { title } } }`,
    );
    const data = answer.body.data!;
    expect(data.shop).toEqual({
      name: 'Maison Exemple',
      myshopifyDomain: 'maison-exemple.myshopify.com',
      currencyCode: 'EUR',
      primaryDomain: { host: 'www.maison-exemple.example' },
    });
    expect(data.shopLocales.map((locale) => [locale.locale, locale.primary])).toEqual([
      ['en', true],
      ['fr', false],
    ]);
    expect(data.shopLocales[1]!.marketWebPresences[0]!.rootUrls).toContainEqual({
      locale: 'fr',
      url: 'https://www.maison-exemple.example/fr/',
    });
    expect(data.nodes).toEqual([
      { id: 'gid://shopify/Page/110000000001', title: 'About Us' },
      null,
    ]);
  });
});
