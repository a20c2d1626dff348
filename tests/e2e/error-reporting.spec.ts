/// <reference lib="dom" />
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import { expect, fetchFromPage, openSession, test } from './fixtures.ts';
import { waitForAppAt } from './app-start.ts';

/**
 * Error reporting end to end. The product runs a second time with SENTRY_DSN
 * pointing at a recording stand-in of Sentry's ingest (tests/support/sentry-ingest.mjs, both started
 * by playwright.config.ts); the browser SDK and the server SDK send it real envelopes, which these
 * tests read back. Every test marks its errors with a fresh id, so that they never read each other's.
 */

const reportingUrl = process.env.E2E_ERROR_REPORTING_URL ?? 'http://localhost:3211';
const reportingEmulatorHost =
  process.env.E2E_ERROR_REPORTING_AUTH_EMULATOR_HOST ?? '127.0.0.1:9211';
const reportingDataDir = process.env.E2E_ERROR_REPORTING_DATA_DIR ?? '';
const sentryUrl = process.env.E2E_SENTRY_URL ?? 'http://127.0.0.1:3212';

interface EnvelopeItem {
  header: { type: string };
  payload: unknown;
}
interface ReceivedEnvelope {
  items: EnvelopeItem[];
  /** The whole envelope, decoded: what must never contain a secret. */
  text: string;
}
interface ReportedEvent {
  event_id: string;
  environment?: string;
  release?: string;
  user?: Record<string, unknown>;
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, unknown>>;
  request?: { url?: string; headers?: Record<string, string> };
  breadcrumbs?: Array<{ category?: string; data?: Record<string, unknown> }>;
  exception?: { values?: Array<{ type?: string; value?: string }> };
}

async function receivedEnvelopes(): Promise<ReceivedEnvelope[]> {
  const response = await fetch(`${sentryUrl}/envelopes`);
  return (await response.json()) as ReceivedEnvelope[];
}

function eventsOf(envelopes: ReceivedEnvelope[]): ReportedEvent[] {
  return envelopes.flatMap((envelope) =>
    envelope.items
      .filter((item) => item.header.type === 'event')
      .map((item) => item.payload as ReportedEvent),
  );
}

async function eventsWithMessage(marker: string): Promise<ReportedEvent[]> {
  return eventsOf(await receivedEnvelopes()).filter((event) =>
    event.exception?.values?.some((value) => value.value?.includes(marker)),
  );
}

/** Waits for the one event whose exception mentions `marker`. */
async function reportedEvent(marker: string): Promise<ReportedEvent> {
  await expect
    .poll(async () => (await eventsWithMessage(marker)).length, { timeout: 15_000 })
    .toBe(1);
  return (await eventsWithMessage(marker))[0]!;
}

/**
 * Waits until the page's SDK chunk has loaded and Sentry.init has run: a client is bound to the
 * SDK's global carrier (`window.__SENTRY__`), which is how the SDK's own global handlers find it.
 * A prerendered page starts the app, and its reporter with it, at the visitor's first sign of use
 * (client/app/prerendered-page-start.ts): the pointer moves over the page, as a visitor's would.
 */
async function waitForReporter(page: Page): Promise<void> {
  await waitForAppAt(page, '[data-layout]');
  await page.waitForFunction(() => {
    const carrier = (window as { __SENTRY__?: Record<string, unknown> }).__SENTRY__;
    const version = carrier?.version;
    if (typeof version !== 'string') return false;
    const scopes = carrier?.[version] as
      { defaultCurrentScope?: { getClient(): unknown } } | undefined;
    return scopes?.defaultCurrentScope?.getClient() !== undefined;
  });
}

/** An error nobody catches: it reaches the SDK's global handler, as a bug of the app would. */
async function throwUncaught(page: Page, message: string, fields: object = {}): Promise<void> {
  await page.evaluate(
    ({ message, fields }) => {
      const error = Object.assign(new Error(message), fields);
      setTimeout(() => {
        throw error;
      });
    },
    { message, fields },
  );
}

