/**
 * `npm run bench:audit`: how fast the SEO audit reads, checks and writes a large store, and how fast
 * the page list answers on it.
 *
 * Starts an embedded PostgreSQL in a temporary folder, writes a store's copy of PAGES pages (default
 * 100,000: products with two images, collections, pages and articles, half of them translated into
 * French) straight into the catalog's tables, runs a full audit in both languages, then an incremental
 * audit of one page, then each kind of page-list query and the overview 30 times. Before all that,
 * it times the audit's language identification beside tinyld's, whose answers it gives. Prints
 * figures; asserts nothing. The checks are the catalogue's (shared/seo/catalogue.ts).
 *
 * The audit runs in this process and PostgreSQL in its own, so on two cores each has roughly one:
 * "pages per CPU second of Node" is the audit's own rate on one core, with PostgreSQL on the other.
 * PostgreSQL's CPU time for the same run is printed beside it, and the rate over both, so that work
 * moved into the database shows as such.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PageListQuery } from '#shared/schemas/seo.ts';
import { detectAll } from 'tinyld';
import { checkCatalogue } from '#shared/seo/catalogue.ts';
import { detectAmong } from '#shared/seo/text/language-model.ts';
import { auditChangedPages } from '#server/areas/seo/audit-changed-pages.ts';
import { listSeoPages } from '#server/areas/seo/list-seo-pages.ts';
import { readSeoOverview } from '#server/areas/seo/read-seo-overview.ts';
import { runAudit } from '#server/areas/seo/run-audit.ts';
import type { SeoDependencies } from '#server/areas/seo/seo-dependencies.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import {
  insertBenchStore,
  seedLargeCopy,
  timeRuns,
  withBenchDatabase,
} from './lib/bench-audited-store.ts';

const pages = Number(process.env.PAGES ?? 100_000);
const runsPerQuery = 30;

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Linux counts process times in ticks of 1/100 s (USER_HZ). */
const ticksPerSecond = 100;

/** utime, stime, cutime and cstime of a process, in ticks (/proc/<pid>/stat). */
async function processTicks(pid: number): Promise<{ own: number; reaped: number; ppid: number }> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  // The command name is in parentheses and may hold spaces: the fields are counted after it.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  return { ppid: fields[1]!, own: fields[11]! + fields[12]!, reaped: fields[13]! + fields[14]! };
}

/**
 * The CPU time PostgreSQL has used so far, in seconds: its postmaster's and its live backends', and
 * that of the backends it has reaped. Read from /proc, so that the figures show what the audit's
 * statements cost the database beside what the audit costs Node.
 */
