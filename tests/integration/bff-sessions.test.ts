import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { purgeExpiredSessions } from '#server/areas/sessions/session-purge-job.ts';
import {
  IdentityProviderUnavailableError,
  type IdentityProvider,
} from '#server/platform/identity.ts';
import { session as sessionRules } from '#shared/constants.ts';
import {
  craftIdToken,
  createEmailUser,
  createGoogleUser,
  deleteUser,
  disableUser,
} from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  hashOf,
  sessionCookieOf,
  sessionRowOf,
  signIn,
  startBff,
  startEchoUpstream,
  updateEmulatorAccount,
  updateSessionRow,
  type BffHarness,
  type EchoedRequest,
  type RunningServer,
} from './bff-test-harness.ts';

let upstream: RunningServer;
let bff: BffHarness;
/** Flipped by a test to make the Secure Token API "unreachable" for this BFF. */
let firebaseDown = false;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({
    upstreamUrl: upstream.url,
    wrapIdentity: (identity): IdentityProvider => ({
      ...identity,
      refreshIdToken: (token) =>
        firebaseDown
          ? Promise.reject(
              new IdentityProviderUnavailableError('Secure Token API unreachable (test)'),
            )
          : identity.refreshIdToken(token),
    }),
  });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

const host = () => emulatorHost();

function postSession(body: unknown, headers: Record<string, string> = {}) {
  return bff.app.inject({
    method: 'POST',
    url: '/auth/session',
    headers: { ...clientHeaders, ...headers },
    payload: body as object,
  });
}

function getSession(sessionId?: string) {
  return bff.app.inject({
    method: 'GET',
    url: '/auth/session',
    headers: sessionId === undefined ? {} : cookieHeader(sessionId),
  });
}

/** The answer of `GET /auth/session` to a visitor who is not signed in: a fact, not an error. */
function expectSignedOut(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ user: null });
}

function callApi(sessionId: string) {
  return bff.app.inject({
    method: 'GET',
    url: '/api/v1/account/me',
    headers: cookieHeader(sessionId),
  });
}

/** Makes the cached ID token look expired, so that the next API call must refresh it. */
async function expireCachedIdToken(sessionId: string) {
  await updateSessionRow(bff.database, sessionId, {
    id_token_expires_at: new Date(Date.now() - 1000),
  });
}

