import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import {
  copyProductionFiles,
  installProductionDependencies,
  measureDependencies,
} from '../../scripts/assemble-production.mjs';
import { ensureClientBuild, run } from '../../scripts/lib/prepare.mjs';
import { findFreePort } from '#server/local/free-port.ts';
import { createFreshDatabase, type FreshDatabase } from '../support/fresh-database.ts';
import { parseMetrics } from '../support/prometheus-text.ts';

/**
 * The production image without Docker: the layout the Dockerfile assembles, made by the same script
 * (scripts/assemble-production.mjs) from `npm run build` and production dependencies only, started
 * as the image starts it (`node server/main.js`, NODE_ENV=production) against the run's PostgreSQL.
 * A runtime import of a devDependency, a file the layout forgets or a start that only works in local
 * mode fails here.
 */

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let layout: string;
let database: FreshDatabase | undefined;

beforeAll(async () => {
  // What the Dockerfile's build stage runs (npm run build), the client only when its sources changed.
  await ensureClientBuild();
  expect(await run(process.execPath, [path.join(repoRoot, 'scripts', 'build-server.mjs')])).toBe(0);
  layout = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-production-'));
  await installProductionDependencies(layout, { preferOffline: true });
  await copyProductionFiles(layout);
  // An empty database, so that the start really applies every migration.
  database = await createFreshDatabase('vitrine_production');
}, 600_000);

afterAll(async () => {
  await database?.drop();
  if (layout !== undefined) await fs.rm(layout, { recursive: true, force: true });
});

/** A service-account key in the shape Google issues, with a key made here: nothing reaches Google. */
function serviceAccountJson(projectId: string): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey,
    client_email: `vitrine-server@${projectId}.iam.gserviceaccount.com`,
    client_id: '100000000000000000001',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
}

