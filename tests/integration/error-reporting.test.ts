import { randomUUID } from 'node:crypto';
import * as Sentry from '@sentry/node';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp } from '#server/api/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import {
  closeErrorReporting,
  flushErrorReports,
  initErrorReporting,
  reportError,
  type ErrorReportingOptions,
} from '#server/platform/error-reporting.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import { unreachableJobQueue } from '../support/api-test-app.ts';
import { startRecordingIngest, type RecordingIngest } from '../support/recording-ingest.ts';
import {
  createTestIdentity,
  emulatorHost,
  openTestDatabase,
} from '../support/integration-services.ts';

/**
 * Server error reports, with the real Sentry SDK sending to a local stand-in of Sentry's ingest
 * endpoint. The API runs on a database pool that is already closed, so that every account route
 * fails with a genuine 500 while token verification (the Auth Emulator) still works.
 */

interface ReceivedEnvelope {
  /** The whole envelope as sent: what must never contain a credential. */
  text: string;
  items: Array<{ type: string; payload: Record<string, unknown> }>;
}

let ingest: RecordingIngest;
let api: FastifyInstance;
let apiUrl: string;
let identity: IdentityProvider;
let database: DatabaseHandle;
let user: TestUser;

/** The envelopes received so far, parsed. */
function envelopes(): ReceivedEnvelope[] {
  return ingest.envelopes.map(parseEnvelope);
}

/** An envelope is a header line, then for each item a header line and a payload line. */
function parseEnvelope(text: string): ReceivedEnvelope {
  const lines = text.split('\n').filter((line) => line !== '');
  const items: ReceivedEnvelope['items'] = [];
  for (let index = 1; index + 1 < lines.length; index += 2) {
    const header = JSON.parse(lines[index]!) as { type: string };
    items.push({ type: header.type, payload: JSON.parse(lines[index + 1]!) });
  }
  return { text, items };
}

interface ReportedEvent {
  tags?: Record<string, string>;
  extra?: Record<string, unknown>;
  request?: { headers?: Record<string, string> };
  exception?: { values?: Array<{ value?: string }> };
}

function reportedEvents(): ReportedEvent[] {
  return envelopes().flatMap((envelope) =>
    envelope.items.filter((item) => item.type === 'event').map((item) => item.payload),
  );
}

function eventsOfRequest(requestId: string): ReportedEvent[] {
  return reportedEvents().filter((event) => event.tags?.request_id === requestId);
}

function eventsWithMessage(text: string): ReportedEvent[] {
  return reportedEvents().filter((event) =>
    event.exception?.values?.some((value) => value.value?.includes(text)),
  );
}

function reportingOptions(dsn?: string): ErrorReportingOptions {
  return {
    ...(dsn !== undefined && { dsn }),
    production: false,
    environment: 'test',
    release: 'vitrine@test',
    publicUrl: 'http://localhost:3000',
  };
}

/**
 * A visitor's browser: a program's user agent (Node's fetch says `node`) counts as a crawler's, whose
 * failures are answered but not reported.
 */
const browserUserAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

async function getAccount(requestId: string, headers: Record<string, string> = {}) {
  // Names the shared scrubber does not know: the server must drop the whole query string.
  const secrets = `oobCode=query-secret-${requestId}&apiKey=query-secret-${requestId}&token=query-secret-${requestId}`;
  return fetch(`${apiUrl}/api/v1/account/me?${secrets}`, {
    headers: { 'x-request-id': requestId, 'user-agent': browserUserAgent, ...headers },
  });
}

beforeAll(async () => {
  ingest = await startRecordingIngest();
  // A pool that is already closed: every account call fails with a genuine 500.
  database = openTestDatabase({ maxConnections: 1 });
  await database.close();
  identity = createTestIdentity();
  await startApi();
  user = await createEmailUser(emulatorHost());
});

