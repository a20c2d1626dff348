import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { session as sessionRules } from '#shared/constants.ts';
import { createEmailUser, type TestUser } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  closedPortUrl,
  cookieHeader,
  emulatorHost,
  logCollector,
  rawRequest,
  signIn,
  startBff,
  startEchoUpstream,
  startHangingUpstream,
  testConfig,
  type BffHarness,
  type EchoedRequest,
  type EchoUpstream,
  type RunningServer,
} from './bff-test-harness.ts';

let upstream: EchoUpstream;
let bff: BffHarness;
let bffUrl: string;
let user: TestUser;
let sessionId: string;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({ upstreamUrl: upstream.url });
  bffUrl = await bff.app.listen({ port: 0, host: '127.0.0.1' });
  user = await createEmailUser(emulatorHost());
  sessionId = await signIn(bff.app, user);
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

function reachedUpstream(marker: string): EchoedRequest[] {
  return upstream.received.filter((request) => request.url.includes(marker));
}

describe('forwarding /api/v1/*', () => {
  test("sends method, path, query and body on, with the session's ID token instead of the cookie and any client bearer", async () => {
    const response = await bff.app.inject({
      method: 'PUT',
      url: '/api/v1/account/me?fields=language&x=1',
      headers: {
        ...clientHeaders,
        cookie: `theme=dark; ${sessionRules.cookieName}=${sessionId}; i18n_redirected=fr`,
        authorization: 'Bearer token-chosen-by-the-browser',
        'x-request-id': 'trace-0123456789',
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ language: 'fr' }),
    });

    expect(response.statusCode).toBe(200);
    const echoed = response.json() as EchoedRequest;
    expect(echoed).toMatchObject({
      method: 'PUT',
      url: '/api/v1/account/me?fields=language&x=1',
      body: '{"language":"fr"}',
    });
    expect(echoed.headers.cookie).toBeUndefined();
    const bearer = String(echoed.headers.authorization);
    expect(bearer).toMatch(/^Bearer /);
    expect(bearer).not.toContain('token-chosen-by-the-browser');
    const claims = await bff.identity.verifyIdToken(bearer.slice('Bearer '.length));
    expect(claims.uid).toBe(user.uid);
    expect(echoed.headers['x-request-id']).toBe('trace-0123456789');
    expect(response.headers['x-request-id']).toBe('trace-0123456789');
  });

  test('replaces the forwarding headers a browser sends with what the BFF saw', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/account/forwarding-headers',
      remoteAddress: '198.51.100.7',
      headers: {
        ...cookieHeader(sessionId),
        forwarded: 'for=203.0.113.9;proto=https',
        'x-forwarded-for': '203.0.113.9',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-real-ip': '203.0.113.9',
      },
    });

    expect(response.statusCode).toBe(200);
    const { headers } = response.json() as EchoedRequest;
    expect(headers['x-forwarded-for']).toBe('198.51.100.7');
    expect(headers.forwarded).toBeUndefined();
    expect(headers['x-forwarded-host']).toBeUndefined();
    expect(headers['x-forwarded-proto']).toBeUndefined();
    expect(headers['x-real-ip']).toBeUndefined();
  });

  test('gives each request an id when the client sends none, and passes it on', async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: cookieHeader(sessionId),
    });

    const forwardedId = (response.json() as EchoedRequest).headers['x-request-id'];
    expect(forwardedId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(forwardedId);
  });

  test("returns the API's answer without the cookies it sets", async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: cookieHeader(sessionId),
    });

    expect(response.headers['x-upstream']).toBe('echo');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  test('passes bodies of any type through untouched', async () => {
    const payload = 'line one\nline two, with ünïcödé\n';
    const response = await bff.app.inject({
      method: 'POST',
      url: '/api/v1/blog/import',
      headers: {
        ...clientHeaders,
        ...cookieHeader(sessionId),
        'content-type': 'text/markdown; charset=utf-8',
      },
      payload,
    });

    expect(response.statusCode).toBe(200);
    const echoed = response.json() as EchoedRequest;
    expect(echoed.body).toBe(payload);
    expect(echoed.headers['content-type']).toBe('text/markdown; charset=utf-8');
  });

  test("leaves the size of bodies to the API: one over the BFF's own 64 KB limit still gets through", async () => {
    const payload = JSON.stringify({ content: 'x'.repeat(512 * 1024) });
    const response = await bff.app.inject({
      method: 'POST',
      url: '/api/v1/blog/posts',
      headers: { ...clientHeaders, ...cookieHeader(sessionId), 'content-type': 'application/json' },
      payload,
    });

    expect(response.statusCode).toBe(200);
    expect((response.json() as EchoedRequest).body).toHaveLength(payload.length);
  });

  test('refuses a body over the API limit with 413, without forwarding it', async () => {
    const marker = 'oversized-body';
    const response = await bff.app.inject({
      method: 'PUT',
      url: `/api/v1/account/${marker}`,
      headers: { ...clientHeaders, ...cookieHeader(sessionId), 'content-type': 'application/json' },
      payload: JSON.stringify({ content: 'x'.repeat(1024 * 1024 + 1) }),
    });

    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe('payload_too_large');
    expect(reachedUpstream(marker)).toHaveLength(0);
  });

  test("passes the API's errors through as they are, without retrying", async () => {
    const before = upstream.received.filter(
      (request) => request.url === '/api/v1/unavailable',
    ).length;
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/unavailable',
      headers: cookieHeader(sessionId),
    });

    expect(response.statusCode).toBe(503);
    expect(response.json().error.code).toBe('maintenance');
    expect(
      upstream.received.filter((request) => request.url === '/api/v1/unavailable').length,
    ).toBe(before + 1);
  });

  test("answers a HEAD with the GET's status and headers, and no body", async () => {
    const get = await rawRequest(bffUrl, {
      path: '/api/v1/cacheable',
      headers: cookieHeader(sessionId),
    });
    const head = await rawRequest(bffUrl, {
      method: 'HEAD',
      path: '/api/v1/cacheable',
      headers: cookieHeader(sessionId),
    });

    expect(get.statusCode).toBe(200);
    expect(get.body).toBe('{"cacheable":true}');
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers['cache-control']).toBe(get.headers['cache-control']);
    expect(head.body).toBe('');
  });

  test("passes the API's answers without a body (204, 304) on as they are, with no body", async () => {
    const noContent = await rawRequest(bffUrl, {
      method: 'DELETE',
      path: '/api/v1/no-content',
      headers: { ...clientHeaders, ...cookieHeader(sessionId) },
    });
    const notModified = await rawRequest(bffUrl, {
      path: '/api/v1/not-modified',
      headers: { ...cookieHeader(sessionId), 'if-none-match': '"v1"' },
    });

    expect(noContent).toMatchObject({ statusCode: 204, body: '' });
    expect(noContent.headers['x-upstream']).toBe('echo');
    expect(notModified).toMatchObject({ statusCode: 304, body: '' });
    expect(notModified.headers.etag).toBe('"v1"');
  });

  test('without a session: 401 unauthenticated, and nothing is forwarded', async () => {
    const marker = randomUUID();
    const response = await bff.app.inject({
      method: 'GET',
      url: `/api/v1/account/me?marker=${marker}`,
      headers: { authorization: 'Bearer token-chosen-by-the-browser' },
    });

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: expect.any(String) },
    });
    expect(reachedUpstream(marker)).toEqual([]);
  });

  test.each([
    '/api/v1/../admin',
    '/api/v1/account/../../healthz',
    '/api/v1/%2e%2e/admin',
    '/api/v1/%2E%2E/admin',
    '/api/v1/.%2e/admin',
    '/api/v1/account%2fme',
    '/api/v1/account%2Fme',
    '/api/v1/account%5cme',
    '/api/v1/account%5Cme',
    '/api/v1/account\\me',
    '/api/v1/./account/me',
  ])('refuses %s with 400 path_rejected without forwarding it', async (path) => {
    const marker = randomUUID();
    const response = await rawRequest(bffUrl, {
      path: `${path}?marker=${marker}`,
      headers: cookieHeader(sessionId),
    });

    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'path_rejected', message: expect.any(String) },
    });
    expect(reachedUpstream(marker)).toEqual([]);
  });

  test.each([
    '/api/v2/account/me',
    '/api/account/me',
    '/api',
    '/api/',
    '/api/v1',
    '/auth/unknown',
    '/auth',
  ])('forwards nothing outside /api/v1/: %s is a JSON 404', async (path) => {
    const marker = randomUUID();
    for (const method of ['GET', 'POST'] as const) {
      const response = await bff.app.inject({
        method,
        url: `${path}?marker=${marker}`,
        headers: { ...clientHeaders, ...cookieHeader(sessionId) },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { code: 'not_found', message: expect.any(String) },
      });
    }
    expect(reachedUpstream(marker)).toEqual([]);
  });
});

