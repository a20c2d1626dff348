/**
 * `npm run bench:writes`: how close the write of approved SEO changes comes to the store's cost limit.
 *
 * Starts a connected, imported and audited store (scripts/lib/bench-store.ts: PostgreSQL, the local
 * Shopify with PRODUCTS products, default 2,000, and the product's own processes), saves CHANGES
 * drafts (default 1,000: half the English SEO titles of products, half the French translations of
 * their meta descriptions), approves them as an owner does, page by page (APPROVAL=page, the
 * default) or in approvals of N changes (APPROVAL=N), and waits until every one has ended. The
 * product's write job (server/areas/seo-changes/) writes them, reading Shopify's value first.
 *
 * Prints the wall time from the first approval to the last change ended; the points the Admin API
 * charged the app meanwhile and the least time the store's bucket allows for them (what it held at
 * the start, then its restore rate: the local Shopify models Shopify's, server/local/shopify/
 * cost-bucket.ts), and their ratio (goal ≤ 1.2×); the THROTTLED answers (goal 0); the changes that
 * did not apply. The points include what the product spends meanwhile on the store's webhooks
 * (each written product is refetched), as Shopify would charge them. Asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { approveChanges } from '#server/areas/seo-changes/approve-changes.ts';
import { saveDraft } from '#server/areas/seo-changes/save-draft.ts';
import {
  appUsage,
  benchOwner,
  log,
  startBenchStore,
  waitForFullBucket,
} from './lib/bench-store.ts';

const products = Number(process.env.PRODUCTS ?? 2000);
const changeCount = Number(process.env.CHANGES ?? 1000);
const approval = process.env.APPROVAL ?? 'page';
const goals = { ratio: 1.2, throttled: 0 };
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

interface Draft {
  pageGid: string;
  language: 'en' | 'fr';
  field: 'seoTitle' | 'seoDescription';
  value: string;
}

async function main(): Promise<void> {
  const store = await startBenchStore(products);
  try {
    const { database, shopId } = store;
    // Products with a meta description in English: each gets a new SEO title and a French one.
    const { rows: pages } = await database.pool.query<{ gid: string; title: string }>(
      `select gid, title from catalog_products
       where shop_id = $1 and status = 'ACTIVE' and seo_description is not null
       order by gid limit $2`,
      [shopId, Math.ceil(changeCount / 2)],
    );
    const run = randomUUID().slice(0, 8);
    const drafts: Draft[] = pages
      .flatMap((page, index): Draft[] => [
        {
          pageGid: page.gid,
          language: 'en',
          field: 'seoTitle',
          value: `${page.title.slice(0, 40)} | Maison Exemple ${run}-${index}`,
        },
        {
          pageGid: page.gid,
          language: 'fr',
          field: 'seoDescription',
          value: `Fabriqué en petites séries dans nos ateliers, livré sous trois jours, retours gratuits pendant trente jours (${run}-${index}).`,
        },
      ])
      .slice(0, changeCount);
    if (drafts.length < changeCount) {
      throw new Error(`The store offers ${drafts.length} changes; raise PRODUCTS`);
    }
    log(`Saving ${drafts.length} drafts…`);
    const ids: Array<{ pageGid: string; id: string }> = [];
    for (const draft of drafts) {
      const saved = await saveDraft(database.db, shopId, benchOwner, draft.pageGid, {
        language: draft.language,
        field: draft.field,
        targetId: draft.pageGid,
        value: draft.value,
      });
      if (saved === undefined) throw new Error(`No page ${draft.pageGid} in the copy`);
      ids.push({ pageGid: draft.pageGid, id: saved.id });
    }
    const approvals: string[][] = [];
    if (approval === 'page') {
      const byPage = new Map<string, string[]>();
      for (const { pageGid, id } of ids) byPage.set(pageGid, [...(byPage.get(pageGid) ?? []), id]);
      approvals.push(...byPage.values());
    } else {
      const size = Number(approval);
      for (let start = 0; start < ids.length; start += size) {
        approvals.push(ids.slice(start, start + size).map(({ id }) => id));
      }
    }

    log('Waiting for the app’s bucket to be full…');
    const before = await waitForFullBucket(store);
    log(`Approving ${drafts.length} changes in ${approvals.length} approvals…`);
    const started = performance.now();
    for (const changeIds of approvals) {
      await approveChanges({ db: database.db, jobs: store.jobs }, shopId, benchOwner, changeIds);
    }
    const approvedMs = performance.now() - started;
    const allIds = ids.map(({ id }) => id);
    let states: Record<string, number> = {};
    for (;;) {
      const { rows } = await database.pool.query<{ state: string; count: number }>(
        `select state, count(*)::int as count from seo_changes where id = any($1::uuid[])
         group by state`,
        [allIds],
      );
      states = Object.fromEntries(rows.map((row) => [row.state, row.count]));
      if ((states.approved ?? 0) === 0 && (states.draft ?? 0) === 0) break;
      if (performance.now() - started > 30 * 60_000) throw new Error('Not written after 30 min');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const after = await appUsage(store);

    const spent = after.usage.pointsSpent - before.usage.pointsSpent;
    const throttled = after.usage.throttled - before.usage.throttled;
    const { maximumAvailable, currentlyAvailable, restoreRate } = before.throttleStatus;
    const minimumSeconds = Math.max(0, (spent - currentlyAvailable) / restoreRate);
    const ratio = minimumSeconds === 0 ? 0 : wallSeconds / minimumSeconds;
    const notApplied = allIds.length - (states.applied ?? 0);
    console.log(
      `\n${drafts.length} approved changes (${drafts.filter((draft) => draft.language === 'en').length} English SEO titles, ${drafts.filter((draft) => draft.language === 'fr').length} French meta descriptions), ${approvals.length} approvals (APPROVAL=${approval}), store of ${products.toLocaleString('en')} products`,
    );
    console.log(`  approvals sent in ${(approvedMs / 1000).toFixed(1)} s`);
    console.log(`  wall time to the last change ended: ${wallSeconds.toFixed(1)} s`);
    console.log(
      `  points charged: ${spent.toLocaleString('en')} (${(spent / drafts.length).toFixed(1)} a change); bucket ${maximumAvailable} points, ${currentlyAvailable} at the start, restored at ${restoreRate}/s`,
    );
    console.log(
      `  least time the cost limit allows: ${minimumSeconds.toFixed(1)} s; ratio ${ratio.toFixed(2)}× (goal ≤ ${goals.ratio}×, ${verdict(ratio <= goals.ratio)})`,
    );
    console.log(
      `  THROTTLED answers: ${throttled} (goal ${goals.throttled}, ${verdict(throttled <= goals.throttled)})`,
    );
    console.log(`  changes by state: ${JSON.stringify(states)}; not applied: ${notApplied}`);
  } finally {
    await store.stop();
  }
}

await main();
