/**
 * `npm run bench:change`: from a product changed in the store to its findings updated.
 *
 * Starts a connected, imported and audited store (scripts/lib/bench-store.ts: PostgreSQL, the local
 * Shopify, and the product's own processes) of PAGES products (default 10,000; with the collections,
 * pages and articles the seed adds and its drafts left out, about as many audited pages), then,
 * CHANGES times (default 20), one product at a
 * time, gives an active product a search title too wide for a results page through the local
 * Shopify's control. The change travels the product's whole way: the local Shopify sends its signed
 * `products/update` webhook to the product, which records it and answers; a job refetches the
 * product and stores it in the copy; the incremental audit job audits the page again. The time is
 * taken from the control's answer to the page's English findings holding the new title's `T03`
 * (seo_findings), the database polled every 20 ms.
 *
 * Prints p50, p95 and max (goal p95 ≤ 2 s). Asserts nothing.
 */
import { log, percentile, startBenchStore } from './lib/bench-store.ts';

const pages = Number(process.env.PAGES ?? 10_000);
const changes = Number(process.env.CHANGES ?? 20);
const goalP95Ms = 2000;
const pollMs = 20;
/**
 * The seed adds a collection for every 25 products and an article for every 15, and leaves about a
 * tenth of its products unpublished: as many products as pages make about as many audited pages.
 */
const products = pages;
/** A search title far wider than a results page's 600 pixels (T03). */
const wideTitle = (index: number) =>
  `A search title written far too long for any results page, change number ${index} of this run`;

async function main(): Promise<void> {
  const store = await startBenchStore(products);
  try {
    const { database, shopId } = store;
    const { rows: counted } = await database.pool.query<{ pages: number }>(
      'select count(*)::int as pages from seo_pages where shop_id = $1',
      [shopId],
    );
    // Active products without a T03 finding in English, spread over the catalog.
    const { rows: candidates } = await database.pool.query<{ gid: string }>(
      `select p.gid from catalog_products p
       where p.shop_id = $1 and p.status = 'ACTIVE' and not exists (
         select 1 from seo_findings f where f.shop_id = p.shop_id and f.page_gid = p.gid
           and f.language = 'en' and f.check_id = 'T03')
       order by hashtext(p.gid) limit $2`,
      [shopId, changes],
    );
    log(`Changing ${candidates.length} products one at a time…`);
    const latencies: number[] = [];
    /** The part of each spent before the copy held the new title: the webhook and the refetch. */
    const toCopy: number[] = [];
    for (const [index, { gid }] of candidates.entries()) {
      const title = wideTitle(index);
      await store.local.patchProduct(gid.split('/').pop()!, { seo: { title } });
      const answeredAt = performance.now();
      let copiedAfter: number | undefined;
      for (;;) {
        const { rows } = await database.pool.query<{ copied: boolean; found: boolean }>(
          `select exists (select 1 from catalog_products where shop_id = $1 and gid = $2
               and seo_title = $3) as copied,
             exists (select 1 from seo_findings where shop_id = $1 and page_gid = $2
               and language = 'en' and check_id = 'T03') as found`,
          [shopId, gid, title],
        );
        if (copiedAfter === undefined && rows[0]!.copied) {
          copiedAfter = performance.now() - answeredAt;
        }
        if (rows[0]!.found) break;
        if (performance.now() - answeredAt > 60_000) {
          throw new Error(`The findings of ${gid} did not change within 60 s`);
        }
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
      latencies.push(performance.now() - answeredAt);
      toCopy.push(copiedAfter ?? latencies.at(-1)!);
    }
    latencies.sort((a, b) => a - b);
    const p95 = percentile(latencies, 0.95);
    console.log(
      `\nOne product changed in the store → its findings updated, ${latencies.length} changes, store of ${counted[0]!.pages.toLocaleString('en')} audited pages (${products.toLocaleString('en')} products)`,
    );
    console.log(
      `  p50 ${percentile(latencies, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms, max ${latencies.at(-1)!.toFixed(0)} ms (goal p95 ≤ ${goalP95Ms} ms, ${p95 <= goalP95Ms ? 'met' : 'MISSED'})`,
    );
    toCopy.sort((a, b) => a - b);
    console.log(
      `  of which to the copy holding the change (webhook, refetch): p50 ${percentile(toCopy, 0.5).toFixed(0)} ms, p95 ${percentile(toCopy, 0.95).toFixed(0)} ms`,
    );
    console.log(`  each, in order of size: ${latencies.map((ms) => ms.toFixed(0)).join(', ')} ms`);
  } finally {
    await store.stop();
  }
}

await main();