/** The SDK instruments Fastify instances made after it starts, so the API is rebuilt after init. */
async function startApi() {
  await api?.close();
  api = await buildApiApp({
    database,
    identity,
    // Like the database, closed: nothing here reaches the queue.
    jobs: unreachableJobQueue('postgres://nobody:none@127.0.0.1:1/none'),
    logLevel: 'silent',
  });
  apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
}

afterAll(async () => {
  await closeErrorReporting();
  await api?.close();
  await identity?.close();
  await ingest?.close();
});

// First, while the SDK has never been initialised in this process.
describe('without a DSN', () => {
  it('initialises nothing and sends nothing, even for a 500', async () => {
    expect(initErrorReporting(reportingOptions())).toBe(false);

    const response = await getAccount(`no-dsn-${randomUUID()}`, {
      authorization: `Bearer ${user.idToken}`,
    });
    reportError(new Error('reported without a DSN'));
    await flushErrorReports();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(response.status).toBe(500);
    expect(Sentry.isInitialized()).toBe(false);
    expect(envelopes()).toEqual([]);
  });
});

describe('with a DSN', () => {
  beforeAll(async () => {
    expect(initErrorReporting(reportingOptions(ingest.dsn))).toBe(true);
    await startApi();
  });

  it('reports a 500 of an API route with its request id, method and path, and no credential', async () => {
    const requestId = `server-error-${randomUUID()}`;

    const response = await getAccount(requestId, { authorization: `Bearer ${user.idToken}` });
    await flushErrorReports();

    expect(response.status).toBe(500);
    const [event, ...others] = eventsOfRequest(requestId);
    expect(others).toEqual([]);
    expect(event?.tags).toMatchObject({
      request_id: requestId,
      'http.method': 'GET',
      'url.path': '/api/v1/account/me',
    });
    expect(
      Object.keys(event?.request?.headers ?? {}).map((name) => name.toLowerCase()),
    ).not.toContain('authorization');
    for (const envelope of envelopes()) {
      expect(envelope.text).not.toContain(user.idToken);
      expect(envelope.text).not.toContain(`Bearer ${user.idToken.slice(0, 16)}`);
      expect(envelope.text).not.toContain(`query-secret-${requestId}`);
    }
  });

  it('does not report a 4xx', async () => {
    const refusedId = `client-error-${randomUUID()}`;
    const controlId = `control-${randomUUID()}`;

    const refused = await getAccount(refusedId);
    // A different failure from the other test's: the SDK drops an event identical to the last one.
    const control = await fetch(`${apiUrl}/api/v1/account/me`, {
      method: 'PUT',
      headers: {
        'x-request-id': controlId,
        'user-agent': browserUserAgent,
        authorization: `Bearer ${user.idToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ language: 'fr' }),
    });
    await flushErrorReports();

    expect(refused.status).toBe(401);
    expect(control.status).toBe(500);
    expect(eventsOfRequest(controlId)).toHaveLength(1);
    expect(eventsOfRequest(refusedId)).toEqual([]);
  });

  it('drops the errors that are never reported', async () => {
    const run = randomUUID();

    reportError(new Error(`Failed to fetch the shop ${run}`));
    reportError(new Error(`Upload cancelled by the user ${run}`));
    reportError(new Error(`Loading chunk 7 failed ${run}`));
    reportError(new Error(`A real failure ${run}`));
    await flushErrorReports();

    expect(eventsWithMessage(run).map((event) => event.exception?.values?.[0]?.value)).toEqual([
      `A real failure ${run}`,
    ]);
  });

  it('redacts secret fields of what a caller attaches', async () => {
    const run = randomUUID();

    reportError(new Error(`With context ${run}`), {
      extra: { shop: { domain: 'demo.myshopify.com', apiKey: `shop-key-${run}` }, attempt: 2 },
    });
    await flushErrorReports();

    const [event] = eventsWithMessage(run);
    expect(event?.extra).toEqual({
      shop: { domain: 'demo.myshopify.com', apiKey: '[REDACTED]' },
      attempt: 2,
    });
    expect(envelopes().some((envelope) => envelope.text.includes(`shop-key-${run}`))).toBe(false);
  });
});
