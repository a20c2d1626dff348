import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { leftOutPagesSchema, type LeftOutPages } from '#shared/schemas/seo.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import {
  bearer,
  createTestJobQueue,
  errorOf,
  startApiForTests,
  type ApiTestContext,
} from '../support/api-test-app.ts';
import {
  gid,
  seedStoreCopy,
  seoDependencies,
  type SeededStore,
} from '../support/seo-test-support.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';

/**
 * Which pages an audit reads when the store has more published pages than the plan audits (the
 * Free plan's 100): a share of the limit for each kind, the most recently changed first within a
 * kind; the same pages run after run; and the webhooks' audits keeping to that choice.
 */

let api: ApiTestContext;
/** A queue no worker takes from: the tests run each audit themselves. */
let idleJobs: JobQueue;
let deps: SeoDependencies;

beforeAll(async () => {
  api = await startApiForTests();
  idleJobs = createTestJobQueue(`pgboss_idle_${randomUUID().replaceAll('-', '').slice(0, 12)}`);
  await idleJobs.start();
  deps = { ...seoDependencies(api), jobs: idleJobs };
});

afterAll(async () => {
  await idleJobs?.stop();
  await api?.close();
});

const base = Date.parse('2026-11-01T00:00:00Z');
/** A record's `updatedAt`, `minutes` after the first of the month. */
const at = (minutes: number) => new Date(base + minutes * 60_000);

/**
 * 150 products, 20 collections, 10 pages and 10 articles: 190 pages, of which the Free plan audits
 * 100. The products' update times are shuffled against their ids (product n changed at minute
 * (n × 37) mod 150), so that the most recently changed are not the last ids.
 */
const productMinute = (id: number) => (id * 37) % 150;
const largeStore: SeededStore = {
  products: Array.from({ length: 150 }, (_, index) => ({
    id: index + 1,
    title: `Product number ${index + 1}`,
    updatedAt: at(productMinute(index + 1)),
  })),
  collections: Array.from({ length: 20 }, (_, index) => ({
    id: 1001 + index,
    title: `Collection number ${index + 1}`,
    updatedAt: at(index),
  })),
  pages: Array.from({ length: 10 }, (_, index) => ({
    id: 2001 + index,
    title: `Page number ${index + 1}`,
    updatedAt: at(index),
  })),
  articles: Array.from({ length: 10 }, (_, index) => ({
    id: 3001 + index,
    title: `Article number ${index + 1}`,
    updatedAt: at(index),
  })),
};

const allPages = [
  ...largeStore.products!.map((product) => gid('Product', product.id)),
  ...largeStore.collections!.map((collection) => gid('Collection', collection.id)),
  ...largeStore.pages!.map((page) => gid('Page', page.id)),
  ...largeStore.articles!.map((article) => gid('Article', article.id)),
];

/** The 60 products changed last: the products' share once the other kinds have all their pages. */
const latestProducts = (products: ReadonlyArray<{ id: number; minute: number }>) =>
  [...products]
    .sort((a, b) => b.minute - a.minute || a.id - b.id)
    .slice(0, 60)
    .map((product) => gid('Product', product.id));

async function newFreeStore(): Promise<string> {
  return (await newFreeOwnerAndStore()).shopId;
}

async function newFreeOwnerAndStore(): Promise<{ owner: TestUser; shopId: string }> {
  const owner = await registeredOwner(api, 'free');
  const shopId = await connectedStore(api, owner);
  await seedStoreCopy(api, shopId, largeStore);
  return { owner, shopId };
}

