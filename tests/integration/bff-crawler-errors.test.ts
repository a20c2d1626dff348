import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApiApp } from '#server/api/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import {
  closeErrorReporting,
  flushErrorReports,
  initErrorReporting,
} from '#server/platform/error-reporting.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import { unreachableJobQueue } from '../support/api-test-app.ts';
import { startRecordingIngest, type RecordingIngest } from '../support/recording-ingest.ts';
import {
  closedPortUrl,
  cookieHeader,
  createTestIdentity,
  emulatorHost,
  logCollector,
  openTestDatabase,
  startBff,
  startEchoUpstream,
  testConfig,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * A server failure while serving a crawler is logged and answered but never reported
 * (docs/product.md, "Error reports"). The real Sentry SDK sends to a local stand-in of Sentry's
 * ingest endpoint; the BFF runs on a database that is down and the API on a pool that is closed, so
 * both fail with a genuine 500. A crawler's failure must be logged and answered, and never arrive
 * at the ingest; anyone else's must.
 */

const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const browser =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let ingest: RecordingIngest;
let upstream: RunningServer;
let bff: BffHarness;
let bffLog: ReturnType<typeof logCollector>;
let api: FastifyInstance;
let apiDatabase: DatabaseHandle;
let identity: IdentityProvider;
let user: TestUser;

/** The request ids of the failures that reached the ingest. */
function reportedRequestIds(): string[] {
  return ingest.envelopes
    .flatMap((envelope) => envelope.split('\n'))
    .flatMap((line) => /"request_id":"([^"]+)"/.exec(line)?.[1] ?? []);
}

beforeAll(async () => {
  ingest = await startRecordingIngest();
  initErrorReporting({
    dsn: ingest.dsn,
    production: false,
    environment: 'test',
    release: 'vitrine@test',
    publicUrl: 'http://localhost:3000',
  });
  // Built after the SDK starts, as in production.
  upstream = await startEchoUpstream();
  const downDatabase = new URL(await closedPortUrl());
  bffLog = logCollector();
  bff = await startBff({
    upstreamUrl: upstream.url,
    databaseUrl: `postgres://nobody:none@${downDatabase.host}/none`,
    config: testConfig({ LOG_LEVEL: 'info' }),
    logStream: bffLog.stream,
  });
  apiDatabase = openTestDatabase({ maxConnections: 1 });
  await apiDatabase.close();
  identity = createTestIdentity();
  api = await buildApiApp({
    database: apiDatabase,
    identity,
    // Like the database, closed: nothing here reaches the queue.
    jobs: unreachableJobQueue('postgres://nobody:none@127.0.0.1:1/none'),
    logLevel: 'silent',
  });
  user = await createEmailUser(emulatorHost());
});

afterAll(async () => {
  await closeErrorReporting();
  await bff?.close();
  await api?.close();
  await identity?.close();
  await upstream?.close();
  await ingest?.close();
});

/** A session cookie the BFF must look up, which fails while the database is down. */
const someSession = () => cookieHeader('a'.repeat(43));

function loadPage(requestId: string, userAgent: string, extra: Record<string, string> = {}) {
  return bff.app.inject({
    method: 'GET',
    url: '/dashboard',
    headers: { ...someSession(), 'x-request-id': requestId, 'user-agent': userAgent, ...extra },
  });
}

describe('the BFF', () => {
  test.each([
    ['Googlebot', googlebot],
    ['Bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['a link preview', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
  ])(
    "answers %s's failed page load with the HTML error page, logs it, and reports nothing",
    async (_name, userAgent) => {
      const requestId = `crawler-page-${randomUUID()}`;

      const response = await loadPage(requestId, userAgent);
      await flushErrorReports();

      expect(response.statusCode).toBe(500);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<title>Internal Server Error · Vitrine</title>');
      expect(response.body).toContain('<a href="/">');
      expect(response.body).not.toMatch(/ECONNREFUSED|postgres|stack/i);
      expect(bffLog.text()).toContain(requestId);
      expect(reportedRequestIds()).not.toContain(requestId);
    },
  );

  test("reports a browser's failed page load, answered with the same page", async () => {
    const requestId = `browser-page-${randomUUID()}`;

    const response = await loadPage(requestId, browser);
    await flushErrorReports();

    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('<h1>Internal Server Error</h1>');
    expect(reportedRequestIds().filter((id) => id === requestId)).toHaveLength(1);
  });

  test('the error page speaks the language the page would have', async () => {
    const response = await loadPage(`crawler-fr-${randomUUID()}`, googlebot, {
      'accept-language': 'fr-FR,fr;q=0.9',
    });

    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('<html lang="fr">');
    expect(response.body).toContain('<title>Erreur interne du serveur · Vitrine</title>');
    expect(response.body).toContain('<h1>Erreur interne du serveur</h1>');
    expect(response.body).toContain('Retour à l’accueil');
  });

  test("a crawler's failed machine request gets the JSON error, unreported", async () => {
    const requestId = `crawler-session-${randomUUID()}`;

    const response = await bff.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: { ...someSession(), 'x-request-id': requestId, 'user-agent': googlebot },
    });
    await flushErrorReports();

    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    expect(reportedRequestIds()).not.toContain(requestId);
  });
});

describe('the API', () => {
  function getAccount(requestId: string, userAgent: string) {
    return api.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: {
        authorization: `Bearer ${user.idToken}`,
        'x-request-id': requestId,
        'user-agent': userAgent,
      },
    });
  }

  test("answers a crawler's failed request with the JSON error and reports nothing", async () => {
    const requestId = `crawler-api-${randomUUID()}`;

    const response = await getAccount(requestId, 'Mozilla/5.0 (compatible; AhrefsBot/7.0)');
    await flushErrorReports();

    expect(response.statusCode).toBe(500);
    expect(response.json().error.code).toBe('internal_error');
    expect(reportedRequestIds()).not.toContain(requestId);
  });

  test("reports a browser's failed request", async () => {
    const requestId = `browser-api-${randomUUID()}`;

    const response = await getAccount(requestId, browser);
    await flushErrorReports();

    expect(response.statusCode).toBe(500);
    expect(reportedRequestIds().filter((id) => id === requestId)).toHaveLength(1);
  });
});