async function buildId(): Promise<string> {
  const response = await fetch(`${reportingUrl}/builds/latest.json`);
  return ((await response.json()) as { id: string }).id;
}

test.describe('without a DSN', () => {
  test('the page never loads the SDK', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });

    await page.goto('/pricing');
    await page.waitForLoadState('networkidle');

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => url.includes('error-reporting-sdk'))).toEqual([]);
    expect(await page.evaluate(() => '__SENTRY__' in window)).toBe(false);
  });
});

test.describe('with a DSN', () => {
  // One instance and one database for these tests; the last one breaks the database for a while.
  test.describe.configure({ mode: 'serial' });
  // playwright.config.ts starts this instance without waiting for it, so that its start runs
  // beside the other tests: it may still be starting (its Auth Emulator takes minutes on a busy
  // machine), and is waited for as long as Playwright would have.
  test.beforeAll(async () => {
    test.setTimeout(310_000);
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${reportingUrl}/healthz`)).status;
          } catch {
            return 'not listening';
          }
        },
        { timeout: 300_000, intervals: [1_000] },
      )
      .toBe(200);
  });
  // A visitor's browser says it is Chrome; headless Chromium says HeadlessChrome, which crawler
  // detection rightly counts as a program, whose failures are answered but never reported.
  test.use({
    baseURL: reportingUrl,
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
  });

  test('an uncaught error arrives with its secrets redacted and no credential header', async ({
    page,
  }) => {
    const run = randomUUID();
    const secret = `secret-${run}`;
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const workerStatuses: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/worker-bundler-'))
        workerStatuses.push(response.status());
    });

    await page.goto('/pricing');
    await waitForReporter(page);
    // A request whose URL and headers carry credentials: the SDK keeps it as a fetch breadcrumb.
    await page.evaluate(async (secret) => {
      await fetch(`/pricing?token=${secret}&page=2`, {
        headers: { authorization: `Bearer ${secret}`, 'x-api-key': secret },
      });
    }, secret);
    await throwUncaught(page, `Unhandled failure ${run}`, {
      details: {
        password: secret,
        nested: { token: secret, apiKey: secret, auth: secret, key: secret, secret },
        attempt: 2,
      },
    });

    const event = await reportedEvent(`Unhandled failure ${run}`);
    expect(event.exception?.values?.at(-1)).toMatchObject({
      type: 'Error',
      value: `Unhandled failure ${run}`,
    });
    expect(event.environment).toBe('development');
    expect(event.release).toBe(await buildId());
    // The error's own fields travel as a context, scrubbed at any depth.
    expect(event.contexts?.Error?.details).toEqual({
      password: '[REDACTED]',
      nested: {
        token: '[REDACTED]',
        apiKey: '[REDACTED]',
        auth: '[REDACTED]',
        key: '[REDACTED]',
        secret: '[REDACTED]',
      },
      attempt: 2,
    });
    const headerNames = Object.keys(event.request?.headers ?? {}).map((name) => name.toLowerCase());
    expect(headerNames).not.toContain('authorization');
    expect(headerNames).not.toContain('cookie');
    expect(headerNames).not.toContain('x-api-key');
    const fetchCrumb = event.breadcrumbs?.find(
      (breadcrumb) =>
        breadcrumb.category === 'fetch' && String(breadcrumb.data?.url).startsWith('/pricing'),
    );
    // URLs keep no query string at all (decision 0007), so the token's value is gone with it.
    expect(fetchCrumb?.data?.url).toBe('/pricing');

    // The replay of the seconds before the error follows it: it must not leak the secret either.
    await expect
      .poll(
        async () =>
          (await receivedEnvelopes()).some((envelope) =>
            envelope.items.some(
              (item) =>
                item.header.type === 'replay_event' &&
                (item.payload as { error_ids?: string[] }).error_ids?.includes(event.event_id),
            ),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    for (const envelope of await receivedEnvelopes()) expect(envelope.text).not.toContain(secret);

    // The SDK stores nothing in the browser beyond what docs/product.md lists.
    const storageKeys = await page.evaluate(() => [
      ...Object.keys(localStorage),
      ...Object.keys(sessionStorage),
    ]);
    expect(
      storageKeys.filter(
        (key) => !['vitrine_cookie_consent', 'user-language', 'vitrine_chunk_reload'].includes(key),
      ),
    ).toEqual([]);
    // Replay's compression worker came from the build, and the CSP refused nothing the SDK does.
    expect(workerStatuses).toEqual([200]);
    expect(consoleErrors.filter((text) => /Content Security Policy|worker/i.test(text))).toEqual(
      [],
    );
  });

  test('the errors that are never reported never arrive', async ({ page }) => {
    const run = randomUUID();
    await page.goto('/pricing');
    await waitForReporter(page);

    for (const message of [
      `Failed to fetch the shop ${run}`,
      `NetworkError when attempting to fetch resource ${run}`,
      `ResizeObserver loop limit exceeded ${run}`,
      `Network request failed ${run}`,
      `Loading chunk 7 failed ${run}`,
      `Loading CSS chunk 3 failed ${run}`,
      `ChunkLoadError ${run}`,
      `Upload cancelled by the user ${run}`,
    ]) {
      await throwUncaught(page, message);
    }
    // A rejection with a plain value: "Non-Error promise rejection captured".
    await page.evaluate((run) => {
      void Promise.reject(`plain value ${run}`);
    }, run);
    await throwUncaught(page, `A real failure ${run}`);

    await reportedEvent(`A real failure ${run}`);
    const received = eventsOf(await receivedEnvelopes()).filter((event) =>
      JSON.stringify(event.exception ?? {}).includes(run),
    );
    expect(received.map((event) => event.exception?.values?.at(-1)?.value)).toEqual([
      `A real failure ${run}`,
    ]);
  });

  test('an error carries the signed-in user, and none after sign-out', async ({ page }) => {
    const run = randomUUID();
    const user = await createEmailUser(reportingEmulatorHost, { displayName: 'Camille Martin' });
    expect(await openSession(page, user)).toBe(200);

    await page.goto('/dashboard');
    const menuButton = page.getByRole('button', { name: 'Account menu of Camille Martin' });
    await expect(menuButton).toBeVisible();
    await waitForReporter(page);
    await throwUncaught(page, `Signed in ${run}`);
    const signedIn = await reportedEvent(`Signed in ${run}`);
    expect(signedIn.user).toEqual({ id: user.uid, email: user.email });

    // Sign out from the user menu: the tab signs out, then leaves for /login with a full load. The
    // error is thrown by the page that signed out, as it starts leaving (its sign-out is done by
    // then); the SDK sends with `keepalive`, so the report outlives the page.
    await page.evaluate((message) => {
      addEventListener(
        'beforeunload',
        () => {
          throw new Error(message);
        },
        { once: true },
      );
    }, `Signed out ${run}`);
    await menuButton.click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    const signedOut = await reportedEvent(`Signed out ${run}`);
    // Sentry.setUser(null) leaves an empty user: no id, no e-mail.
    expect(signedOut.user ?? {}).toEqual({});

    await page.waitForURL('**/login');
    await waitForReporter(page);
    await throwUncaught(page, `After sign-out ${run}`);
    expect((await reportedEvent(`After sign-out ${run}`)).user ?? {}).toEqual({});
  });

  test('a server failure is reported, without credentials, except for a crawler', async ({
    page,
    context,
  }) => {
    expect(
      reportingDataDir,
      'E2E_ERROR_REPORTING_DATA_DIR is set by playwright.config.ts',
    ).not.toBe('');
    const run = randomUUID();
    const user = await createEmailUser(reportingEmulatorHost);
    expect(await openSession(page, user)).toBe(200);
    const sessionCookie = (await context.cookies()).find(
      (cookie) => cookie.name === '__Host-vitrine_session',
    );
    expect(sessionCookie).toBeDefined();

    // A genuine failure, from outside the product: its accounts table disappears for a moment (as
    // after a botched migration), so the account routes fail with a real 500 while sessions work.
    const database = await openProductDatabase(reportingDataDir);
    await database.query('ALTER TABLE accounts RENAME TO accounts_unavailable');
    try {
      const crawled = await page.request.get('/api/v1/account/me', {
        headers: {
          cookie: `${sessionCookie!.name}=${sessionCookie!.value}`,
          'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
          'x-request-id': `crawler-${run}`,
        },
      });
      expect(crawled.status()).toBe(500);

      // Two failures of different routes, in turn: the server SDK drops an event identical to the one
      // just before it (same exception, same stack), which one route failing twice in a row would be
      // when this test runs again against the same server.
      const reads = `server-read-${run}`;
      const writes = `server-write-${run}`;
      const statuses = await page.evaluate(
        async ({ reads, writes }) => {
          const headers = { 'x-requested-with': 'vitrine', 'content-type': 'application/json' };
          const read = await fetch(`/api/v1/account/me?token=query-${reads}`, {
            headers: { ...headers, 'x-request-id': reads },
          });
          const write = await fetch('/api/v1/account/me', {
            method: 'PUT',
            headers: { ...headers, 'x-request-id': writes },
            body: JSON.stringify({ language: 'fr' }),
          });
          return [read.status, write.status];
        },
        { reads, writes },
      );
      expect(statuses).toEqual([500, 500]);

      const eventsOfRequest = (envelopes: ReceivedEnvelope[], requestId: string) =>
        eventsOf(envelopes).filter((event) => event.tags?.request_id === requestId);
      await expect
        .poll(
          async () => {
            const envelopes = await receivedEnvelopes();
            return [
              eventsOfRequest(envelopes, reads).length,
              eventsOfRequest(envelopes, writes).length,
            ];
          },
          { timeout: 15_000 },
        )
        .toEqual([1, 1]);
      const envelopes = await receivedEnvelopes();
      const [read] = eventsOfRequest(envelopes, reads);
      const [write] = eventsOfRequest(envelopes, writes);
      expect(read?.tags).toMatchObject({
        request_id: reads,
        'http.method': 'GET',
        'url.path': '/api/v1/account/me',
      });
      expect(write?.tags).toMatchObject({ request_id: writes, 'http.method': 'PUT' });
      expect(read?.environment).toBe('development');
      expect(read?.release).toBe('unknown');
      for (const event of [read, write]) {
        expect(
          Object.keys(event?.request?.headers ?? {}).map((name) => name.toLowerCase()),
        ).not.toContain('authorization');
      }
      // The crawler's failure was logged and answered, not reported.
      expect(eventsOfRequest(envelopes, `crawler-${run}`)).toEqual([]);
      for (const envelope of envelopes) {
        expect(envelope.text).not.toContain(sessionCookie!.value);
        expect(envelope.text).not.toContain(user.idToken);
        expect(envelope.text).not.toContain(`query-${reads}`);
      }
    } finally {
      await database.query('ALTER TABLE accounts_unavailable RENAME TO accounts');
      await database.end();
    }
    // The product is whole again.
    expect((await fetchFromPage(page, '/api/v1/account/me')).status).toBe(404);
  });
});

/**
 * The embedded PostgreSQL of the instance under test (server/local/embedded-postgres.ts): its port is
 * the fourth line of the cluster's postmaster.pid, its credentials those of local mode.
 */
async function openProductDatabase(dataDir: string): Promise<pg.Client> {
  const pidFile = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8');
  const port = Number(pidFile.split('\n')[3]);
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'vitrine',
    password: 'vitrine-local',
    database: 'vitrine',
  });
  await client.connect();
  return client;
}