interface Started {
  child: ChildProcess;
  output(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** `node server/main.js` in the layout, with `env` only (and PATH): nothing leaks from this process. */
function startServer(env: Record<string, string>): Started {
  const child = spawn(process.execPath, ['server/main.js'], {
    cwd: layout,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exit };
}

async function waitForOutput(server: Started, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.child.exitCode !== null || server.child.signalCode !== null)
      throw new Error(`Exited before "${text}":\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`No "${text}" in time:\n${server.output()}`);
    await delay(100);
  }
}

test('the layout holds the runtime dependencies, and none of the packages only tools and the client need', async () => {
  const manifest = JSON.parse(await fs.readFile(path.join(repoRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
  };
  const lock = JSON.parse(await fs.readFile(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { dev?: boolean }>;
  };
  const present = async (name: string) =>
    fs.access(path.join(layout, 'node_modules', name, 'package.json')).then(
      () => true,
      () => false,
    );
  for (const name of Object.keys(manifest.dependencies))
    expect(await present(name), name).toBe(true);
  // A devDependency that a runtime dependency also needs (@types/node for firebase-admin) stays.
  const devOnly = Object.keys(manifest.devDependencies).filter(
    (name) => lock.packages[`node_modules/${name}`]?.dev === true,
  );
  expect(devOnly).toEqual(expect.arrayContaining(['react', 'firebase', 'vite', 'typescript']));
  const installed = [];
  for (const name of devOnly) if (await present(name)) installed.push(name);
  expect(installed).toEqual([]);
  const { bytes, packages } = await measureDependencies(layout);
  process.stderr.write(
    `Production dependencies: ${packages} packages, ${(bytes / 1024 / 1024).toFixed(1)} MB of files\n`,
  );
});

test('without its variables, production refuses to start with one error naming them all (exit 78)', async () => {
  const server = startServer({ NODE_ENV: 'production' });
  const { code } = await server.exit;
  expect(code, server.output()).toBe(78);
  const lines = server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '');
  expect(lines, server.output()).toHaveLength(1);
  const message = (JSON.parse(lines[0]!) as { msg: string }).msg;
  for (const name of [
    'DATABASE_URL',
    'FIREBASE_PROJECT_ID',
    'FIREBASE_SERVICE_ACCOUNT',
    'FIREBASE_API_KEY',
    'FIREBASE_AUTH_DOMAIN',
    'SESSION_SECRET',
    'PUBLIC_URL',
    'TRUST_PROXY',
    'SMTP_URL',
    'MAIL_FROM',
    'CONTACT_INBOX',
    'SHOPIFY_API_KEY',
    'SHOPIFY_API_SECRET',
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
  ]) {
    expect(message).toContain(`${name}:`);
  }
});

test('starts in production, migrates, serves pages, health and guards, keeps its metrics off the public port, and stops on SIGTERM', async () => {
  const port = await findFreePort();
  const metricsPort = await findFreePort();
  // Nothing listens there: error reports would go nowhere, but the SDK is loaded and started.
  const closedPort = await findFreePort();
  const projectId = 'vitrine-layout-test';
  const origin = `http://127.0.0.1:${port}`;
  const server = startServer({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    METRICS_PORT: String(metricsPort),
    LOG_LEVEL: 'warn',
    DATABASE_URL: database!.url,
    PUBLIC_URL: origin,
    TRUST_PROXY: 'false',
    SESSION_SECRET: randomBytes(32).toString('base64'),
    FIREBASE_PROJECT_ID: projectId,
    FIREBASE_API_KEY: 'AIzaLayoutTestKey',
    FIREBASE_AUTH_DOMAIN: `${projectId}.firebaseapp.com`,
    FIREBASE_SERVICE_ACCOUNT: serviceAccountJson(projectId),
    SMTP_URL: `smtp://vitrine:mail-password@127.0.0.1:${closedPort}`,
    MAIL_FROM: 'Vitrine <no-reply@vitrine.example>',
    CONTACT_INBOX: 'contact@vitrine.example',
    SHOPIFY_API_KEY: 'layout-test-app',
    SHOPIFY_API_SECRET: 'layout-test-app-secret-0123456789',
    STRIPE_SECRET_KEY: 'sk_test_layout0test0key',
    STRIPE_WEBHOOK_SECRET: 'whsec_layout0test0secret',
    SENTRY_DSN: `http://public-key@127.0.0.1:${closedPort}/1`,
  });
  try {
    await waitForOutput(server, `Ready on ${origin}`);
    expect(server.output()).toContain(`Metrics on http://127.0.0.1:${metricsPort}/metrics`);

    // Every migration the layout ships was applied to the empty database.
    const migrations = (await fs.readdir(path.join(layout, 'server/db/migrations'))).filter(
      (file) => file.endsWith('.sql'),
    );
    expect(migrations.length).toBeGreaterThan(0);
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      const applied = await client.query<{ count: number }>(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.count).toBe(migrations.length);
    } finally {
      await client.end();
    }

    const healthz = await fetch(`${origin}/healthz`);
    expect(healthz.status).toBe(200);
    expect(await healthz.json()).toEqual({ status: 'ok' });
    expect((await fetch(`${origin}/readyz`)).status).toBe(200);

    // The client build's prerendered pages, in each language.
    const french = await fetch(`${origin}/login?lang=fr`);
    expect(french.status).toBe(200);
    expect(await french.text()).toContain('<html lang="fr">');
    const english = await fetch(`${origin}/login`, { headers: { 'accept-language': 'en' } });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain('<html lang="en">');

    // The weekly summary's words are read from the locale files the layout ships.
    const unsubscribe = await fetch(`${origin}/email/weekly-summary/unsubscribe?token=forged`, {
      headers: { 'accept-language': 'fr' },
    });
    expect(unsubscribe.status).toBe(400);
    expect(await unsubscribe.text()).toContain('Ce lien ne fonctionne pas');

    const dashboard = await fetch(`${origin}/dashboard`, { redirect: 'manual' });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get('location')).toBe('/login?redirect=%2Fdashboard');

    // The figures are served on their own port only.
    expect((await fetch(`${origin}/metrics`)).status).toBe(404);
    const scrape = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(scrape.status).toBe(200);
    const text = await scrape.text();
    const figures = parseMetrics(text);
    expect(
      figures.value('vitrine_http_requests_total', {
        server: 'bff',
        method: 'GET',
        route: '/healthz',
        status: '200',
      }),
    ).toBe(1);
    expect(figures.value('vitrine_sessions_open')).toBe(0);
    expect(figures.value('vitrine_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    expect(figures.value('vitrine_catalog_stores', { phase: 'ready' })).toBe(0);
    // The product's queues exist (created by the workers), none with a job waiting for long.
    const queues = figures.series('vitrine_job_queue_waiting');
    expect(queues.length).toBeGreaterThan(0);
    // A query string never reaches a label.
    expect(text).not.toContain('lang=fr');
    expect(text).not.toContain('redirect=');
  } finally {
    server.child.kill('SIGTERM');
  }
  // The drain lasts at most 10 s (server/start-product.ts); the jobs' stop as long again.
  const stopped = await Promise.race([server.exit, delay(25_000).then(() => 'still running')]);
  expect(stopped, server.output()).toEqual({ code: 0, signal: null });
  expect(server.output()).not.toMatch(/"level":(50|60)/);
}, 120_000);
