import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApiApp } from '#server/api/app.ts';
import { unreachableJobQueue } from '../support/api-test-app.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  answerWithin,
  clientHeaders,
  cookieHeader,
  createTestIdentity,
  emulatorHost,
  openStalledUpload,
  openTestDatabase,
  signIn,
  startBff,
  startEchoUpstream,
  type BffHarness,
  type EchoUpstream,
  type RawAnswer,
  type StalledUpload,
} from './bff-test-harness.ts';
import { testDatabaseUrl } from '../support/integration-services.ts';

/**
 * Clients that announce a body and never send it. Each such request must cost the servers only its
 * own connection, for a bounded time: never the connections the BFF shares to reach the API, never an
 * endless wait. Its answer, like that of a request whose headers are too large, comes in the error
 * format of every other refusal, with a code the client has words for.
 */

/** More than the 128 connections the BFF keeps to the API. */
const moreThanThePool = 130;

let upstream: EchoUpstream;
const stalled: StalledUpload[] = [];

beforeAll(async () => {
  upstream = await startEchoUpstream();
});

afterAll(async () => {
  for (const upload of stalled) upload.destroy();
  await upstream?.close();
});

function stall(
  baseUrl: string,
  options: { method: string; path: string; headers?: Record<string, string> },
): StalledUpload {
  const upload = openStalledUpload(baseUrl, options);
  stalled.push(upload);
  return upload;
}

/** A request with 20 KB of headers, beyond the 16 KB Node reads; answered before any route. */
function sendOversizedHeaders(baseUrl: string): Promise<RawAnswer> {
  const upload = stall(baseUrl, {
    method: 'GET',
    path: '/api/v1/account/me',
    headers: { 'content-length': '0', 'x-padding': 'a'.repeat(20 * 1024) },
  });
  return upload.answer;
}

async function apiCallOf(baseUrl: string, sessionId: string) {
  const response = await fetch(`${baseUrl}/api/v1/account/me`, {
    headers: cookieHeader(sessionId),
    // Generous: an answer that takes this long is no answer for a user.
    signal: AbortSignal.timeout(5_000),
  });
  return response.status;
}

describe('the BFF', () => {
  let bff: BffHarness;
  let bffUrl: string;

  beforeAll(async () => {
    // The per-session bound is lifted here: what is shown is that a stalled body holds no
    // connection to the API, however many one session opens.
    bff = await startBff({ upstreamUrl: upstream.url, proxiedRequestsPerSession: 1_000 });
    bffUrl = await bff.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    for (const upload of stalled) upload.destroy();
    await bff?.close();
  });

  test("one session's stalled uploads, more than the connection pool, leave other users' API calls answered", async () => {
    const attacker = await signIn(bff.app, await createEmailUser(emulatorHost()));
    const otherUser = await signIn(bff.app, await createEmailUser(emulatorHost()));
    const uploads = Array.from({ length: moreThanThePool }, () =>
      stall(bffUrl, {
        method: 'PUT',
        path: '/api/v1/account/me',
        headers: { ...clientHeaders, ...cookieHeader(attacker) },
      }),
    );
    // Time for every stalled request to reach the BFF (and, were it forwarded, the API).
    await delay(500);

    expect(await apiCallOf(bffUrl, otherUser)).toBe(200);
    // Nothing of the stalled uploads reached the API: their bodies are not complete.
    expect(upstream.received.filter((request) => request.method === 'PUT')).toEqual([]);
    for (const upload of uploads) upload.destroy();
  }, 20_000);
});

