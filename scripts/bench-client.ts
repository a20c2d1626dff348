/**
 * `npm run bench:client`: what the client costs a visitor. It prints
 * - the JavaScript that `/` and `/login` load before interaction (every script and modulepreload
 *   requested until the load event and network idle), each file's size gzip-compressed; the total
 *   of what starts before the load event is judged against the goal of 100 KB;
 * - the Lighthouse scores (default mobile configuration) of `/`, `/pricing` and `/login` in the
 *   system Chromium, against the goal of 95 in each category (performance in every run, the others
 *   by their median), with the audits that cost points and where the main thread's time went
 *   (Lighthouse's mainthread-work-breakdown, bootup-time and long-tasks audits);
 * - the JavaScript the blog editor (`/blog/editor`) needs beyond the rest of the app: its screen's
 *   chunk and the chunks only it imports, read from the build (dist/client/assets), each file's
 *   size gzip-compressed, the total judged against the goal of 150 KB; and whether `/` or `/login`
 *   loads any of those files before interaction (it must not).
 *
 * It is a benchmark: a missed goal is printed, not failed. The exit code is non-zero only when
 * something could not be measured. It starts its own product (as `npm start` does) in a temporary
 * directory on free ports, so it runs beside `npm start` and leaves nothing behind.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Request } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import lighthousePackage from 'lighthouse/package.json' with { type: 'json' };
import { parseSync } from 'vite';
import { ensureClientBuild, root } from './lib/prepare.mjs';
import { startProductProcess } from './lib/product-process.ts';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const javascriptPages = ['/', '/login'];
const lighthousePages = ['/', '/pricing', '/login'];
const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const javascriptGoalKb = 100;
/** The editor's screen (client/features/blog/pages/blog-editor-page.tsx): its chunk is named after it. */
const editorPath = '/blog/editor';
const editorChunkName = /^blog-editor-page-[\w-]+\.js$/;
const editorGoalKb = 150;
/** Where the build writes its chunks, and the URL path they are served under. */
const assetsDir = path.join(root, 'dist', 'client', 'assets');
const assetsUrlPath = '/assets/';
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof categories)[number];
const scoreGoals: Record<Category, number> = {
  performance: 95,
  accessibility: 95,
  'best-practices': 95,
  seo: 95,
};

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const verdict = (met: boolean) => (met ? 'PASS' : 'MISS');
const fileCount = (count: number) => `${count} file${count === 1 ? '' : 's'}`;
const log = (line: string) => process.stderr.write(`${line}\n`);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

// ---------------------------------------------------------------------------------------------
// Initial JavaScript

interface ScriptFile {
  url: string;
  how: 'script' | 'modulepreload';
  afterLoadEvent: boolean;
  rawBytes: number;
  gzipBytes: number;
}