/** Every page of the list of pages left out, read `limit` at a time as the client reads it. */
async function pagesLeftOut(owner: TestUser, shopId: string, limit: number) {
  const pages: LeftOutPages['pages'] = [];
  const totals = new Set<number>();
  for (let offset = 0; ; offset += limit) {
    const response = await api.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${shopId}/seo/left-out-pages?offset=${offset}&limit=${limit}`,
      headers: bearer(owner.idToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    const slice = leftOutPagesSchema.parse(response.json()).data;
    expect(slice.offset).toBe(offset);
    totals.add(slice.total);
    pages.push(...slice.pages);
    if (slice.pages.length < limit) break;
  }
  expect([...totals]).toEqual([pages.length]);
  return pages;
}

async function auditNow(shopId: string) {
  const started = await startAudit(deps, shopId, 'manual');
  expect(started?.run.pageLimit).toBe(100);
  expect(await runAudit({ ...deps, batchSize: 30 }, started!.run.id)).toBe('done');
  const { rows } = await api.database.pool.query<{ pages_audited: number; pages_left_out: number }>(
    'select pages_audited, pages_left_out from seo_audit_runs where id = $1',
    [started!.run.id],
  );
  return rows[0]!;
}

async function auditedPages(shopId: string): Promise<string[]> {
  const { rows } = await api.database.pool.query<{ page_gid: string }>(
    'select page_gid from seo_pages where shop_id = $1 order by page_gid',
    [shopId],
  );
  return rows.map((row) => row.page_gid);
}

const sorted = (gids: readonly string[]) => [...gids].sort();

describe('a full audit of a store past its plan’s limit', () => {
  it('audits every kind, the most recently changed first within a kind, and the same pages again', async () => {
    const shopId = await newFreeStore();
    expect(await auditNow(shopId)).toEqual({ pages_audited: 100, pages_left_out: 90 });

    // An equal share of 25 each: the collections, pages and articles have fewer, and leave the
    // rest to the products, which get 60.
    const products = largeStore.products!.map((product) => ({
      id: product.id,
      minute: productMinute(product.id),
    }));
    const expected = sorted([
      ...latestProducts(products),
      ...allPages.filter((page) => !page.includes('/Product/')),
    ]);
    const first = await auditedPages(shopId);
    expect(first).toEqual(expected);

    // Nothing changed: the second run audits the same pages.
    expect(await auditNow(shopId)).toEqual({ pages_audited: 100, pages_left_out: 90 });
    expect(await auditedPages(shopId)).toEqual(first);
  });

  it('takes in a left-out product changed since at the next full run, and only then', async () => {
    const shopId = await newFreeStore();
    await auditNow(shopId);
    const before = await auditedPages(shopId);
    const leftOut = allPages.find((page) => !before.includes(page))!;
    expect(leftOut).toMatch(/\/Product\//);

    // Changed at Shopify: the webhook's audit leaves it to the next full run.
    await api.database.pool.query(
      `update catalog_products set title = 'A title of its own', updated_at = $3
       where shop_id = $1 and gid = $2`,
      [shopId, leftOut, at(1000)],
    );
    expect(await auditChangedPages(deps, shopId, [leftOut])).toEqual({
      audited: 0,
      removed: 0,
      regrouped: 0,
    });
    expect(await auditedPages(shopId)).toEqual(before);

    // An audited product deleted leaves a place the choice gives no one until the next full run:
    // the store still has more pages than its plan audits.
    const deleted = before.find((page) => page.includes('/Product/'))!;
    await api.database.pool.query('delete from catalog_products where shop_id = $1 and gid = $2', [
      shopId,
      deleted,
    ]);
    expect(await auditChangedPages(deps, shopId, [deleted])).toMatchObject({ removed: 1 });
    expect(await auditChangedPages(deps, shopId, [leftOut])).toMatchObject({ audited: 0 });
    expect(await auditedPages(shopId)).not.toContain(leftOut);

    // An audited product changed is audited again.
    const kept = before.find((page) => page.includes('/Product/') && page !== deleted)!;
    await api.database.pool.query(
      `update catalog_products set title = 'Another title' where shop_id = $1 and gid = $2`,
      [shopId, kept],
    );
    expect(await auditChangedPages(deps, shopId, [kept])).toMatchObject({ audited: 1 });

    // The next full run chooses again: the changed product is now the most recent of its kind.
    await auditNow(shopId);
    const after = await auditedPages(shopId);
    expect(after).toContain(leftOut);
    expect(after).toHaveLength(100);
  });
});

describe('the list of pages left out', () => {
  it('pages through exactly the pages the last run did not audit, in the order it takes them', async () => {
    const { owner, shopId } = await newFreeOwnerAndStore();
    // Before any run, the audit holds nothing: every page waits.
    expect(await pagesLeftOut(owner, shopId, 200)).toHaveLength(190);

    await auditNow(shopId);
    const audited = await auditedPages(shopId);
    const leftOut = await pagesLeftOut(owner, shopId, 40);
    expect(leftOut).toHaveLength(90);
    expect(sorted(leftOut.map((page) => page.id))).toEqual(
      sorted(allPages.filter((page) => !audited.includes(page))),
    );
    // Only products are left out here, the most recently changed first: the 61st most recent
    // product (changed at minute 89) comes first.
    expect(leftOut.every((page) => page.kind === 'product')).toBe(true);
    const minutes = leftOut.map((page) => productMinute(Number(page.id.split('/').at(-1))));
    expect(minutes).toEqual([...minutes].sort((a, b) => b - a));
    expect(minutes[0]).toBe(89);
    const first = leftOut[0]!;
    const id = first.id.split('/').at(-1)!;
    expect(first).toEqual({
      id: gid('Product', id),
      kind: 'product',
      title: `Product number ${id}`,
      handle: `product-number-${id}`,
      adminUrl: `https://maison.myshopify.com/admin/products/${id}`,
    });
  });

  it("answers 404 for another owner's store", async () => {
    const { shopId } = await newFreeOwnerAndStore();
    const stranger = await registeredOwner(api);
    const response = await api.app.inject({
      method: 'GET',
      url: `/api/v1/shops/${shopId}/seo/left-out-pages`,
      headers: bearer(stranger.idToken),
    });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response).code).toBe('shop_not_found');
  });
});
