#!/usr/bin/env node
/**
 * `npm test`: installs what the tests need (dependencies; Debian's Chromium when it is absent), then
 * runs typecheck, lint, format check, unit, integration and end-to-end tests, each to the end even
 * when one fails, and finishes with one line of totals: `N passed, N failed`. Typecheck, lint, the
 * format check and the client build count as one check each; the client build runs first, the
 * others two at a time beside Vitest, at the lowest priority, each one's output printed whole after
 * Vitest's. The test runners count their tests. Just above the totals it prints each suite's wall
 * time and the name of every failed test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { removeDataFolder } from './lib/data-folder.mjs';
import { failedPlaywrightTests, failedVitestTests } from './lib/test-reports.mjs';
import { ensureClientBuild, ensureDependencies, log, root, run } from './lib/prepare.mjs';

const resultsDir = path.join(root, '.test-results');
const totals = { passed: 0, failed: 0 };
const failures = [];
/** The failed tests by name, printed again just above the summary, where a reader of the end sees them. */
const failedTests = [];

/** Wall time of each suite, from its heading to its record, printed before the summary. */
const suiteTimes = [];
const runStarted = Date.now();
let suiteStarted = Date.now();

function seconds(since) {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function record(name, passed, failed, took = seconds(suiteStarted)) {
  suiteTimes.push(`  ${name}: ${took}`);
  totals.passed += passed;
  totals.failed += failed;
  if (failed > 0) failures.push(`${name}: ${failed} failed`);
  log(`── ${name}: ${passed} passed, ${failed} failed\n`);
}

function heading(name) {
  suiteStarted = Date.now();
  log(`\n── ${name}`);
}

async function runCommand(command, args, env = {}) {
  try {
    return await run(command, args, { env, stdio: ['ignore', 'inherit', 'inherit'] });
  } catch (error) {
    log(String(error));
    return 1;
  }
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);

/**
 * Runs one check to its end with its output kept, and resolves to whether it passed and to `report`,
 * which prints its heading, that output and its record at once when the caller chooses: checks that
 * run side by side never mix their lines, nor cut into Vitest's. `work` is given where to put what
 * it prints and resolves true when the check passed.
 */
async function keptCheck(name, work) {
  const started = Date.now();
  let output = '';
  let passed;
  try {
    passed = await work((text) => (output += text));
  } catch (error) {
    output += `${error instanceof Error ? error.message : String(error)}\n`;
    passed = false;
  }
  const took = seconds(started);
  const report = () => {
    log(`\n── ${name}`);
    if (output !== '') process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
    record(name, passed ? 1 : 0, passed ? 0 : 1, took);
  };
  return { passed, report };
}

/**
 * A check run beside Vitest: `nice` gives it the CPU time Vitest leaves, so that Vitest's tests,
 * which have time limits, keep the cores they would have alone.
 */
function check(name, command, args) {
  return keptCheck(
    name,
    async (onOutput) => (await run('nice', ['-n', '19', command, ...args], { onOutput })) === 0,
  );
}

/** Runs `tasks` (each starts its work and resolves at its end) in order, `atOnce` at a time. */
async function inTurns(tasks, atOnce) {
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next];
      next += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: atOnce }, lane));
}