describe('POST /auth/session', () => {
  test('opens a session: the user, and a __Host- cookie that is HttpOnly, Secure, SameSite=Lax, Path=/ and without Domain', async () => {
    const user = await createEmailUser(host(), { displayName: 'Ada Lovelace' });
    const response = await postSession({ idToken: user.idToken, refreshToken: user.refreshToken });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        uid: user.uid,
        email: user.email,
        displayName: 'Ada Lovelace',
        photoURL: null,
        providerId: 'password',
        emailVerified: true,
      },
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^__Host-vitrine_session=[A-Za-z0-9_-]+;/);
    const attributes = setCookie
      .split(';')
      .slice(1)
      .map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(
      expect.arrayContaining([
        'httponly',
        'secure',
        'samesite=lax',
        'path=/',
        `max-age=${sessionRules.absoluteExpiryMs / 1000}`,
      ]),
    );
    expect(attributes.some((attribute) => attribute.startsWith('domain'))).toBe(false);
  });

  test('the cookie holds 256 random bits; the database keeps only their SHA-256 hash and encrypted tokens', async () => {
    const user = await createEmailUser(host());
    const sessionId = await signIn(bff.app, user);

    expect(Buffer.from(sessionId, 'base64url')).toHaveLength(32);
    const byId = await bff.database.pool.query('select 1 from sessions where id_hash = $1', [
      sessionId,
    ]);
    expect(byId.rowCount).toBe(0);
    const row = await sessionRowOf(bff.database, sessionId);
    expect(row?.uid).toBe(user.uid);
    expect(row?.id_hash).toBe(hashOf(sessionId));
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(user.refreshToken);
    expect(stored).not.toContain(user.idToken.split('.')[1]);
    expect(row?.refresh_token_encrypted).toMatch(/^v1\./);
  });

  test('every sign-in gets a new session id, and the session the browser had is deleted', async () => {
    const user = await createEmailUser(host());
    const first = await signIn(bff.app, user);
    expect((await getSession(first)).statusCode).toBe(200);
    const again = await postSession(
      { idToken: user.idToken, refreshToken: user.refreshToken },
      cookieHeader(first),
    );

    const second = sessionCookieOf(again);
    expect(again.statusCode).toBe(200);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await sessionRowOf(bff.database, first)).toBeUndefined();
    expectSignedOut(await getSession(first));
    expect((await getSession(second)).statusCode).toBe(200);
  });

  test('a Google sign-in is reported with its provider', async () => {
    const user = await createGoogleUser(host(), { name: 'Grace Hopper' });
    const response = await postSession({ idToken: user.idToken, refreshToken: user.refreshToken });

    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({
      uid: user.uid,
      providerId: 'google.com',
      displayName: 'Grace Hopper',
    });
  });

  test.each([
    [
      'a malformed ID token',
      async () => ({
        idToken: 'not-a-jwt',
        refreshToken: (await createEmailUser(host())).refreshToken,
      }),
    ],
    [
      'an expired ID token',
      async () => {
        const user = await createEmailUser(host());
        return {
          idToken: craftIdToken(user, { expiresInSeconds: -60 }),
          refreshToken: user.refreshToken,
        };
      },
    ],
    [
      'an ID token of another Firebase project',
      async () => {
        const user = await createEmailUser(host());
        return {
          idToken: craftIdToken(user, { projectId: 'demo-someone-else' }),
          refreshToken: user.refreshToken,
        };
      },
    ],
    [
      'a refresh token of another user',
      async () => {
        const [user, other] = await Promise.all([createEmailUser(host()), createEmailUser(host())]);
        return { idToken: user.idToken, refreshToken: other.refreshToken };
      },
    ],
    [
      'a refresh token Firebase does not know',
      async () => ({ idToken: (await createEmailUser(host())).idToken, refreshToken: 'forged' }),
    ],
    [
      'the tokens of a disabled user',
      async () => {
        const user = await createEmailUser(host());
        await disableUser(host(), user.uid);
        return { idToken: user.idToken, refreshToken: user.refreshToken };
      },
    ],
  ])('refuses %s with 401 unauthenticated and opens nothing', async (_case, makeTokens) => {
    const tokens = await makeTokens();
    const response = await postSession(tokens);

    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      error: { code: 'unauthenticated', message: expect.any(String) },
    });
    expect(sessionCookieOf(response)).toBeUndefined();
  });

  test("refuses an ID token issued before the user's tokens were revoked", async () => {
    const user = await createEmailUser(host());
    // The emulator compares auth_time and validSince in whole seconds.
    await delay(1100);
    await bff.identity.revokeRefreshTokens(user.uid);

    const response = await postSession({ idToken: user.idToken, refreshToken: user.refreshToken });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
    const rows = await bff.database.pool.query('select 1 from sessions where uid = $1', [user.uid]);
    expect(rows.rowCount).toBe(0);
  });

  test('refuses a sign-in older than five minutes with 401 recent_login_required', async () => {
    const user = await createEmailUser(host());
    // Tokens are only revocation-checked against validSince; an hour back lets the crafted old sign-in pass that check.
    await updateEmulatorAccount(user.uid, {
      validSince: String(Math.floor(Date.now() / 1000) - 3600),
    });

    const old = await postSession({
      idToken: craftIdToken(user, { authTimeSecondsAgo: 6 * 60 }),
      refreshToken: user.refreshToken,
    });
    const recent = await postSession({
      idToken: craftIdToken(user, { authTimeSecondsAgo: 4 * 60 }),
      refreshToken: user.refreshToken,
    });

    expect(old.statusCode).toBe(401);
    expect(old.json().error.code).toBe('recent_login_required');
    expect(sessionCookieOf(old)).toBeUndefined();
    expect(recent.statusCode).toBe(200);
  });

  test.each([
    [
      'no refresh token',
      (user: { idToken: string }) => ({ idToken: user.idToken }),
      { code: 'invalid_refreshToken', field: 'refreshToken' },
    ],
    [
      'an unknown field',
      (user: { idToken: string; refreshToken: string }) => ({ ...user, extra: true }),
      { code: 'unknown_field', field: 'extra' },
    ],
    [
      'an empty ID token',
      (user: { refreshToken: string }) => ({ idToken: '', refreshToken: user.refreshToken }),
      { code: 'invalid_idToken', field: 'idToken' },
    ],
  ])(
    'refuses a body with %s with 400, naming the field as the API does',
    async (_case, makeBody, expected) => {
      const user = await createEmailUser(host());
      const response = await postSession(
        makeBody({ idToken: user.idToken, refreshToken: user.refreshToken }),
      );

      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject(expected);
    },
  );

  test('answers 503 identity_provider_unavailable while Firebase cannot be reached', async () => {
    const user = await createEmailUser(host());
    firebaseDown = true;
    try {
      const response = await postSession({
        idToken: user.idToken,
        refreshToken: user.refreshToken,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().error.code).toBe('identity_provider_unavailable');
    } finally {
      firebaseDown = false;
    }
  });
});

