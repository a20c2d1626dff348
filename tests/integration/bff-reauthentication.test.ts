import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  craftIdToken,
  createEmailUser,
  signInWithPassword,
} from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  sessionRowOf,
  signIn,
  startBff,
  startEchoUpstream,
  updateEmulatorAccount,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * POST /auth/session/reauthenticate: before deleting the account, the client signs the same user in
 * again and hands the BFF the fresh tokens, which replace the session's (issue 4).
 */

let upstream: RunningServer;
let bff: BffHarness;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({ upstreamUrl: upstream.url });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

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
  test("replaces the session's tokens with those of a fresh sign-in of the same user: 200 and the user", async () => {
    const user = await createEmailUser(emulatorHost(), { displayName: 'Ada' });
    const sessionId = await signIn(bff.app, user);
    const before = await sessionRowOf(bff.database, sessionId);
    const again = await signInWithPassword(emulatorHost(), user.email, user.password);

    const response = await reauthenticate(sessionId, {
      idToken: again.idToken,
      refreshToken: again.refreshToken,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: expect.objectContaining({ uid: user.uid, email: user.email, displayName: 'Ada' }),
    });
    // Same session, same cookie: nothing to set.
    expect(response.headers['set-cookie']).toBeUndefined();
    const after = await sessionRowOf(bff.database, sessionId);
    expect(after?.refresh_token_encrypted).not.toBe(before?.refresh_token_encrypted);
    expect(after?.id_token_encrypted).not.toBe(before?.id_token_encrypted);
    const session = await bff.app.inject({
      method: 'GET',
      url: '/auth/session',
      headers: cookieHeader(sessionId),
    });
    expect(session.json().user.uid).toBe(user.uid);
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
