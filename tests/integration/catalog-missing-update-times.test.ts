import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catalogRepository from '#server/areas/catalog/catalog-repository.ts';
import { catalogSummaries } from '#server/areas/catalog/catalog-summaries.ts';
import { importCatalog } from '#server/areas/catalog/import-catalog.ts';
import { controls, startCatalogBench, type CatalogBench } from './catalog-local-shopify-support.ts';

/**
 * Shopify's Admin schema lets an article's and a blog's `updatedAt` be null (Shopify holds no update
 * time for one brought over from another platform and never edited). The import takes such a record
 * as its creation left it, instead of failing the whole store on it.
 */

const schema = `pgboss_catalog_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const shopDomain = 'maison-migree.myshopify.com';

let bench: CatalogBench;

beforeAll(async () => {
  bench = await startCatalogBench({
    jobSchema: schema,
    stores: [{ name: 'maison-migree', products: 20 }],
  });
}, 120_000);

afterAll(() => bench?.stop());

/** What the local Shopify's Admin API answers for a blog and its first article. */
async function firstBlogAndArticle() {
  const response = await fetch(
    `${bench.shopify.url}/${shopDomain}/admin/api/2026-10/graphql.json`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': bench.tokens.get(shopDomain)!,
      },
      body: JSON.stringify({
        query: `{ blogs(first: 1) { nodes { id createdAt updatedAt
        articles(first: 1) { nodes { id createdAt updatedAt } } } } }`,
      }),
    },
  );
  const body = (await response.json()) as {
    data: {
      blogs: {
        nodes: Array<{
          id: string;
          createdAt: string;
          updatedAt: string | null;
          articles: { nodes: Array<{ id: string; createdAt: string; updatedAt: string | null }> };
        }>;
      };
    };
  };
  const blog = body.data.blogs.nodes[0]!;
  return { blog, article: blog.articles.nodes[0]! };
}

describe('a store whose blog and article have no update time at Shopify', () => {
  it('is imported, each record dated from its creation', async () => {
    const before = await firstBlogAndArticle();
    const local = controls(bench.shopify.url, shopDomain);
    await local.forgetUpdateTime('blogs', before.blog.id);
    await local.forgetUpdateTime('articles', before.article.id);
    const { blog, article } = await firstBlogAndArticle();
    expect([blog.updatedAt, article.updatedAt]).toEqual([null, null]);

    const shopId = randomUUID();
    const deps = bench.depsFor(shopDomain, shopId);
    await catalogRepository.markQueued(bench.database.db, shopId);
    expect(await importCatalog(deps, shopId)).toBe('imported');

    const summary = (await catalogSummaries(bench.database.db, [shopId])).get(shopId)!;
    expect(summary).toMatchObject({ phase: 'ready', errorCode: null });
    expect(await bench.copyCounts(shopId)).toEqual(await local.summary());
    const stored = async (table: 'catalog_blogs' | 'catalog_articles', gid: string) =>
      (
        await bench.database.pool.query<{ updated_at: Date }>(
          `select updated_at from ${table} where shop_id = $1 and gid = $2`,
          [shopId, gid],
        )
      ).rows[0]?.updated_at.toISOString();
    expect(await stored('catalog_blogs', blog.id)).toBe(new Date(blog.createdAt).toISOString());
    expect(await stored('catalog_articles', article.id)).toBe(
      new Date(article.createdAt).toISOString(),
    );
  }, 120_000);
});