function chromiumPath() {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

/** Debian's Chromium, installed through apt when it is missing and we may; otherwise say how to get it. */
async function ensureChromium() {
  if (fs.existsSync(chromiumPath())) return true;
  const canApt =
    spawnSync('sh', ['-c', 'command -v apt-get']).status === 0 && process.getuid?.() === 0;
  if (!canApt) {
    log(
      `Chromium was not found at ${chromiumPath()}. The end-to-end tests need it: install Debian's ` +
        `package (sudo apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium binary.`,
    );
    return false;
  }
  log('Installing Debian’s Chromium for the end-to-end tests (apt-get install chromium)…');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if ((await runCommand('apt-get', ['update', '-qq'], env)) !== 0) return false;
  return (
    (await runCommand(
      'apt-get',
      ['install', '-y', '-qq', '--no-install-recommends', 'chromium'],
      env,
    )) === 0 && fs.existsSync(chromiumPath())
  );
}

/**
 * An emulator that stopped under the products of the end-to-end run fails every sign-in after it:
 * what the product recorded of it (server/local/auth-emulator.ts) is printed here, near the summary,
 * where a reader of the run's end sees it.
 */
function printUnexpectedEmulatorExits(dataDir) {
  for (const instance of ['', 'error-reporting']) {
    const file = path.join(dataDir, instance, 'auth-emulator', 'unexpected-exits.log');
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    log(`The auth emulator of the ${instance || 'main'} instance stopped during the run:`);
    log(text.split('\n').slice(-40).join('\n'));
  }
}

/**
 * Distinct free ports: each is held open until all are picked, so that the system cannot hand the
 * same one out twice.
 */
async function freePorts(count) {
  const servers = [];
  try {
    for (let index = 0; index < count; index += 1) {
      const server = net.createServer();
      await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      servers.push(server);
    }
    return servers.map((server) => server.address().port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

try {
  await ensureDependencies();
} catch (error) {
  log(String(error instanceof Error ? error.message : error));
  record('install', 0, 1);
  process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
  process.exit(1);
}
suiteTimes.push(`  dependencies (install when needed): ${seconds(runStarted)}`);
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

// The client build first: the end-to-end tests need it, and an integration test that starts the
// product would otherwise build it at the same time.
const clientBuild = await keptCheck('client build', async (onOutput) => {
  await ensureClientBuild({ onOutput });
  return true;
});
clientBuild.report();

// The other checks run beside Vitest. Its integration files mostly wait on PostgreSQL, the Auth
// Emulator and the processes they start, and keep about one and a third of two cores busy; the
// checks, each mostly one process on one core, two at a time, the longest first, fill the rest.
const checksStarted = Date.now();
/** The checks beside Vitest, as they end; they report after Vitest. */
const endedChecks = [];
const checksDone = inTurns(
  [
    () => check('lint', bin('eslint'), ['--max-warnings', '0', '.']),
    () =>
      check('typecheck (server, shared, tests)', bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']),
    () => check('typecheck (client)', bin('tsc'), ['-p', 'client/tsconfig.json', '--noEmit']),
    () =>
      check('typecheck (component tests)', bin('tsc'), ['-p', 'tests/tsconfig.json', '--noEmit']),
    () => check('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']),
  ].map((start) => async () => endedChecks.push(await start())),
  2,
).then(() => seconds(checksStarted));

heading('unit and integration tests (Vitest)');
const vitestReport = path.join(resultsDir, 'vitest.json');
const vitestStatus = await runCommand(bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
const vitestTook = seconds(suiteStarted);
const vitest = readJson(vitestReport);
if (vitest === undefined) {
  record('vitest', 0, 1, vitestTook);
} else {
  // A test file that fails to load has no test results of its own; count it as one failure.
  const brokenFiles = (vitest.testResults ?? []).filter(
    (file) => file.status === 'failed' && file.assertionResults.length === 0,
  ).length;
  const failed =
    vitest.numFailedTests +
    brokenFiles +
    (vitestStatus !== 0 && vitest.numFailedTests + brokenFiles === 0 ? 1 : 0);
  record('vitest', vitest.numPassedTests, failed, vitestTook);
  failedTests.push(...failedVitestTests(vitest, root));
}

const checksTook = await checksDone;
for (const ended of endedChecks) ended.report();
suiteTimes.push(`  the checks beside Vitest, two at a time: ${checksTook}`);

heading('end-to-end tests (Playwright, Chromium)');
if (!clientBuild.passed) {
  record('e2e', 0, 1);
} else if (!(await ensureChromium())) {
  record('e2e (Chromium missing)', 0, 1);
} else {
  // Outside the repository, which may sit in a private home folder: as root, PostgreSQL runs as a
  // user of its own, and with a folder it can enter the clusters stay inside and go with it.
  const e2eDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-'));
  fs.chmodSync(e2eDataDir, 0o755);
  const playwrightReport = path.join(resultsDir, 'playwright.json');
  const ports = await freePorts(9);
  const status = await runCommand(bin('playwright'), ['test'], {
    CHROMIUM_PATH: chromiumPath(),
    E2E_PORT: String(ports[0]),
    E2E_AUTH_EMULATOR_PORT: String(ports[1]),
    E2E_LOCAL_SHOPIFY_PORT: String(ports[2]),
    // The second product instance, with error reporting on, and its stand-in of Sentry's ingest.
    E2E_ERROR_REPORTING_PORT: String(ports[3]),
    E2E_ERROR_REPORTING_AUTH_EMULATOR_PORT: String(ports[4]),
    E2E_SENTRY_PORT: String(ports[5]),
    E2E_ERROR_REPORTING_LOCAL_SHOPIFY_PORT: String(ports[6]),
    E2E_LOCAL_STRIPE_PORT: String(ports[7]),
    E2E_ERROR_REPORTING_LOCAL_STRIPE_PORT: String(ports[8]),
    E2E_DATA_DIR: e2eDataDir,
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  });
  printUnexpectedEmulatorExits(e2eDataDir);
  await removeDataFolder(e2eDataDir);
  const report = readJson(playwrightReport);
  if (report === undefined) {
    record('e2e', 0, 1);
  } else {
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats ?? {};
    const errors = (report.errors ?? []).length;
    const failed = unexpected + errors + (status !== 0 && unexpected + errors === 0 ? 1 : 0);
    record('e2e', expected + flaky, failed);
    failedTests.push(...failedPlaywrightTests(report));
  }
}

log(`Wall time per suite:\n${suiteTimes.join('\n')}\n  whole run: ${seconds(runStarted)}`);
if (failedTests.length > 0)
  log(`Failed tests:\n${failedTests.map((line) => `  ✗ ${line}`).join('\n')}`);
if (failures.length > 0) log(`Failed: ${failures.join('; ')}`);
process.stdout.write(`${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(totals.failed === 0 ? 0 : 1);
