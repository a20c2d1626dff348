/**
 * `npm run bench:dashboard`: how fast the dashboard's one call answers on a large audited store,
 * beside the audit's page list on the same store in the same run.
 *
 * Starts an embedded PostgreSQL in a temporary folder, writes a store's copy of PAGES pages (default
 * 100,000; scripts/lib/bench-audited-store.ts) for an owner on the Business plan, runs a full audit
 * in both languages, adds what the dashboard sums up besides (SEO changes in each state, blog posts
 * drafted, scheduled and published, some linking to products), then times the dashboard and the
 * page list's default query 30 times each, turn about. Prints figures and their ratio; asserts
 * nothing. The goal: the dashboard's p95 at most 100 ms at 100,000 pages.
 */
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import { summariseBlog } from '#server/areas/blog/index.ts';
import { readDashboard } from '#server/areas/dashboard/index.ts';
import {
  hasFinishedAudit,
  pagesCoveredByLastAudits,
  readStoreScores,
} from '#server/areas/seo/index.ts';
import { summariseChanges } from '#server/areas/seo-changes/index.ts';
import { listShopConnections } from '#server/areas/shops/index.ts';
import { listSeoPages } from '#server/areas/seo/list-seo-pages.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { storeCatalog } from '#server/workers.ts';
import {
  insertBenchStore,
  seedLargeCopy,
  timeRuns,
  withBenchDatabase,
} from './lib/bench-audited-store.ts';

const pages = Number(process.env.PAGES ?? 100_000);
const runs = 30;
const owner = 'bench-owner';

const log = (line: string) => process.stdout.write(`${line}\n`);

/** SEO changes in every state and blog posts in every state, some linking to products. */
async function seedChangesAndPosts(pool: import('pg').Pool, shopId: string): Promise<void> {
  await pool.query(
    `insert into seo_changes (shop_id, page_gid, page_kind, page_title, language, field, target_id,
       value, state, error_code, created_by, approved_by, approved_at)
     select $1, 'gid://shopify/Product/' || i, 'product', 'Organic linen shirt ' || i, 'fr',
       'seoDescription', 'gid://shopify/Product/' || i, 'Une chemise en lin.',
       (array['draft', 'approved', 'applied', 'conflict', 'failed', 'undone'])[i % 6 + 1],
       case when i % 6 = 4 then 'shopify_rejected_value' end, $2,
       case when i % 6 = 0 then null else $2 end, case when i % 6 = 0 then null else now() end
     from generate_series(1, 3000) as i`,
    [shopId, owner],
  );
  await pool.query(
    `insert into blog_posts (shop_id, revision, content, figures, created_by, updated_by,
       publication_state, publish_at, published_revision)
     select $1, 1,
       jsonb_build_object('languages', jsonb_build_object(
         'en', jsonb_build_object('title', 'Linen notes ' || i),
         'fr', jsonb_build_object('title', 'Notes sur le lin ' || i))),
       jsonb_build_object('languages', '{}'::jsonb, 'productHandles',
         case when i % 3 = 0 then jsonb_build_array('organic-linen-shirt-' || i, 'gone-' || i)
           else '[]'::jsonb end),
       $2, $2,
       (array['draft', 'scheduled', 'published'])[i % 3 + 1],
       case when i % 3 = 1 then now() + (i || ' hours')::interval end,
       case when i % 3 = 0 then null else 1 end
     from generate_series(1, 600) as i`,
    [shopId, owner],
  );
  await pool.query('vacuum analyze');
}

async function main(): Promise<void> {
  await withBenchDatabase('dashboard', log, async ({ database, jobs }) => {
    const shopId = await insertBenchStore(database.db, owner, 'business');
    log(`Writing a copy of ${pages.toLocaleString('en')} pages and auditing it…`);
    await seedLargeCopy(database.pool, shopId, pages);
    const deps = {
      db: database.db,
      jobs,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      checks: checkCatalogue,
    };
    const started = await startAudit(deps, shopId, 'manual');
    await runAudit(deps, started!.run.id);
    await seedChangesAndPosts(database.pool, shopId);

    const catalog = storeCatalog({ db: database.db, jobs });
    const dashboard = () =>
      readDashboard({ db: database.db, catalog }, { uid: owner, emailVerified: true }, shopId);
    const answer = await dashboard();
    log(
      `Dashboard of ${pages.toLocaleString('en')} pages: scores ${answer
        .store!.languages.map((language) => `${language.language} ${language.score}`)
        .join(
          ', ',
        )}; fix next ${answer.store!.fixNext.length}; ${answer.store!.changes.drafts} drafts; ${answer.store!.blog.brokenLinks.length} posts with broken links shown`,
    );
    log(`Side by side, ${runs} runs each, turn about`);
    const figures = { dashboard: [] as number[], list: [] as number[] };
    for (let round = 0; round < 3; round++) {
      const d = await timeRuns(runs / 3, dashboard);
      const l = await timeRuns(runs / 3, () => listSeoPages(database.db, shopId, {}));
      figures.dashboard.push(d.p95);
      figures.list.push(l.p95);
      log(
        `  round ${round + 1}: dashboard median ${d.median.toFixed(1)} ms, p95 ${d.p95.toFixed(1)} ms   page list median ${l.median.toFixed(1)} ms, p95 ${l.p95.toFixed(1)} ms`,
      );
    }
    log('Where the time goes (median of 10 runs each)');
    const parts: Array<[string, () => Promise<unknown>]> = [
      [
        'stores (listShopConnections)',
        () => listShopConnections({ db: database.db, catalog }, owner),
      ],
      ['scores and translation debt', () => readStoreScores(database.db, shopId)],
      ['changes', () => summariseChanges(database.db, shopId)],
      ['blog', () => summariseBlog(database.db, shopId)],
      ['pages audited', () => pagesCoveredByLastAudits(database.db, [shopId])],
      ['checklist: audit', () => hasFinishedAudit(database.db, [shopId])],
    ];
    for (const [name, run] of parts) {
      const { median } = await timeRuns(10, run);
      log(`  ${name.padEnd(28)} ${median.toFixed(1).padStart(7)} ms`);
    }
    const worst = (values: number[]) => Math.max(...values);
    log(
      `  dashboard p95 ${worst(figures.dashboard).toFixed(1)} ms (goal ≤ 100 ms): ${(worst(figures.dashboard) / worst(figures.list)).toFixed(2)}× the page list's ${worst(figures.list).toFixed(1)} ms`,
    );
  });
}

await main();
