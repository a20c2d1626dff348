import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { IdentityProvider } from '#server/platform/identity.ts';
import {
  craftIdToken,
  createEmailUser,
  signInWithPassword,
} from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  sessionCookieOf,
  sessionRowOf,
  signIn,
  startBff,
  startEchoUpstream,
  updateEmulatorAccount,
  type BffHarness,
  type EchoUpstream,
} from './bff-test-harness.ts';

/**
 * POST /auth/session/reauthenticate: before deleting the account, the client signs the same user in
 * again and hands the BFF the fresh tokens. As at any sign-in, the session is renewed: a new id and
 * cookie carry the fresh tokens, and the old id opens nothing any more.
 */

let upstream: EchoUpstream;
let bff: BffHarness;

/**
 * A second BFF on the same database whose next token refresh, once armed, gets Firebase's answer at
 * once but hands it back only when released: a refresh under way, slowed down at its worst moment.
 */
let slowBff: BffHarness;
let nextRefreshHold: { obtained(): void; released: Promise<void> } | undefined;

function holdNextRefresh() {
  let obtained!: () => void;
  let release!: () => void;
  const whenObtained = new Promise<void>((resolve) => (obtained = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  nextRefreshHold = { obtained, released };
  return { whenObtained, release };
}

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({ upstreamUrl: upstream.url });
  slowBff = await startBff({
    upstreamUrl: upstream.url,
    wrapIdentity: (identity): IdentityProvider => ({
      ...identity,
      refreshIdToken: async (refreshToken) => {
        const hold = nextRefreshHold;
        nextRefreshHold = undefined;
        const refreshed = await identity.refreshIdToken(refreshToken);
        if (hold !== undefined) {
          hold.obtained();
          await hold.released;
        }
        return refreshed;
      },
    }),
  });
});

afterAll(async () => {
  await slowBff?.close();
  await bff?.close();
  await upstream?.close();
});

/** The claims of the ID token the API received for a call made with this cookie. */
async function forwardedClaims(app: BffHarness['app'], sessionId: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/v1/whoami',
    headers: cookieHeader(sessionId),
  });
  expect(response.statusCode).toBe(200);
  const authorization = String(response.json().headers.authorization);
  const payload = authorization.replace(/^Bearer /, '').split('.')[1]!;
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
    auth_time: number;
    email_verified: boolean;
  };
}

function reauthenticate(
  sessionId: string | undefined,
  body: unknown,
  headers: Record<string, string> = clientHeaders,
) {
  return bff.app.inject({
    method: 'POST',
    url: '/auth/session/reauthenticate',
    headers: { ...headers, ...(sessionId !== undefined && cookieHeader(sessionId)) },
    payload: body as object,
  });
}

