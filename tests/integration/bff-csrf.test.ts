import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createEmailUser } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  publicUrl,
  sessionCookieOf,
  sessionRowOf,
  signIn,
  startBff,
  startEchoUpstream,
  type BffHarness,
  type EchoUpstream,
} from './bff-test-harness.ts';

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

const stateChangingRequests = [
  ['POST', '/auth/session'],
  ['POST', '/auth/session/refresh'],
  ['DELETE', '/auth/session'],
  ['POST', '/api/v1/account/register'],
  ['PUT', '/api/v1/account/me'],
  ['PATCH', '/api/v1/account/me'],
  ['DELETE', '/api/v1/account/delete'],
] as const;

const forgeries: Array<[string, Record<string, string>]> = [
  ['no X-Requested-With header', {}],
  ['another X-Requested-With value', { 'x-requested-with': 'XMLHttpRequest' }],
  ['a foreign Origin', { ...clientHeaders, origin: 'https://evil.example' }],
  ['the same host on another scheme', { ...clientHeaders, origin: 'https://localhost:3000' }],
  ['an opaque Origin', { ...clientHeaders, origin: 'null' }],
  ['Sec-Fetch-Site: cross-site', { ...clientHeaders, 'sec-fetch-site': 'cross-site' }],
];

describe.each(stateChangingRequests)('%s %s', (method, url) => {
  test.each(forgeries)(
    'with %s: 403 csrf_rejected, and nothing happens',
    async (_case, headers) => {
      const marker = randomUUID();
      const response = await bff.app.inject({
        method,
        url: `${url}?marker=${marker}`,
        headers: { ...cookieHeader(sessionId), 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ language: 'fr' }),
      });

      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: { code: 'csrf_rejected', message: expect.any(String) },
      });
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(upstream.received.some((request) => request.url.includes(marker))).toBe(false);
      expect(await sessionRowOf(bff.database, sessionId)).toBeDefined();
    },
  );
});

test('the check comes before the body is read: malformed JSON without the header is a 403, not a 400', async () => {
  const response = await bff.app.inject({
    method: 'POST',
    url: '/auth/session',
    headers: { 'content-type': 'application/json' },
    payload: '{not json',
  });

  expect(response.statusCode).toBe(403);
});

test('a forged sign-in opens no session even with valid tokens', async () => {
  const user = await createEmailUser(emulatorHost());
  const response = await bff.app.inject({
    method: 'POST',
    url: '/auth/session',
    headers: { 'sec-fetch-site': 'cross-site', ...clientHeaders },
    payload: { idToken: user.idToken, refreshToken: user.refreshToken },
  });

  expect(response.statusCode).toBe(403);
  expect(sessionCookieOf(response)).toBeUndefined();
  const rows = await bff.database.pool.query('select 1 from sessions where uid = $1', [user.uid]);
  expect(rows.rowCount).toBe(0);
});

test.each([
  ['the header alone', {}],
  ["the header and the app's own Origin", { origin: publicUrl }],
  [
    'the header and Sec-Fetch-Site: same-origin',
    { origin: publicUrl, 'sec-fetch-site': 'same-origin' },
  ],
])('a request with %s goes through', async (_case, headers) => {
  const response = await bff.app.inject({
    method: 'PUT',
    url: '/api/v1/account/me',
    headers: { ...cookieHeader(sessionId), ...clientHeaders, ...headers },
    payload: { language: 'fr' },
  });

  expect(response.statusCode).toBe(200);
  expect(response.json().body).toBe('{"language":"fr"}');
});

test('GET needs no header: it changes nothing', async () => {
  const session = await bff.app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: cookieHeader(sessionId),
  });
  const api = await bff.app.inject({
    method: 'GET',
    url: '/api/v1/account/me',
    headers: { ...cookieHeader(sessionId), origin: 'https://evil.example' },
  });

  expect(session.statusCode).toBe(200);
  expect(api.statusCode).toBe(200);
});