describe('when the API fails', () => {
  let down: BffHarness;
  let hanging: RunningServer;
  let slow: BffHarness;

  beforeAll(async () => {
    hanging = await startHangingUpstream();
    [down, slow] = await Promise.all([
      startBff({ upstreamUrl: await closedPortUrl() }),
      startBff({ upstreamUrl: hanging.url, upstreamTimeoutMs: 300 }),
    ]);
  });

  afterAll(async () => {
    await down?.close();
    await slow?.close();
    await hanging?.close();
  });

  test('an API that is down: 502 upstream_unavailable, and the BFF keeps serving', async () => {
    const downSession = await signIn(down.app, await createEmailUser(emulatorHost()));
    const response = await down.app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: cookieHeader(downSession),
    });

    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: { code: 'upstream_unavailable', message: expect.any(String) },
    });
    expect(
      (
        await down.app.inject({
          method: 'GET',
          url: '/auth/session',
          headers: cookieHeader(downSession),
        })
      ).statusCode,
    ).toBe(200);
    expect((await down.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  test("an answer of the API cut short: 502 upstream_unavailable, with none of the API's headers", async () => {
    const response = await rawRequest(bffUrl, {
      path: '/api/v1/cut-short',
      headers: cookieHeader(sessionId),
    });

    expect(response.statusCode).toBe(502);
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'upstream_unavailable', message: expect.any(String) },
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-upstream']).toBeUndefined();
  });

  test('an API that does not answer in time: 504 upstream_timeout, and the BFF keeps serving', async () => {
    const slowSession = await signIn(slow.app, await createEmailUser(emulatorHost()));
    const startedAt = Date.now();
    const response = await slow.app.inject({
      method: 'POST',
      url: '/api/v1/account/register',
      headers: { ...clientHeaders, ...cookieHeader(slowSession) },
      payload: { accountType: 'email' },
    });

    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({
      error: { code: 'upstream_timeout', message: expect.any(String) },
    });
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    expect(
      (
        await slow.app.inject({
          method: 'GET',
          url: '/auth/session',
          headers: cookieHeader(slowSession),
        })
      ).statusCode,
    ).toBe(200);
  });
});

