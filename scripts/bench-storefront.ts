/**
 * `node --import tsx scripts/bench-storefront.ts`: how cheap the local storefront's pages are to
 * render, for a store of 300 and one of 100,000 products (BENCH_SIZES=300,100000 to choose).
 *
 * For each size it creates the seeded store, then renders, many times each, the home page, a product
 * near the start and one near the end of the catalog (in English and in French), a collection, a
 * page and an article, and prints the mean time of one render and the process's heap after them. Pages
 * are built on demand from the product's position, so the figures should not grow with the store
 * (goal: under 1 ms per page at 100,000 products, and no heap growth from rendering).
 *
 * A missed goal is printed, not failed: the figures are read side by side, run by run.
 */
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import { renderStorefrontPage } from '#server/local/shopify/storefront-pages.ts';

const sizes = (process.env.BENCH_SIZES ?? '300,100000').split(',').map(Number);
const rounds = 300;

function mean(render: () => void): number {
  render();
  const start = process.hrtime.bigint();
  for (let round = 0; round < rounds; round++) render();
  return Number(process.hrtime.bigint() - start) / 1e6 / rounds;
}

for (const size of sizes) {
  const createdAt = process.hrtime.bigint();
  const store = new SeededStore('maison-exemple', size);
  const createMs = Number(process.hrtime.bigint() - createdAt) / 1e6;
  const ids = [...store.productIds()];
  const activeNear = (from: number, step: number) => {
    for (let index = from; index >= 0 && index < ids.length; index += step) {
      const product = store.product(ids[index]!)!;
      if (product.status === 'ACTIVE') return product;
    }
    throw new Error('no active product');
  };
  const first = activeNear(0, 1);
  const last = activeNear(ids.length - 1, -1);
  const collection = [...store.collections.values()].at(-1)!;
  const page = [...store.pages.values()][0]!;
  const article = [...store.articles.values()].filter((item) => item.isPublished).at(-1)!;
  const blog = store.blogs.get(article.blogId)!;
  const paths: Array<[string, string, string]> = [
    ['home', 'en', '/'],
    ['first product', 'en', `/products/${first.handle}`],
    ['first product', 'fr', `/products/${first.handle}`],
    ['last product', 'en', `/products/${last.handle}`],
    ['last product', 'fr', `/products/${last.handle}`],
    ['last collection', 'fr', `/collections/${collection.handle}`],
    ['page', 'fr', `/pages/${page.handle}`],
    ['last article', 'en', `/blogs/${blog.handle}/${article.handle}`],
  ];
  const heapBefore = process.memoryUsage().heapUsed;
  console.log(`\n${size} products (store created in ${createMs.toFixed(0)} ms)`);
  for (const [name, locale, path] of paths) {
    let status = 0;
    const ms = mean(() => {
      status = renderStorefrontPage(store, locale, path).status;
    });
    const goal = ms < 1 ? '' : '  (goal: under 1 ms)';
    console.log(`  ${`${name} (${locale})`.padEnd(22)} ${status}  ${ms.toFixed(3)} ms${goal}`);
  }
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  console.log(
    `  heap ${(heapBefore / 1e6).toFixed(1)} MB before the renders, ${(heapAfter / 1e6).toFixed(1)} MB after`,
  );
}