describe('GET /auth/session', () => {
  test('answers 200 with no user without a cookie, so that no visitor’s console shows an error', async () => {
    const response = await getSession();

    expectSignedOut(response);
  });

  test('answers no user to a cookie that opens nothing, and clears it', async () => {
    const response = await getSession('A'.repeat(43));

    expectSignedOut(response);
    const cleared = response.cookies.find((cookie) => cookie.name === sessionRules.cookieName);
    expect(cleared).toMatchObject({
      value: '',
      maxAge: 0,
      path: '/',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });

  test('ends a session idle for more than seven days', async () => {
    const sessionId = await signIn(bff.app, await createEmailUser(host()));
    await updateSessionRow(bff.database, sessionId, {
      last_seen_at: new Date(Date.now() - sessionRules.idleExpiryMs - 60_000),
    });

    expectSignedOut(await getSession(sessionId));
  });

  test('ends a session past its absolute expiry, however active', async () => {
    const sessionId = await signIn(bff.app, await createEmailUser(host()));
    await updateSessionRow(bff.database, sessionId, { expires_at: new Date(Date.now() - 1000) });

    expectSignedOut(await getSession(sessionId));
  });

  test('records last-seen at most once a minute', async () => {
    // Without the in-process cache, so that each read sees the row as the test sets it.
    const uncached = await startBff({ upstreamUrl: upstream.url, sessionCacheTtlMs: 0 });
    try {
      const sessionId = await signIn(uncached.app, await createEmailUser(host()));
      const read = () =>
        uncached.app.inject({
          method: 'GET',
          url: '/auth/session',
          headers: cookieHeader(sessionId),
        });
      const thirtySecondsAgo = new Date(Date.now() - 30_000);
      await updateSessionRow(uncached.database, sessionId, { last_seen_at: thirtySecondsAgo });
      expect((await read()).statusCode).toBe(200);
      expect((await sessionRowOf(uncached.database, sessionId))?.last_seen_at.getTime()).toBe(
        thirtySecondsAgo.getTime(),
      );

      await updateSessionRow(uncached.database, sessionId, {
        last_seen_at: new Date(Date.now() - 120_000),
      });
      expect((await read()).statusCode).toBe(200);
      expect(
        (await sessionRowOf(uncached.database, sessionId))?.last_seen_at.getTime(),
      ).toBeGreaterThan(Date.now() - 10_000);
    } finally {
      await uncached.close();
    }
  });

  test('a sign-out handled by another BFF instance is seen here within the session cache time', async () => {
    const [here, there] = await Promise.all([
      startBff({ upstreamUrl: upstream.url, sessionCacheTtlMs: 300 }),
      startBff({ upstreamUrl: upstream.url, sessionCacheTtlMs: 300 }),
    ]);
    try {
      const sessionId = await signIn(there.app, await createEmailUser(host()));
      const readHere = () =>
        here.app.inject({ method: 'GET', url: '/auth/session', headers: cookieHeader(sessionId) });
      expect((await readHere()).statusCode).toBe(200);

      const signOut = await there.app.inject({
        method: 'DELETE',
        url: '/auth/session',
        headers: { ...clientHeaders, ...cookieHeader(sessionId) },
      });
      expect(signOut.statusCode).toBe(204);
      await delay(400);

      expectSignedOut(await readHere());
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});

describe('POST /auth/session/refresh', () => {
  test('re-reads the claims: after the e-mail is verified, emailVerified turns true and auth pages open', async () => {
    const user = await createEmailUser(host(), { verified: false });
    const sessionId = await signIn(bff.app, user);
    expect((await getSession(sessionId)).json().user.emailVerified).toBe(false);
    const before = await bff.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: cookieHeader(sessionId),
    });
    expect(before.headers.location).toBe('/verify-email');

    await updateEmulatorAccount(user.uid, { emailVerified: true });
    const refreshed = await bff.app.inject({
      method: 'POST',
      url: '/auth/session/refresh',
      headers: { ...clientHeaders, ...cookieHeader(sessionId) },
    });

    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().user).toMatchObject({ uid: user.uid, emailVerified: true });
    expect((await getSession(sessionId)).json().user.emailVerified).toBe(true);
    const after = await bff.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: cookieHeader(sessionId),
    });
    expect(after.statusCode).toBe(200);
  });

  test('answers 401 unauthenticated without a session', async () => {
    const response = await bff.app.inject({
      method: 'POST',
      url: '/auth/session/refresh',
      headers: clientHeaders,
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});

describe('DELETE /auth/session', () => {
  test('deletes the session and clears the cookie with the same attributes; the old cookie opens nothing', async () => {
    const sessionId = await signIn(bff.app, await createEmailUser(host()));
    expect((await callApi(sessionId)).statusCode).toBe(200);
    const response = await bff.app.inject({
      method: 'DELETE',
      url: '/auth/session',
      headers: { ...clientHeaders, ...cookieHeader(sessionId) },
    });

    expect(response.statusCode).toBe(204);
    const setCookie = String(response.headers['set-cookie']).toLowerCase();
    expect(setCookie).toMatch(/^__host-vitrine_session=;/);
    for (const attribute of ['max-age=0', 'path=/', 'secure', 'httponly', 'samesite=lax']) {
      expect(setCookie).toContain(attribute);
    }
    expect(await sessionRowOf(bff.database, sessionId)).toBeUndefined();
    expectSignedOut(await getSession(sessionId));
    expect((await callApi(sessionId)).statusCode).toBe(401);
  });
});

describe('sessions and Firebase', () => {
  test('a fresh cached ID token is forwarded without asking Firebase', async () => {
    const sessionId = await signIn(bff.app, await createEmailUser(host()));
    const before = await sessionRowOf(bff.database, sessionId);

    firebaseDown = true;
    try {
      expect((await callApi(sessionId)).statusCode).toBe(200);
    } finally {
      firebaseDown = false;
    }
    expect((await sessionRowOf(bff.database, sessionId))?.id_token_encrypted).toBe(
      before?.id_token_encrypted,
    );
  });

  test('an ID token with less than five minutes left is refreshed before the call is forwarded', async () => {
    const user = await createEmailUser(host());
    const sessionId = await signIn(bff.app, user);
    await updateSessionRow(bff.database, sessionId, {
      id_token_expires_at: new Date(Date.now() + 2 * 60_000),
    });

    const [first, second] = await Promise.all([callApi(sessionId), callApi(sessionId)]);

    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const forwarded = (first.json() as EchoedRequest).headers.authorization as string;
    const claims = await bff.identity.verifyIdToken(forwarded.replace(/^Bearer /, ''));
    expect(claims.uid).toBe(user.uid);
    const expiresAt =
      (await sessionRowOf(bff.database, sessionId))?.id_token_expires_at.getTime() ?? 0;
    expect(expiresAt).toBeGreaterThan(Date.now() + 30 * 60_000);
  });

  test.each([
    ['disabled', (uid: string) => disableUser(host(), uid)],
    ['deleted', (uid: string) => deleteUser(host(), uid)],
    [
      'signed out everywhere (tokens revoked)',
      async (uid: string) => {
        await delay(1100);
        await bff.identity.revokeRefreshTokens(uid);
      },
    ],
  ])(
    'a user %s in Firebase loses the session at the next refresh: 401, then /login on the next page',
    async (_case, endInFirebase) => {
      const user = await createEmailUser(host());
      const sessionId = await signIn(bff.app, user);
      await endInFirebase(user.uid);
      await expireCachedIdToken(sessionId);

      const apiCall = await callApi(sessionId);

      expect(apiCall.statusCode).toBe(401);
      expect(apiCall.json().error.code).toBe('session_expired');
      expect(
        apiCall.cookies.find((cookie) => cookie.name === sessionRules.cookieName),
      ).toMatchObject({ value: '', maxAge: 0 });
      expect(await sessionRowOf(bff.database, sessionId)).toBeUndefined();
      const page = await bff.app.inject({
        method: 'GET',
        url: '/dashboard',
        headers: cookieHeader(sessionId),
      });
      expect(page.statusCode).toBe(302);
      expect(page.headers.location).toBe('/login?redirect=%2Fdashboard');
    },
  );

  test('while Firebase cannot be reached, a call needing a refresh answers 503 and the session is kept', async () => {
    const sessionId = await signIn(bff.app, await createEmailUser(host()));
    await expireCachedIdToken(sessionId);

    firebaseDown = true;
    let duringOutage;
    try {
      duringOutage = await callApi(sessionId);
    } finally {
      firebaseDown = false;
    }

    expect(duringOutage.statusCode).toBe(503);
    expect(duringOutage.json().error.code).toBe('identity_provider_unavailable');
    expect(duringOutage.headers['set-cookie']).toBeUndefined();
    expect(await sessionRowOf(bff.database, sessionId)).toBeDefined();
    expect((await callApi(sessionId)).statusCode).toBe(200);
  });
});

test('housekeeping removes sessions past either expiry and keeps live ones', async () => {
  const host = emulatorHost();
  const [idle, expired, live] = await Promise.all(
    [0, 1, 2].map(async () => signIn(bff.app, await createEmailUser(host))),
  );
  await updateSessionRow(bff.database, idle!, {
    last_seen_at: new Date(Date.now() - sessionRules.idleExpiryMs - 1000),
  });
  await updateSessionRow(bff.database, expired!, { expires_at: new Date(Date.now() - 1000) });

  expect(await purgeExpiredSessions(bff.database.db)).toBeGreaterThanOrEqual(2);

  expect(await sessionRowOf(bff.database, idle!)).toBeUndefined();
  expect(await sessionRowOf(bff.database, expired!)).toBeUndefined();
  expect(await sessionRowOf(bff.database, live!)).toBeDefined();
});
