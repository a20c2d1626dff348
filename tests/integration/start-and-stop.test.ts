import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { findFreePort } from '#server/local/free-port.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { openSessionWithAccount } from '../support/product-session.ts';
import { openEventStream } from '../support/event-stream.ts';
import { startProduct } from '../support/started-product.ts';
import { testProjectId } from '../support/test-environment.ts';
import { liveEventsPath } from '#shared/schemas/live.ts';

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
  dataDir: string;
  process: ChildProcess;
  port: number;
  emulatorPort: number;
  localShopifyPort: number;
  localStripePort: number;
  output: () => string;
  exitCode: Promise<number | null>;
}

async function startTheProduct(
  options: { firebaseProjectId?: string; dataDir?: string } = {},
): Promise<StartedProduct> {
  const folder = options.dataDir ?? dataDir;
  const port = await findFreePort();
  const emulatorPort = await findFreePort();
  const localShopifyPort = await findFreePort();
  const localStripePort = await findFreePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: folder,
      FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort),
      LOCAL_SHOPIFY_PORT: String(localShopifyPort),
      LOCAL_STRIPE_PORT: String(localStripePort),
      FIREBASE_PROJECT_ID: options.firebaseProjectId ?? 'demo-vitrine-lifecycle',
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
  return {
    dataDir: folder,
    process: child,
    port,
    emulatorPort,
    localShopifyPort,
    localStripePort,
    output: () => output,
    exitCode,
  };
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
  expect(processesUsing(product.dataDir)).toEqual([]);
}

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

test.each(['SIGINT', 'SIGTERM'] as const)(
  'a %s to the whole process group, as Ctrl-C in a terminal or a service manager sends it, stops the job queue before the database and exits 0',
  async (signal) => {
    // The log level that shows the queue's failures and the shutdown's.
    const product = await startProduct({
      cwd: repoRoot,
      env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', FIREBASE_PROJECT_ID: 'demo-vitrine-lifecycle' },
    });
    try {
      // A busy machine's start, which may take minutes (server/local/readiness-wait.ts).
      await product.waitFor(() => product.output().includes('Ready on'), 'ready line', 600_000);
      // Long enough for the queue's workers to poll the database at least once more.
      await delay(3_000);
      process.kill(-product.process.pid!, signal);
      expect(await product.exitCode, product.output()).toBe(0);
    } finally {
      await product.stop();
    }
    expect(product.output()).not.toContain('job queue failed');
    expect(product.output()).not.toContain('Shutdown failed');
    expect(product.output()).not.toContain('the database system is shutting down');
    expect(processesUsing(dataDir)).toEqual([]);
  },
  660_000,
);

/** The one line a failed start prints, which must say what to do and carry no stack trace. */
function expectOneSentence(output: string, advice: string) {
  const failure = output.match(/[^\n]*Vitrine failed to start[^\n]*/g) ?? [];
  expect(failure, output).toHaveLength(1);
  expect(failure[0]).toContain(advice);
  expect(output).not.toMatch(/^\s+at /m);
  expect(output).not.toContain('"stack"');
}

test('a database that cannot start stops the start with one sentence saying what to do', async () => {
  // A cluster folder PostgreSQL refuses: it stops during its start.
  await fs.mkdir(path.join(dataDir, 'postgres'), { recursive: true });
  await fs.writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
  const product = await startProduct({ cwd: repoRoot, env: { DATA_DIR: dataDir } });
  expect(await product.exitCode, product.output()).toBe(1);
  expectOneSentence(product.output(), 'set DATABASE_URL to a PostgreSQL already running');
  expect(processesUsing(dataDir)).toEqual([]);
}, 660_000);

test('an Auth Emulator port another program holds stops the start with one sentence saying what to do', async () => {
  const emulatorPort = await findFreePort();
  const squatter = net.createServer().listen(emulatorPort, '127.0.0.1');
  await once(squatter, 'listening');
  try {
    const product = await startProduct({
      cwd: repoRoot,
      env: { DATA_DIR: dataDir, FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort) },
    });
    expect(await product.exitCode, product.output()).toBe(1);
    expectOneSentence(product.output(), `Port ${emulatorPort} is taken`);
  } finally {
    squatter.close();
  }
  expect(processesUsing(dataDir)).toEqual([]);
}, 660_000);

/** autocannon's run, with a way to stop it early (as users leaving, their requests under way). */
function runLoad(options: autocannon.Options): {
  result: Promise<autocannon.Result>;
  stop(): void;
} {
  let instance: autocannon.Instance | undefined;
  const result = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(options, (error, finished) =>
      error ? reject(error) : resolve(finished),
    );
  });
  return { result, stop: () => instance?.stop() };
}

/**
 * One start for what needs the product started and then stopped by a SIGTERM: what it runs once up,
 * then a stop under load, which must leave nothing behind either. The start is the file's costliest
 * step (the Auth Emulator's alone takes half a minute on a busy machine), so it is made once. The
 * emulator's project is the one the user-making helpers address; it is this product's own.
 */