async function measureInitialJavascript(baseUrl: string): Promise<Map<string, ScriptFile[]>> {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    // The stop on a signal is main()'s: it stops the product, and Playwright closes its browser on exit.
    handleSIGINT: false,
    handleSIGTERM: false,
    // Chromium's own background traffic only meets refusals on a closed network; keep it quiet.
    args: [
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const results = new Map<string, ScriptFile[]>();
  try {
    for (const pagePath of javascriptPages) {
      const context = await browser.newContext();
      try {
        const page = await context.newPage();
        const requested: Request[] = [];
        let collecting = true;
        page.on('request', (request) => {
          if (collecting) requested.push(request);
        });
        const response = await page.goto(`${baseUrl}${pagePath}`, { waitUntil: 'load' });
        if (response === null || !response.ok())
          throw new Error(`${pagePath} answered ${response?.status() ?? 'nothing'}`);
        await page.waitForLoadState('networkidle');
        collecting = false;
        // Which requests started after the load event, by the page's own clock: Playwright's 'load'
        // reaches this process later than the page's load handlers start their requests.
        const timing = await page.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation');
          return {
            loadEventStart: (navigation as PerformanceNavigationTiming).loadEventStart,
            starts: performance
              .getEntriesByType('resource')
              .map((entry) => [entry.name, entry.startTime] as const),
          };
        });
        const startTimes = new Map(timing.starts);
        const startedAfterLoad = (url: string): boolean =>
          (startTimes.get(url) ?? Number.POSITIVE_INFINITY) >= timing.loadEventStart;

        const modulepreloads = new Set(
          await page.$$eval('link[rel="modulepreload"]', (links) =>
            links.map((link) => (link as HTMLLinkElement).href),
          ),
        );
        const files: ScriptFile[] = [];
        const seen = new Set<string>();
        for (const request of requested) {
          const url = request.url();
          const afterLoadEvent = startedAfterLoad(url);
          if (seen.has(url)) continue;
          const scriptResponse = await request.response();
          const contentType = scriptResponse?.headers()['content-type'] ?? '';
          const isJavascript =
            request.resourceType() === 'script' ||
            modulepreloads.has(url) ||
            contentType.includes('javascript');
          if (!isJavascript) continue;
          seen.add(url);
          if (scriptResponse === null || !scriptResponse.ok())
            throw new Error(`${url} answered ${scriptResponse?.status() ?? 'nothing'}`);
          const body = await scriptResponse.body();
          files.push({
            url,
            how: modulepreloads.has(url) ? 'modulepreload' : 'script',
            afterLoadEvent,
            rawBytes: body.length,
            gzipBytes: gzipSync(body, { level: 9 }).length,
          });
        }
        results.set(pagePath, files);
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

function printInitialJavascript(baseUrl: string, results: Map<string, ScriptFile[]>): void {
  console.log('\nInitial JavaScript (requested until the load event and network idle)');
  console.log(
    'gzip = the file body compressed with zlib at level 9; 1 KB = 1024 bytes; inline scripts of the HTML not counted',
  );
  for (const [pagePath, files] of results) {
    console.log(`\n${pagePath}`);
    for (const file of files) {
      const notes = [file.how, ...(file.afterLoadEvent ? ['after the load event'] : [])];
      console.log(
        `  ${kb(file.gzipBytes).padStart(7)} KB gzip ${kb(file.rawBytes).padStart(8)} KB raw   ${file.url.replace(baseUrl, '')}  (${notes.join(', ')})`,
      );
    }
    // The goal is judged on what the page loads for itself, up to its load event. After it, the
    // idle preloading of other screens' code (at most 5 at a time) starts: shown, not judged.
    const beforeLoad = files.filter((file) => !file.afterLoadEvent);
    const beforeLoadGzip = beforeLoad.reduce((sum, file) => sum + file.gzipBytes, 0);
    const beforeLoadRaw = beforeLoad.reduce((sum, file) => sum + file.rawBytes, 0);
    console.log(
      `  ${kb(beforeLoadGzip).padStart(7)} KB gzip ${kb(beforeLoadRaw).padStart(8)} KB raw   the ${beforeLoad.length} files before the load event   goal ≤ ${javascriptGoalKb} KB gzip   ${verdict(beforeLoadGzip <= javascriptGoalKb * 1024)}`,
    );
    const gzipTotal = files.reduce((sum, file) => sum + file.gzipBytes, 0);
    const rawTotal = files.reduce((sum, file) => sum + file.rawBytes, 0);
    console.log(
      `  ${kb(gzipTotal).padStart(7)} KB gzip ${kb(rawTotal).padStart(8)} KB raw   all ${files.length} files, with the screens preloaded after the load event`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// The editor's JavaScript

interface ChunkFile {
  /** The file's name in dist/client/assets. */
  name: string;
  rawBytes: number;
  gzipBytes: number;
  /** The chunks it imports with `import … from`, which load before it runs. */
  staticImports: string[];
  /** The chunks it imports with `import()`, which load when its code asks for them. */
  dynamicImports: string[];
}

interface EditorJavascript {
  /** Its screen's chunk first, then what only it imports statically: what the goal is judged on. */
  editorOnly: ChunkFile[];
  /** What it imports statically that the rest of the app uses as well. */
  shared: ChunkFile[];
  /** What only its chunks import with `import()`: loaded later on its route, shown, not judged. */
  later: ChunkFile[];
}

/**
 * The chunks of the build and what each imports, read from the files themselves with Vite's own
 * parser: the build writes no manifest of its chunks (build.manifest is off, and the route manifest
 * lists routes, not files), and a signed-in browser session would need the Auth Emulator.
 */
async function readChunks(): Promise<Map<string, ChunkFile>> {
  const names = (await fs.readdir(assetsDir)).filter((name) => name.endsWith('.js'));
  const chunks = new Map<string, ChunkFile>();
  for (const name of names) {
    const body = await fs.readFile(path.join(assetsDir, name));
    const code = body.toString('utf8');
    const { module, errors } = parseSync(name, code);
    if (errors.length > 0)
      throw new Error(`${name} could not be parsed: ${errors[0]?.message ?? 'unknown error'}`);
    // Chunks import one another by relative path ("./x.js"); an import() of anything but a literal
    // names no file of the build, so it is not followed.
    const fileOf = (specifier: string): string =>
      path.posix.normalize(path.posix.join(path.posix.dirname(name), specifier));
    chunks.set(name, {
      name,
      rawBytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      staticImports: module.staticImports.map((entry) => fileOf(entry.moduleRequest.value)),
      dynamicImports: module.dynamicImports.flatMap(({ moduleRequest }) => {
        const literal = /^(["'`])([^"'`$]+)\1$/.exec(
          code.slice(moduleRequest.start, moduleRequest.end),
        );
        return literal === null ? [] : [fileOf(literal[2]!)];
      }),
    });
  }
  return chunks;
}

/** The names reached from `starts` along `edges`, `starts` included, in the order first reached. */
function reachable(
  chunks: Map<string, ChunkFile>,
  starts: readonly string[],
  edges: (chunk: ChunkFile) => readonly string[],
): Set<string> {
  const reached = new Set<string>();
  const visit = (name: string): void => {
    const chunk = chunks.get(name);
    if (chunk === undefined || reached.has(name)) return;
    reached.add(name);
    for (const next of edges(chunk)) visit(next);
  };
  for (const start of starts) visit(start);
  return reached;
}

/**
 * Splits what the editor's chunk imports into what only it needs and what the rest of the app needs
 * too. The rest of the app is everything the build's entries (the chunks no chunk imports) can ever
 * load, by `import … from` or `import()`, except through an `import()` of the editor's screen: what
 * any other page, layout or screen may load. What the editor needs beyond it is what it costs on
 * top of any signed-in screen the owner comes from, whichever it is.
 */
function editorJavascript(chunks: Map<string, ChunkFile>): EditorJavascript {
  const editorChunks = [...chunks.keys()].filter((name) => editorChunkName.test(name));
  if (editorChunks.length !== 1)
    throw new Error(
      `dist/client/assets has ${editorChunks.length} chunks named like ${editorChunkName}, not 1`,
    );
  const editor = editorChunks[0]!;
  const imported = new Set(
    [...chunks.values()].flatMap((chunk) => [...chunk.staticImports, ...chunk.dynamicImports]),
  );
  const entries = [...chunks.keys()].filter((name) => !imported.has(name));
  const restOfApp = reachable(chunks, entries, (chunk) => [
    ...chunk.staticImports,
    ...chunk.dynamicImports.filter((name) => name !== editor),
  ]);
  const editorStatic = reachable(chunks, [editor], (chunk) => chunk.staticImports);
  const editorAll = reachable(chunks, [editor], (chunk) => [
    ...chunk.staticImports,
    ...chunk.dynamicImports,
  ]);
  const files = (names: Iterable<string>) => [...names].map((name) => chunks.get(name)!);
  return {
    editorOnly: files([...editorStatic].filter((name) => !restOfApp.has(name))),
    shared: files([...editorStatic].filter((name) => restOfApp.has(name))),
    later: files([...editorAll].filter((name) => !editorStatic.has(name) && !restOfApp.has(name))),
  };
}

function printEditorJavascript(
  baseUrl: string,
  editor: EditorJavascript,
  initial: Map<string, ScriptFile[]>,
): void {
  console.log(
    `\nThe editor's JavaScript (${editorPath}, from the build in dist/client/assets and its chunks' imports)`,
  );
  console.log('gzip = the file compressed with zlib at level 9; 1 KB = 1024 bytes');
  const line = (gzipBytes: number, rawBytes: number, text: string) =>
    `  ${kb(gzipBytes).padStart(7)} KB gzip ${kb(rawBytes).padStart(8)} KB raw   ${text}`;
  const sum = (files: readonly ChunkFile[]) => ({
    gzip: files.reduce((total, file) => total + file.gzipBytes, 0),
    raw: files.reduce((total, file) => total + file.rawBytes, 0),
  });
  for (const file of editor.editorOnly)
    console.log(line(file.gzipBytes, file.rawBytes, `${assetsUrlPath}${file.name}`));
  const only = sum(editor.editorOnly);
  console.log(
    line(
      only.gzip,
      only.raw,
      `the ${fileCount(editor.editorOnly.length)} only the editor loads (its chunk and what only it imports)   goal ≤ ${editorGoalKb} KB gzip   ${verdict(only.gzip <= editorGoalKb * 1024)}`,
    ),
  );
  // Not judged: the app's entry and the framework run on every page, and the rest are pieces the
  // editor shares with other screens, each loaded once for all of them.
  const shared = sum(editor.shared);
  console.log(
    line(
      shared.gzip,
      shared.raw,
      `the other ${fileCount(editor.shared.length)} it imports, which the rest of the app uses too`,
    ),
  );
  if (editor.later.length > 0) {
    for (const file of editor.later)
      console.log(line(file.gzipBytes, file.rawBytes, `${assetsUrlPath}${file.name}  (import())`));
    const later = sum(editor.later);
    console.log(
      line(
        later.gzip,
        later.raw,
        `the ${fileCount(editor.later.length)} only the editor loads later, by import(): shown, not judged`,
      ),
    );
  }

  // Everything the public pages requested counts, the idle preloads after the load event included:
  // none of them may bring the editor before the visitor does anything.
  const editorFiles = new Set(
    [...editor.editorOnly, ...editor.later].map((file) => `${assetsUrlPath}${file.name}`),
  );
  for (const [pagePath, files] of initial) {
    const loaded = files
      .map((file) => new URL(file.url, baseUrl).pathname)
      .filter((urlPath) => editorFiles.has(urlPath));
    console.log(
      `  ${pagePath.padEnd(7)} loads ${loaded.length === 0 ? 'none' : loaded.length} of the editor's own files before interaction   ${verdict(loaded.length === 0)}${loaded.length > 0 ? `: ${loaded.join(', ')}` : ''}`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

interface FailingAudit {
  id: string;
  title: string;
  displayValue: string | undefined;
  /** What the audit found, a few entries: the console error, the offending element, the URL… */
  findings: string[];
}

const findingsShown = 3;

/** A one-line account of each of the first items of an audit's details table. */
function auditFindings(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || !('items' in details)) return [];
  const items = (details as { items: unknown }).items;
  if (!Array.isArray(items)) return [];
  return items.slice(0, findingsShown).flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const entry = item as Record<string, unknown>;
    const node = entry.node as { snippet?: unknown; explanation?: unknown } | undefined;
    const text = [
      entry.description,
      entry.issueType,
      node?.snippet,
      node?.explanation,
      entry.url,
      entry.source,
    ].find(
      // Markdown links are Lighthouse's advice, already in the title, not what it found.
      (value): value is string =>
        typeof value === 'string' && value.length > 0 && !value.includes(']('),
    );
    return text === undefined ? [] : [text.replace(/\s+/g, ' ').slice(0, 200)];
  });
}

interface LighthouseRun {
  scores: Record<Category, number>;
  /** Per category, the audits of this run that cost points. */
  failing: Record<Category, FailingAudit[]>;
  metrics: string;
  /** Where the main thread's time went, a few lines (mainThreadLines). */
  mainThread: string[];
  warnings: string[];
}

const mainThreadEntriesShown = 4;

function tableItems(details: unknown): Record<string, unknown>[] {
  if (typeof details !== 'object' || details === null || !('items' in details)) return [];
  const items = (details as { items: unknown }).items;
  return Array.isArray(items)
    ? items.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      )
    : [];
}

const ms = (value: unknown): string => `${Math.round(typeof value === 'number' ? value : 0)} ms`;

/**
 * Where the blocking time comes from, as Lighthouse saw it (its durations are the simulated phone's,
 * 4× the CPU of this machine): the main thread's work by kind, the scripts that cost most, and the
 * long tasks (over 50 ms), whose excess over 50 ms is the total blocking time.
 */
function mainThreadLines(audits: Record<string, { details?: unknown } | undefined>): string[] {
  const byKind = tableItems(audits['mainthread-work-breakdown']?.details)
    .slice(0, mainThreadEntriesShown)
    .map((item) => `${String(item.groupLabel ?? item.group)} ${ms(item.duration)}`);
  const byScript = tableItems(audits['bootup-time']?.details)
    .slice(0, mainThreadEntriesShown)
    .map(
      (item) =>
        `${String(item.url).replace(/^https?:\/\/[^/]+/, '')} ${ms(item.total)} (run ${ms(item.scripting)}, compile ${ms(item.scriptParseCompile)})`,
    );
  const longTasks = tableItems(audits['long-tasks']?.details);
  const tasks = longTasks
    .slice(0, mainThreadEntriesShown)
    .map(
      (item) =>
        `${ms(item.duration)} at ${ms(item.startTime)} ${String(item.url).replace(/^https?:\/\/[^/]+/, '')}`,
    );
  return [
    `main thread by kind: ${byKind.join(', ') || 'nothing'}`,
    `scripts: ${byScript.join(', ') || 'none'}`,
    `long tasks: ${longTasks.length}${tasks.length > 0 ? `: ${tasks.join(', ')}` : ''}`,
  ];
}

/** Binary audits fail below 1; graded ones (metrics, savings) below 0.9, Lighthouse's green. */
function isFailing(score: number | null, scoreDisplayMode: string): boolean {
  if (score === null) return false;
  if (scoreDisplayMode === 'binary') return score < 1;
  if (scoreDisplayMode === 'numeric' || scoreDisplayMode === 'metricSavings') return score < 0.9;
  return false;
}

type LaunchedChrome = Awaited<ReturnType<typeof launchChrome>>;

/**
 * The Chrome of the Lighthouse run under way, from the moment its launch starts: chrome-launcher
 * starts it in a process group of its own, which this process's exit does not end.
 */
let lighthouseChrome: Promise<LaunchedChrome> | undefined;

/** Kills Chrome and waits for it to close, when chrome-launcher removes its profile directory. */
function closeChrome(chrome: LaunchedChrome): Promise<void> {
  const closed = new Promise<void>((resolve) => {
    if (chrome.process.exitCode !== null || chrome.process.signalCode !== null) resolve();
    else chrome.process.once('close', () => resolve());
  });
  chrome.kill();
  return Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, 2_000))]);
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP) on a page it measures
 * fine the next time; one failed attempt is retried before the bench gives up.
 */
async function runLighthouseWithRetry(url: string): Promise<LighthouseRun> {
  try {
    return await runLighthouse(url);
  } catch (error) {
    console.log(`  ${error instanceof Error ? error.message : String(error)}; trying again`);
    return runLighthouse(url);
  }
}

async function runLighthouse(url: string): Promise<LighthouseRun> {
  const launching = launchChrome({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox'],
    logLevel: 'silent',
    // Its own SIGINT handler would exit this process before the product is stopped.
    handleSIGINT: false,
  });
  lighthouseChrome = launching;
  const chrome = await launching;
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...categories],
    });
    if (result === undefined) throw new Error(`Lighthouse returned no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError !== undefined)
      throw new Error(
        `Lighthouse could not measure ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`,
      );
    const scores = {} as Record<Category, number>;
    const failing = {} as Record<Category, FailingAudit[]>;
    for (const category of categories) {
      const result = lhr.categories[category];
      if (result === undefined || result.score === null)
        throw new Error(`Lighthouse gave no ${category} score for ${url}`);
      scores[category] = Math.round(result.score * 100);
      failing[category] = result.auditRefs.flatMap((ref) => {
        const audit = lhr.audits[ref.id];
        if (audit === undefined || !isFailing(audit.score, audit.scoreDisplayMode)) return [];
        return [
          {
            id: audit.id,
            title: audit.title,
            displayValue: audit.displayValue,
            findings: auditFindings(audit.details),
          },
        ];
      });
    }
    const metricIds = [
      ['FCP', 'first-contentful-paint'],
      ['LCP', 'largest-contentful-paint'],
      ['TBT', 'total-blocking-time'],
      ['CLS', 'cumulative-layout-shift'],
      ['SI', 'speed-index'],
    ] as const;
    const metrics = metricIds
      .map(([label, id]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`)
      .join('  ');
    return {
      scores,
      failing,
      metrics,
      mainThread: mainThreadLines(lhr.audits),
      warnings: lhr.runWarnings,
    };
  } finally {
    lighthouseChrome = undefined;
    await closeChrome(chrome);
  }
}