describe('POST /auth/session/reauthenticate', () => {
  test('renews the session: a new cookie carries the fresh sign-in, and the old one opens nothing', async () => {
    const user = await createEmailUser(emulatorHost(), { displayName: 'Ada' });
    const oldSessionId = await signIn(bff.app, user);
    // auth_time counts seconds: the second sign-in must be told apart from the first.
    await delay(1_100);
    const again = await signInWithPassword(emulatorHost(), user.email, user.password);

    const response = await reauthenticate(oldSessionId, {
      idToken: again.idToken,
      refreshToken: again.refreshToken,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: expect.objectContaining({ uid: user.uid, email: user.email, displayName: 'Ada' }),
    });
    const newSessionId = sessionCookieOf(response);
    expect(newSessionId).toBeDefined();
    expect(newSessionId).not.toBe(oldSessionId);
    const cookie = response.cookies.find((candidate) => candidate.value === newSessionId);
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });

    // The old id: no row, no session, no API call, and its cookie is cleared.
    expect(await sessionRowOf(bff.database, oldSessionId)).toBeUndefined();
    const oldSession = await bff.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: cookieHeader(oldSessionId),
    });
    expect(oldSession.json()).toEqual({ user: null });
    expect(sessionCookieOf(oldSession)).toBe('');
    const oldCall = await bff.app.inject({
      method: 'GET',
      url: '/api/v1/whoami',
      headers: cookieHeader(oldSessionId),
    });
    expect(oldCall.statusCode).toBe(401);

    // The new id: the user, and the fresh sign-in's token on API calls.
    const newSession = await bff.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: cookieHeader(newSessionId!),
    });
    expect(newSession.json().user.uid).toBe(user.uid);
    const claims = await forwardedClaims(bff.app, newSessionId!);
    expect(claims.auth_time).toBe(
      JSON.parse(Buffer.from(again.idToken.split('.')[1]!, 'base64url').toString()).auth_time,
    );
  });

  test('refuses the sign-in of another user with 403 user_mismatch and leaves the session untouched', async () => {
    const user = await createEmailUser(emulatorHost());
    const someoneElse = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);
    const before = await sessionRowOf(bff.database, sessionId);

    const response = await reauthenticate(sessionId, {
      idToken: someoneElse.idToken,
      refreshToken: someoneElse.refreshToken,
    });

    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: { code: 'user_mismatch', message: expect.any(String) },
    });
    // The session is kept, under its own id.
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(await sessionRowOf(bff.database, sessionId)).toEqual(before);
    const session = await bff.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: cookieHeader(sessionId),
    });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.uid).toBe(user.uid);
  });

  test('refuses a sign-in older than five minutes with 401 recent_login_required', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);
    // Tokens are only revocation-checked against validSince; an hour back lets the crafted old sign-in pass.
    await updateEmulatorAccount(user.uid, {
      validSince: String(Math.floor(Date.now() / 1000) - 3600),
    });
    const before = await sessionRowOf(bff.database, sessionId);

    const response = await reauthenticate(sessionId, {
      idToken: craftIdToken(user, { authTimeSecondsAgo: 6 * 60 }),
      refreshToken: user.refreshToken,
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('recent_login_required');
    expect(await sessionRowOf(bff.database, sessionId)).toEqual(before);
  });

  test('answers 401 unauthenticated without a session', async () => {
    const user = await createEmailUser(emulatorHost());

    const response = await reauthenticate(undefined, {
      idToken: user.idToken,
      refreshToken: user.refreshToken,
    });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  test('answers 400 to a body that is not two tokens', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);

    const response = await reauthenticate(sessionId, { idToken: user.idToken });

    expect(response.statusCode).toBe(400);
  });

  test('is refused as cross-site without the client header, like every /auth route', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);

    const response = await reauthenticate(
      sessionId,
      { idToken: user.idToken, refreshToken: user.refreshToken },
      {},
    );

    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_rejected');
  });
});

describe('token refreshes under way', () => {
  test('a slow refresh that finishes after a re-authentication does not replace its tokens', async () => {
    const user = await createEmailUser(emulatorHost());
    const oldSessionId = await signIn(slowBff.app, user);
    const signedInAt = (await forwardedClaims(slowBff.app, oldSessionId)).auth_time;
    const hold = holdNextRefresh();
    const slowRefresh = slowBff.app.inject({
      method: 'POST',
      url: '/auth/session/refresh',
      headers: { ...clientHeaders, ...cookieHeader(oldSessionId) },
    });
    await hold.whenObtained;
    await delay(1_100);
    const again = await signInWithPassword(emulatorHost(), user.email, user.password);

    const reauthenticated = await slowBff.app.inject({
      method: 'POST',
      url: '/auth/session/reauthenticate',
      headers: { ...clientHeaders, ...cookieHeader(oldSessionId) },
      payload: { idToken: again.idToken, refreshToken: again.refreshToken },
    });
    expect(reauthenticated.statusCode).toBe(200);
    hold.release();
    await slowRefresh;

    const sessionId = sessionCookieOf(reauthenticated) ?? oldSessionId;
    const claims = await forwardedClaims(slowBff.app, sessionId);
    expect(claims.auth_time).toBeGreaterThan(signedInAt);
  });

  test('a slow refresh of another BFF instance does not overwrite the newer tokens a later refresh stored', async () => {
    const user = await createEmailUser(emulatorHost(), { verified: false });
    const sessionId = await signIn(bff.app, user);
    const hold = holdNextRefresh();
    // This instance asks Firebase first, while the address is still unverified, and stalls.
    const slowRefresh = slowBff.app.inject({
      method: 'POST',
      url: '/auth/session/refresh',
      headers: { ...clientHeaders, ...cookieHeader(sessionId) },
    });
    await hold.whenObtained;

    // The user verifies the address; the other instance refreshes and stores the news.
    await updateEmulatorAccount(user.uid, { emailVerified: true });
    const fresh = await bff.app.inject({
      method: 'POST',
      url: '/auth/session/refresh',
      headers: { ...clientHeaders, ...cookieHeader(sessionId) },
    });
    expect(fresh.json().user.emailVerified).toBe(true);

    hold.release();
    expect((await slowRefresh).statusCode).toBe(200);

    expect((await sessionRowOf(bff.database, sessionId))?.claims.emailVerified).toBe(true);
    await delay(2_100);
    expect((await forwardedClaims(bff.app, sessionId)).email_verified).toBe(true);
  });
});
