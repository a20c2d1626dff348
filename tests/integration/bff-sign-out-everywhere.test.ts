import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { createEmailUser, signInWithPassword } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  sessionCookieOf,
  signIn,
  startBff,
  type BffHarness,
} from './bff-test-harness.ts';

/**
 * DELETE /auth/sessions, "sign out of every device" in Settings: the BFF in front of the real API,
 * with several sessions of one user as several browsers would hold them.
 */

let api: ApiTestContext;
let bff: BffHarness;

beforeAll(async () => {
  api = await startApiForTests();
  const apiUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
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

function signOutEverywhere(sessionId?: string) {
  return bff.app.inject({
    method: 'DELETE',
    url: '/auth/sessions',
    headers: { ...clientHeaders, ...(sessionId !== undefined && cookieHeader(sessionId)) },
  });
}

async function sessionRows(uid: string): Promise<number> {
  const result = await bff.database.pool.query('select 1 from sessions where uid = $1', [uid]);
  return result.rowCount ?? 0;
}

describe('DELETE /auth/sessions', () => {
  test("ends every session of the user, revokes the user's tokens and leaves other users alone", async () => {
    const user = await createEmailUser(emulatorHost());
    const bystander = await createEmailUser(emulatorHost());
    const laptop = await signIn(bff.app, user);
    const phone = await signIn(
      bff.app,
      await signInWithPassword(emulatorHost(), user.email, user.password),
    );
    const otherUser = await signIn(bff.app, bystander);
    for (const [sessionId, who] of [
      [laptop, user],
      [otherUser, bystander],
    ] as const) {
      const registered = await bff.app.inject({
        method: 'POST',
        url: '/api/v1/account/register',
        headers: { ...clientHeaders, ...cookieHeader(sessionId) },
        payload: {
          accountType: 'email',
          subscriptionPlan: 'free',
          language: 'en',
          email: who.email,
          emailVerified: true,
        },
      });
      expect(registered.statusCode).toBe(201);
    }
    expect((await readAccount(phone)).statusCode).toBe(200);
    // Firebase compares the tokens' auth_time with the revocation time in whole seconds.
    await delay(1100);

    const response = await signOutEverywhere(laptop);

    expect(response.statusCode).toBe(204);
    expect(sessionCookieOf(response)).toBe('');
    expect(await sessionRows(user.uid)).toBe(0);
    // The other device's next API call finds no session, although this process had it cached.
    const phoneCall = await readAccount(phone);
    expect(phoneCall.statusCode).toBe(401);
    expect(phoneCall.json().error.code).toBe('unauthenticated');
    expect((await readAccount(laptop)).statusCode).toBe(401);
    // Every token minted before is revoked, wherever a copy of it may be.
    await expect(
      bff.identity.verifyIdToken(user.idToken, { checkRevoked: true }),
    ).rejects.toMatchObject({ code: 'auth/id-token-revoked' });
    expect((await readAccount(otherUser)).statusCode).toBe(200);
    expect(await sessionRows(bystander.uid)).toBe(1);
  });

  test('answers 401 unauthenticated without a session', async () => {
    const response = await signOutEverywhere();

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });

  test('is refused as cross-site without the client header', async () => {
    const user = await createEmailUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);

    const response = await bff.app.inject({
      method: 'DELETE',
      url: '/auth/sessions',
      headers: cookieHeader(sessionId),
    });

    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('csrf_rejected');
    expect(await sessionRows(user.uid)).toBe(1);
  });
});