/** Performance meets its goal in every run, being the noisiest; the other categories by median. */
function meetsGoal(runs: readonly LighthouseRun[], category: Category): boolean {
  const scores = runs.map((run) => run.scores[category]);
  const judged = category === 'performance' ? Math.min(...scores) : median(scores);
  return judged >= scoreGoals[category];
}

function printLighthouse(runsByPage: Map<string, LighthouseRun[]>): void {
  console.log(
    `\nLighthouse ${lighthousePackage.version}, default mobile configuration (simulated throttling), ${lighthouseRuns} run${lighthouseRuns === 1 ? '' : 's'} per page, median scores`,
  );
  const header = ['page'.padEnd(10), ...categories.map((category) => category.padEnd(19))];
  console.log(header.join(' '));
  console.log(
    [
      ''.padEnd(10),
      ...categories.map((category) =>
        `goal ≥ ${scoreGoals[category]}${category === 'performance' ? ' each run' : ''}`.padEnd(19),
      ),
    ].join(' '),
  );
  const details: string[] = [];
  for (const [pagePath, runs] of runsByPage) {
    const cells = categories.map((category) => {
      const score = median(runs.map((run) => run.scores[category]));
      const cell = `${String(score).padStart(3)} ${verdict(meetsGoal(runs, category))}`;
      return (
        category === 'performance'
          ? `${cell} (${runs.map((run) => run.scores.performance).join('/')})`
          : cell
      ).padEnd(19);
    });
    console.log([pagePath.padEnd(10), ...cells].join(' '));

    const medianPerformance = median(runs.map((run) => run.scores.performance));
    const representative =
      runs.find((run) => run.scores.performance === medianPerformance) ?? runs[0]!;
    details.push(`\n${pagePath}  metrics of a median run: ${representative.metrics}`);
    for (const line of representative.mainThread) details.push(`  ${line}`);
    for (const warning of new Set(runs.flatMap((run) => run.warnings)))
      details.push(`  warning: ${warning}`);
    for (const category of categories) {
      const score = median(runs.map((run) => run.scores[category]));
      if (meetsGoal(runs, category)) continue;
      const lowest = Math.min(...runs.map((run) => run.scores[category]));
      const judged = category === 'performance' ? `${lowest} in its lowest run` : String(score);
      details.push(`  ${category} ${judged} < ${scoreGoals[category]}; audits that cost points:`);
      const byId = new Map<string, { audit: FailingAudit; runs: number }>();
      // The median run first: its figures are the ones shown.
      for (const run of [representative, ...runs.filter((run) => run !== representative)])
        for (const audit of run.failing[category]) {
          const entry = byId.get(audit.id);
          if (entry === undefined) byId.set(audit.id, { audit, runs: 1 });
          else entry.runs += 1;
        }
      if (byId.size === 0) details.push('    (none below its own threshold: many small losses)');
      for (const { audit, runs: failedRuns } of byId.values()) {
        details.push(
          `    ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}${failedRuns < runs.length ? ` [in ${failedRuns} of ${runs.length} runs]` : ''}`,
        );
        for (const finding of audit.findings) details.push(`      - ${finding}`);
      }
    }
  }
  for (const line of details) console.log(line);
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const started = Date.now();
  await ensureClientBuild();
  // Read before the product starts: a build it cannot make sense of stops the bench at once.
  const editor = editorJavascript(await readChunks());
  log('Starting the product…');
  // The product runs in a session of its own, out of reach of a Ctrl-C: stop it here.
  const product = await startProductProcess({ projectId: 'demo-vitrine-bench', log });
  const stopOnSignal = (signal: NodeJS.Signals) => {
    log(`${signal} received, stopping the product…`);
    void Promise.all([
      product.stop(),
      lighthouseChrome?.then(closeChrome, () => undefined),
    ]).finally(() => process.exit(1));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    await product.ready;
    log(`Product ready on ${product.url}; measuring the initial JavaScript…`);
    const javascript = await measureInitialJavascript(product.url);

    log(`Running Lighthouse ${lighthouseRuns} × ${lighthousePages.length} pages…`);
    const runsByPage = new Map<string, LighthouseRun[]>(lighthousePages.map((page) => [page, []]));
    // Round by round across the pages, so that a slow spell of the machine weighs on all of them.
    for (let round = 0; round < lighthouseRuns; round += 1)
      for (const pagePath of lighthousePages) {
        const run = await runLighthouseWithRetry(`${product.url}${pagePath}`);
        log(`  run ${round + 1} ${pagePath}: performance ${run.scores.performance}`);
        runsByPage.get(pagePath)!.push(run);
      }

    printInitialJavascript(product.url, javascript);
    printEditorJavascript(product.url, editor, javascript);
    printLighthouse(runsByPage);
    console.log(`\nMeasured in ${Math.round((Date.now() - started) / 1000)} s.`);
  } finally {
    await product.stop();
  }
}

try {
  await main();
} catch (error) {
  log(
    `bench:client could not measure: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
}