async function postgresCpuSeconds(pool: import('pg').Pool): Promise<number> {
  const { rows } = await pool.query<{ setting: string }>(
    `select setting from pg_settings where name = 'data_directory'`,
  );
  const pidFile = await fs.readFile(path.join(rows[0]!.setting, 'postmaster.pid'), 'utf8');
  const postmaster = Number(pidFile.split('\n')[0]);
  let ticks = 0;
  for (const entry of await fs.readdir('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    const times = await processTicks(pid).catch(() => undefined);
    if (times === undefined) continue;
    if (pid === postmaster) ticks += times.own + times.reaped;
    else if (times.ppid === postmaster) ticks += times.own;
  }
  return ticks / ticksPerSecond;
}

async function timeQuery(name: string, run: () => Promise<unknown>): Promise<void> {
  const { median, p95 } = await timeRuns(runsPerQuery, run);
  log(
    `  ${name.padEnd(46)} median ${median.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms`,
  );
}

/**
 * The audit's language identification beside tinyld's, on the same texts in one run: every title,
 * search text, alt text and translation of a seeded store of 2,000 products, identified among
 * English and French five times over by each, turn about.
 */
function compareLanguageIdentification(): void {
  const store = new SeededStore('bench-langues', 2000);
  const texts: string[] = [];
  for (const id of store.productIds()) {
    const product = store.product(id)!;
    texts.push(product.title, product.seo.title ?? '', product.seo.description ?? '');
    for (const media of product.media) texts.push(media.alt ?? '');
    for (const keys of Object.values(product.translations)) {
      for (const [key, translation] of Object.entries(keys)) {
        if (!key.endsWith('_html')) texts.push(translation.value);
      }
    }
  }
  const only = ['en', 'fr'] as const;
  const spent = { tinyld: 0, port: 0 };
  for (let round = 0; round < 5; round++) {
    let start = performance.now();
    for (const text of texts) detectAll(text, { only: [...only] });
    spent.tinyld += performance.now() - start;
    start = performance.now();
    for (const text of texts) detectAmong(text, only);
    spent.port += performance.now() - start;
  }
  const perText = (ms: number) => ((ms * 1000) / (texts.length * 5)).toFixed(1);
  log(`Language identification of ${texts.length.toLocaleString('en')} texts, 5 times each`);
  log(`  tinyld                       ${perText(spent.tinyld)} µs a text`);
  log(`  the audit's port             ${perText(spent.port)} µs a text`);
  log(`  ratio                        ${(spent.tinyld / spent.port).toFixed(1)}× faster`);
}

async function main(): Promise<void> {
  compareLanguageIdentification();
  await withBenchDatabase('audit', log, async ({ database, jobs }) => {
    // The business plan audits 100,000 pages.
    const shopId = await insertBenchStore(database.db, 'bench-owner', 'business');
    log(`Writing a copy of ${pages.toLocaleString('en')} pages…`);
    await seedLargeCopy(database.pool, shopId, pages);

    const checks = checkCatalogue;
    log(`Checks: the catalogue's ${checks.length}`);
    const deps: SeoDependencies = {
      db: database.db,
      jobs,
      log: {
        info: (details, message) => {
          if (message === 'seo audit done') log(`  ${message}: ${JSON.stringify(details)}`);
        },
        warn: () => {},
        error: () => {},
      },
      checks,
    };

    const started = await startAudit(deps, shopId, 'manual');
    const postgresCpuBefore = await postgresCpuSeconds(database.pool);
    const cpuBefore = process.cpuUsage();
    const wallStart = performance.now();
    await runAudit(deps, started!.run.id);
    const wallSeconds = (performance.now() - wallStart) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    const nodeCpuSeconds = (cpu.user + cpu.system) / 1e6;
    const postgresCpu = (await postgresCpuSeconds(database.pool)) - postgresCpuBefore;
    const counts = await database.pool.query<{
      pages: number;
      results: number;
      findings: number;
      links: number;
      broken: number;
    }>(
      `select (select count(*)::int from seo_pages where shop_id = $1) as pages,
        (select count(*)::int from seo_page_results where shop_id = $1) as results,
        (select count(*)::int from seo_findings where shop_id = $1) as findings,
        (select count(*)::int from seo_store_links where shop_id = $1) as links,
        (select count(*)::int from seo_findings where shop_id = $1 and check_id = 'L04') as broken`,
      [shopId],
    );
    const { pages: audited, results, findings, links, broken } = counts.rows[0]!;
    log('Full audit');
    log(
      `  pages audited                ${audited.toLocaleString('en')} (${results.toLocaleString('en')} page-languages, ${findings.toLocaleString('en')} findings)`,
    );
    log(
      `  links to the store resolved  ${links.toLocaleString('en')} (${broken.toLocaleString('en')} to missing pages)`,
    );
    log(`  wall time                    ${wallSeconds.toFixed(1)} s`);
    log(`  pages per second (wall)      ${Math.round(audited / wallSeconds).toLocaleString('en')}`);
    log(
      `  Node CPU time                ${nodeCpuSeconds.toFixed(1)} s (${Math.round(audited / nodeCpuSeconds).toLocaleString('en')} pages per CPU second of Node)`,
    );
    log(
      `  PostgreSQL CPU time          ${postgresCpu.toFixed(1)} s (${Math.round(audited / (nodeCpuSeconds + postgresCpu)).toLocaleString('en')} pages per CPU second of both)`,
    );
    log(`  peak RSS of this process     ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);

    const changed = 'gid://shopify/Product/2';
    await database.pool.query(
      // Product 1's search title: product 2 joins it in a duplicate group, and stays in the large
      // group of products that share one meta description.
      `update catalog_products set seo_title = 'Organic linen shirt 1 | Bench boutique'
       where shop_id = $1 and gid = $2`,
      [shopId, changed],
    );
    const incrementalStart = performance.now();
    const outcome = await auditChangedPages(deps, shopId, [changed]);
    log(
      `Incremental audit of one page joining a duplicate group: ${(performance.now() - incrementalStart).toFixed(1)} ms (${JSON.stringify(outcome)})`,
    );

    const queries: Array<[string, PageListQuery]> = [
      ['default (lowest score, first 50)', {}],
      ['kind=article', { kind: 'article' }],
      ['language=fr, score desc', { language: 'fr', sort: 'score', order: 'desc' }],
      ['check=T02 (duplicate title)', { check: 'T02' }],
      ['severity=error', { severity: 'error' }],
      ['minScore=50 maxScore=90', { minScore: 50, maxScore: 90 }],
      ['q=shirt 4242', { q: 'shirt 4242' }],
      ['q=chemise, language=fr', { q: 'chemise', language: 'fr' }],
      ['q=li (two letters)', { q: 'li' }],
      ['sort=title, offset 50,000', { sort: 'title', offset: 50_000 }],
      ['sort=findings desc, kind=product', { sort: 'findings', order: 'desc', kind: 'product' }],
      [
        'language=en, kind, severity, score, q, sort title',
        {
          language: 'en',
          kind: 'product',
          severity: 'warning',
          maxScore: 95,
          q: 'linen',
          sort: 'title',
        },
      ],
    ];
    // Right after a run the new rows' pages are not yet marked all-visible, so counts read the
    // table; autovacuum marks them soon after (its insert threshold), as VACUUM does here.
    for (const moment of ['right after the run', 'after VACUUM ANALYZE, as autovacuum leaves it']) {
      if (moment !== 'right after the run') {
        await database.pool.query('vacuum analyze seo_pages, seo_page_results, seo_findings');
      }
      log(
        `Page list at ${audited.toLocaleString('en')} pages, ${moment} (${runsPerQuery} runs each)`,
      );
      for (const [name, query] of queries) {
        await timeQuery(name, () => listSeoPages(database.db, shopId, query));
      }
      await timeQuery('overview', () => readSeoOverview(database.db, shopId));
    }
  });
}

await main();