describe('the BFF with short timeouts', () => {
  const requestsPerSession = 8;
  let bff: BffHarness;
  let bffUrl: string;

  beforeAll(async () => {
    bff = await startBff({
      upstreamUrl: upstream.url,
      proxiedRequestsPerSession: requestsPerSession,
      timeouts: { requestMs: 3_000, checkIntervalMs: 100 },
    });
    bffUrl = await bff.app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await bff?.close();
  });

  test('bounds the API requests a session has under way; a stalled body gets 408 and frees its place', async () => {
    const attacker = await signIn(bff.app, await createEmailUser(emulatorHost()));
    const otherUser = await signIn(bff.app, await createEmailUser(emulatorHost()));
    const uploads = Array.from({ length: requestsPerSession + 12 }, () =>
      stall(bffUrl, {
        method: 'PUT',
        path: '/api/v1/account/me',
        headers: { ...clientHeaders, ...cookieHeader(attacker) },
      }),
    );

    // Those beyond the bound are refused at once (well before the stalled ones time out), and so is
    // the session's next call.
    const answers = await Promise.all(uploads.map((upload) => answerWithin(upload.answer, 2_000)));
    const refused = answers.filter(
      (answer) => typeof answer === 'object' && answer.statusCode === 429,
    );
    expect(refused).toHaveLength(12);
    expect(JSON.parse((refused[0] as { body: string }).body)).toEqual({
      error: { code: 'rate_limited', message: expect.any(String) },
    });
    expect(answers.filter((answer) => answer === 'no answer')).toHaveLength(requestsPerSession);
    expect(await apiCallOf(bffUrl, attacker)).toBe(429);
    expect(await apiCallOf(bffUrl, otherUser)).toBe(200);

    // The stalled ones get a timeout answer in the error format of the product…
    const timedOut = await Promise.all(uploads.map((upload) => answerWithin(upload.answer, 8_000)));
    const timeouts = timedOut.filter(
      (answer) => typeof answer === 'object' && answer.statusCode === 408,
    );
    expect(timeouts).toHaveLength(requestsPerSession);
    expect(JSON.parse((timeouts[0] as { body: string }).body)).toEqual({
      error: { code: 'request_timeout', message: expect.any(String) },
    });
    // …and the session may call the API again.
    await expect.poll(() => apiCallOf(bffUrl, attacker)).toBe(200);
  }, 20_000);

  test('a stalled sign-in body, without any account, gets 408 instead of an endless wait', async () => {
    const upload = stall(bffUrl, { method: 'POST', path: '/auth/session', headers: clientHeaders });

    const answer = await answerWithin(upload.answer, 8_000);

    expect(answer).toMatchObject({ statusCode: 408 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      error: { code: 'request_timeout', message: expect.any(String) },
    });
  });

  test('a request whose headers are too large gets 431 headers_too_large', async () => {
    const answer = await answerWithin(sendOversizedHeaders(bffUrl), 2_000);

    expect(answer).toMatchObject({ statusCode: 431 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      error: { code: 'headers_too_large', message: expect.any(String) },
    });
  });

  test('a stalled API body without a session is refused with 401 before its body is awaited, and its connection closed', async () => {
    const upload = stall(bffUrl, {
      method: 'PUT',
      path: '/api/v1/account/me',
      headers: clientHeaders,
    });

    expect(await answerWithin(upload.answer, 2_000)).toMatchObject({ statusCode: 401 });
    expect(await answerWithin(upload.closed, 2_000)).toBe('closed');
  });
});

describe('the API', () => {
  let database: ReturnType<typeof openTestDatabase> | undefined;
  let identity: ReturnType<typeof createTestIdentity> | undefined;
  let api: Awaited<ReturnType<typeof buildApiApp>> | undefined;
  let apiUrl: string;

  beforeAll(async () => {
    database = openTestDatabase();
    identity = createTestIdentity();
    api = await buildApiApp({
      database,
      identity,
      jobs: unreachableJobQueue(testDatabaseUrl()),
      logLevel: 'silent',
      timeouts: { requestMs: 1_000, checkIntervalMs: 100 },
    });
    apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await api?.close();
    await identity?.close();
    await database?.close();
  });

  test('answers a stalled body with 408 request_timeout instead of an endless wait', async () => {
    const user = await createEmailUser(emulatorHost());
    const upload = stall(apiUrl, {
      method: 'PUT',
      path: '/api/v1/account/me',
      headers: { authorization: `Bearer ${user.idToken}` },
    });

    const answer = await answerWithin(upload.answer, 5_000);

    expect(answer).toMatchObject({ statusCode: 408 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      error: { code: 'request_timeout', message: expect.any(String) },
    });
  });

  test('answers a request whose headers are too large with 431 headers_too_large', async () => {
    const answer = await answerWithin(sendOversizedHeaders(apiUrl), 2_000);

    expect(answer).toMatchObject({ statusCode: 431 });
    expect(JSON.parse((answer as { body: string }).body)).toEqual({
      error: { code: 'headers_too_large', message: expect.any(String) },
    });
  });
});
