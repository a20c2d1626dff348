import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { bearer, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  signIn,
  startBff,
  startEchoUpstream,
  type BffHarness,
  type EchoUpstream,
} from './bff-test-harness.ts';

/**
 * Answers that depend on who asks carry `Cache-Control: no-store`, so that no browser cache (the
 * next user of a shared computer) nor any cache in between keeps them; public files stay cacheable.
 */

describe('the BFF', () => {
  let upstream: EchoUpstream;
  let bff: BffHarness;
  let sessionId: string;

  beforeAll(async () => {
    upstream = await startEchoUpstream();
    bff = await startBff({ upstreamUrl: upstream.url });
    sessionId = await signIn(bff.app, await createEmailUser(emulatorHost()));
  });

  afterAll(async () => {
    await bff?.close();
    await upstream?.close();
  });

  test('signing in', async () => {
    const user = await createEmailUser(emulatorHost());
    const response = await bff.app.inject({
      method: 'POST',
      url: '/auth/session',
      headers: clientHeaders,
      payload: { idToken: user.idToken, refreshToken: user.refreshToken },
    });

    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test.each([
    ['GET', '/auth/session'],
    ['POST', '/auth/session/refresh'],
    ['GET', '/api/v1/account/me'],
    ['PUT', '/api/v1/account/me'],
  ] as const)('%s %s, signed in and signed out', async (method, url) => {
    for (const headers of [cookieHeader(sessionId), {}]) {
      const response = await bff.app.inject({
        method,
        url,
        headers: { ...clientHeaders, ...headers },
      });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  test("the API's answer, even when the API would let caches keep it", async () => {
    const response = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/cacheable',
      headers: cookieHeader(sessionId),
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ cacheable: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  test('signing out, and signing out everywhere', async () => {
    for (const url of ['/auth/session', '/auth/sessions']) {
      const session = await signIn(bff.app, await createEmailUser(emulatorHost()));
      const response = await bff.app.inject({
        method: 'DELETE',
        url,
        headers: { ...clientHeaders, ...cookieHeader(session) },
      });
      expect(response.statusCode, url).toBe(204);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  test('public files and pages stay cacheable', async () => {
    for (const url of ['/favicon.svg', '/', '/pricing']) {
      const response = await bff.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('the API', () => {
  let api: ApiTestContext;

  beforeAll(async () => {
    api = await startApiForTests();
  });

  afterAll(async () => {
    await api?.close();
  });

  test("a caller's answers and refusals are never stored; the probes may be", async () => {
    const user = await createEmailUser(api.emulatorHost);
    for (const headers of [bearer(user.idToken), {}]) {
      const response = await api.app.inject({ method: 'GET', url: '/api/v1/account/me', headers });
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const health = await api.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['cache-control']).not.toBe('no-store');
  });
});
