import { setTimeout as delay } from 'node:timers/promises';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import {
  createEmailUser,
  deleteUser,
  disableUser,
  type TestUser,
} from '../support/auth-emulator-users.ts';
import {
  cookieHeader,
  emulatorHost,
  hashOf,
  logCollector,
  sessionCookieOf,
  sessionRowOf,
  signIn,
  startBff,
  testConfig,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * When the API refuses a session's ID token because Firebase no longer honours the user's tokens
 * (refresh tokens revoked, user disabled or deleted), the BFF ends that session there and then: the
 * refresh token it holds is dead too, and a session that fails every call for the rest of the hour
 * would only hide from the client that it is signed out. The BFF in front of the real API.
 */

let api: ApiTestContext;
let apiUrl: string;
let bff: BffHarness;

beforeAll(async () => {
  api = await startApiForTests();
  apiUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  bff = await startBff({ upstreamUrl: apiUrl });
});

afterAll(async () => {
  await bff?.close();
  await api?.close();
});

function readAccount(sessionId: string) {
  return bff.app.inject({
    method: 'GET',
    url: '/api/v1/account/me',
    headers: cookieHeader(sessionId),
  });
}

const ways = {
  'its refresh tokens are revoked': (user: TestUser) => api.identity.revokeRefreshTokens(user.uid),
  'the user is disabled': (user: TestUser) => disableUser(emulatorHost(), user.uid),
  'the user is deleted': (user: TestUser) => deleteUser(emulatorHost(), user.uid),
};

describe('a session whose token the API refuses as revoked', () => {
  test.each(Object.entries(ways))('ends at the first API call once %s', async (_way, endIt) => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);
    // The session works: no account yet, but the API knows the caller.
    expect((await readAccount(sessionId)).statusCode).toBe(404);
    // Revocation compares whole seconds: the sign-in must come strictly before it.
    await delay(1_100);
    await endIt(user);

    const refused = await readAccount(sessionId);

    expect(refused.statusCode).toBe(401);
    expect(refused.json().error.code).toBe('unauthenticated');
    expect(sessionCookieOf(refused)).toBe('');
    expect(await sessionRowOf(bff.database, sessionId)).toBeUndefined();
    const session = await bff.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: cookieHeader(sessionId),
    });
    expect(session.json()).toEqual({ user: null });
  });
});

describe('a revoked session whose row cannot be deleted (the database refuses)', () => {
  const logs = logCollector();
  let loggedBff: BffHarness;

  beforeAll(async () => {
    loggedBff = await startBff({
      upstreamUrl: apiUrl,
      config: testConfig({ LOG_LEVEL: 'error' }),
      logStream: logs.stream,
    });
  });

  afterAll(async () => {
    await loggedBff?.close();
  });

  test("still answers the API's 401, with the cookie cleared, and logs the failure", async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(loggedBff.app, user);
    await delay(1_100);
    await api.identity.revokeRefreshTokens(user.uid);
    // A real failure of the database, for this session's row alone: its deletion raises.
    const pool = loggedBff.database.pool;
    await pool.query(`create or replace function refuse_session_deletion() returns trigger
      language plpgsql as $$ begin
        if old.id_hash = '${hashOf(sessionId)}' then raise exception 'sessions are read-only'; end if;
        return old;
      end $$`);
    await pool.query(`create trigger refuse_session_deletion before delete on sessions
      for each row execute function refuse_session_deletion()`);
    try {
      const refused = await loggedBff.app.inject({
        method: 'GET',
        url: '/api/v1/account/me',
        headers: cookieHeader(sessionId),
      });

      expect(refused.statusCode).toBe(401);
      expect(refused.json().error.code).toBe('unauthenticated');
      expect(sessionCookieOf(refused)).toBe('');
      expect(await sessionRowOf(loggedBff.database, sessionId)).toBeDefined();
      expect(logs.text()).toContain('sessions are read-only');
    } finally {
      await pool.query('drop trigger refuse_session_deletion on sessions');
      await pool.query('drop function refuse_session_deletion');
    }
  });
});

describe('a 401 of the API that does not name a revocation', () => {
  let upstream: RunningServer;
  let bffOverRefusals: BffHarness;

  beforeAll(async () => {
    const server = Fastify();
    server.all('/*', async (_request, reply) =>
      reply
        .code(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({
          error: { code: 'unauthenticated', message: 'The ID token is invalid or expired' },
        }),
    );
    upstream = {
      url: await server.listen({ port: 0, host: '127.0.0.1' }),
      close: () => server.close(),
    };
    bffOverRefusals = await startBff({ upstreamUrl: upstream.url });
  });

  afterAll(async () => {
    await bffOverRefusals?.close();
    await upstream?.close();
  });

  test('leaves the session alone: only a revocation ends it', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bffOverRefusals.app, user);

    const refused = await bffOverRefusals.app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: cookieHeader(sessionId),
    });

    expect(refused.statusCode).toBe(401);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await sessionRowOf(bffOverRefusals.database, sessionId)).toBeDefined();
  });
});