test('logs carry neither cookies nor tokens', async () => {
  const logs = logCollector();
  const logged = await startBff({
    upstreamUrl: upstream.url,
    config: testConfig({ LOG_LEVEL: 'trace' }),
    logStream: logs.stream,
  });
  try {
    const loggedUser = await createEmailUser(emulatorHost());
    const loggedSession = await signIn(logged.app, loggedUser);
    const apiCall = await logged.app.inject({
      method: 'GET',
      url: '/api/v1/account/me?token=secret-in-query',
      headers: { ...cookieHeader(loggedSession), authorization: 'Bearer client-bearer-secret' },
    });
    const forwardedToken = String((apiCall.json() as EchoedRequest).headers.authorization).slice(
      'Bearer '.length,
    );
    await logged.app.inject({
      method: 'DELETE',
      url: '/auth/session',
      headers: { ...clientHeaders, ...cookieHeader(loggedSession) },
    });

    const text = logs.text();
    expect(text).toContain('"reqId"');
    for (const secret of [
      loggedSession,
      loggedUser.idToken,
      loggedUser.refreshToken,
      forwardedToken,
      'client-bearer-secret',
      'secret-in-query',
    ]) {
      expect(text).not.toContain(secret);
    }
  } finally {
    await logged.close();
  }
});