describe('started once, then stopped under load', () => {
  let sharedDataDir: string;
  let product: StartedProduct;

  beforeAll(async () => {
    sharedDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-start-'));
    await fs.chmod(sharedDataDir, 0o755);
    product = await startTheProduct({ firebaseProjectId: testProjectId, dataDir: sharedDataDir });
    await waitFor(
      () => product.output().includes(`Ready on http://localhost:${product.port}`),
      'ready line',
      product,
    );
  }, 150_000);

  afterAll(async () => {
    if (product !== undefined) {
      if (product.process.exitCode === null) product.process.kill('SIGTERM');
      await product.exitCode;
    }
    if (sharedDataDir !== undefined) await fs.rm(sharedDataDir, { recursive: true, force: true });
  });

  test('starts with its embedded services and answers with the page guards', async () => {
    const dashboard = await fetch(`http://localhost:${product.port}/dashboard`, {
      redirect: 'manual',
    });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get('location')).toBe('/login?redirect=%2Fdashboard');
    expect(processesUsing(product.dataDir).length).toBeGreaterThanOrEqual(2);
    // The local Shopify is up with its seeded store, and says where.
    const localShopify = `http://127.0.0.1:${product.localShopifyPort}`;
    expect(product.output()).toContain(
      `Local Shopify on ${localShopify} (store maison-exemple.myshopify.com)`,
    );
    const summary = await fetch(`${localShopify}/maison-exemple.myshopify.com/_local/api/summary`);
    expect(await summary.json()).toMatchObject({ products: 300, pages: 8 });
    // So is the local Stripe, with the plans' four prices and the product's webhook endpoint.
    const localStripe = `http://127.0.0.1:${product.localStripePort}`;
    expect(product.output()).toContain(`Local Stripe on ${localStripe}`);
    const stripeIndex = (await (await fetch(`${localStripe}/`)).json()) as {
      prices: unknown[];
      webhookEndpoints: string[];
    };
    expect(stripeIndex.prices).toHaveLength(4);
    expect(stripeIndex.webhookEndpoints).toEqual([
      `http://localhost:${product.port}/webhooks/stripe`,
    ]);
  });

  test('a stop under load lets the requests in flight finish: no 5xx answer, none cut short; SIGTERM leaves nothing behind', async () => {
    try {
      const cookies = await Promise.all(
        [1, 2, 3, 4].map(async () =>
          openSessionWithAccount(
            `http://localhost:${product.port}`,
            await createEmailUser(`127.0.0.1:${product.emulatorPort}`),
          ),
        ),
      );
      let clients = 0;
      // Connections are shared out among the users in turn, a dozen each at most.
      const asSomeUser = (client: autocannon.Client) => {
        client.setHeaders({ cookie: cookies[clients++ % cookies.length]! });
      };
      const baseUrl = `http://localhost:${product.port}`;
      // Users who stay through the stop, loading pages without pause…
      const staying = runLoad({
        url: `${baseUrl}/pricing`,
        connections: 8,
        duration: 6,
        setupClient: asSomeUser,
      });
      // …and users who leave as it starts, with their API calls (BFF → API → database and Auth
      // Emulator, the longest round trip there is) under way.
      const leaving = runLoad({
        url: `${baseUrl}/api/v1/account/me`,
        connections: 40,
        duration: 6,
        setupClient: asSomeUser,
      });
      // A browser's live channel, open through the stop: it must not hold the stop up.
      const channel = await openEventStream(`${baseUrl}${liveEventsPath}`, {
        cookie: cookies[0]!,
      });
      expect(channel.status).toBe(200);
      await delay(2_000);
      leaving.stop();
      product.process.kill('SIGTERM');
      const stopAskedAt = Date.now();
      const channelEnded = channel.ended.then(() => Date.now() - stopAskedAt);
      const [stayed, left] = await Promise.all([staying.result, leaving.result]);
      // Ended as the stop began, not cut at the stop's 10 s deadline (server/start-product.ts).
      expect(await channelEnded).toBeLessThan(3_000);

      for (const result of [stayed, left]) {
        expect(result['2xx']).toBeGreaterThan(50);
        expect({ '4xx': result['4xx'], '5xx': result['5xx'] }).toEqual({ '4xx': 0, '5xx': 0 });
      }
      expect(await product.exitCode, product.output()).toBe(0);
      // The calls of the users who left finished too: none failed for want of a connection to the API.
      expect(product.output()).not.toContain('upstream API request failed');
      expect(product.output()).not.toContain('request failed');
    } finally {
      if (product.process.exitCode === null) product.process.kill('SIGTERM');
      await product.exitCode;
    }
    expect(processesUsing(product.dataDir)).toEqual([]);
    await expect(
      fetch(`http://127.0.0.1:${product.localShopifyPort}/`),
      'the local Shopify stops with the product',
    ).rejects.toThrow();
    await expect(
      fetch(`http://127.0.0.1:${product.localStripePort}/`),
      'the local Stripe stops with the product',
    ).rejects.toThrow();
  }, 150_000);
});
