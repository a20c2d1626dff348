import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { findFreePort } from '../../server/local/free-port.ts';

/**
 * `npm start` as a user runs it: the product comes up in local mode with its embedded services, and
 * SIGTERM stops everything it started, PostgreSQL and the Auth Emulator included, whenever it comes.
 * Its own ports, data folder and emulator project, so that it meets neither the other tests nor a
 * running product.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let dataDir: string;

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-start-'));
  // PostgreSQL runs as a user of its own when the tests run as root; it must be able to enter.
  await fs.chmod(dataDir, 0o755);
});

afterEach(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Processes whose command line names the data folder: the embedded PostgreSQL and the emulator. */
function processesUsing(folder: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((line) => line.includes(folder) && !line.includes('ps -eo'));
}

interface StartedProduct {
  process: ChildProcess;
  port: number;
  output: () => string;
  exitCode: Promise<number | null>;
}

async function startTheProduct(): Promise<StartedProduct> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_PORT: String(await findFreePort()),
      FIREBASE_PROJECT_ID: 'demo-vitrine-lifecycle',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => resolve(code)),
  );
  return { process: child, port, output: () => output, exitCode };
}

async function waitFor(condition: () => boolean, what: string, product: StartedProduct) {
  const deadline = Date.now() + 90_000;
  while (!condition()) {
    if (product.process.exitCode !== null) throw new Error(`Exited early:\n${product.output()}`);
    if (Date.now() > deadline) throw new Error(`No ${what} after 90 s:\n${product.output()}`);
    await delay(100);
  }
}

async function expectCleanStop(product: StartedProduct) {
  product.process.kill('SIGTERM');
  const exitCode = await product.exitCode;
  expect(exitCode, product.output()).toBe(0);
  expect(processesUsing(dataDir)).toEqual([]);
}

test('starts with its embedded services, answers with the page guards, and SIGTERM leaves nothing behind', async () => {
  const product = await startTheProduct();
  try {
    await waitFor(
      () => product.output().includes(`Ready on http://localhost:${product.port}`),
      'ready line',
      product,
    );
    const dashboard = await fetch(`http://localhost:${product.port}/dashboard`, {
      redirect: 'manual',
    });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get('location')).toBe('/login?redirect=%2Fdashboard');
    expect(processesUsing(dataDir).length).toBeGreaterThanOrEqual(2);
  } finally {
    await expectCleanStop(product);
  }
}, 150_000);

test('a SIGTERM while the embedded services are still starting stops them too', async () => {
  const product = await startTheProduct();
  try {
    await waitFor(() => processesUsing(dataDir).length > 0, 'embedded service', product);
    expect(product.output()).not.toContain('Ready on');
  } finally {
    await expectCleanStop(product);
  }
  expect(product.output()).not.toContain('Ready on');
}, 150_000);
