import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { EmailNotSentError, type IdentityProvider } from '#server/platform/identity.ts';
import { listOobCodes } from '../support/auth-emulator-admin.ts';
import { createEmailUser, createGoogleUser } from '../support/auth-emulator-users.ts';
import {
  clientHeaders,
  cookieHeader,
  emulatorHost,
  publicUrl,
  signIn,
  startBff,
  startEchoUpstream,
  updateEmulatorAccount,
  type BffHarness,
  type RunningServer,
} from './bff-test-harness.ts';

/**
 * POST /auth/session/verification-email: the sign-up's verification e-mail and its "resend", sent
 * through the real Auth Emulator, which keeps the codes it would have mailed.
 */

let upstream: RunningServer;
let bff: BffHarness;
/** Flipped by a test to make Firebase refuse to send. */
let sendingFails = false;

beforeAll(async () => {
  upstream = await startEchoUpstream();
  bff = await startBff({
    upstreamUrl: upstream.url,
    wrapIdentity: (identity): IdentityProvider => ({
      ...identity,
      sendVerificationEmail: (idToken, options) =>
        sendingFails
          ? Promise.reject(new EmailNotSentError('QUOTA_EXCEEDED : Exceeded quota for email'))
          : identity.sendVerificationEmail(idToken, options),
    }),
  });
});

afterAll(async () => {
  await bff?.close();
  await upstream?.close();
});

function requestVerificationEmail(sessionId: string | undefined, body: unknown) {
  return bff.app.inject({
    method: 'POST',
    url: '/auth/session/verification-email',
    headers: { ...clientHeaders, ...(sessionId !== undefined && cookieHeader(sessionId)) },
    payload: body as object,
  });
}

async function verificationCodesFor(email: string) {
  return (await listOobCodes(emulatorHost())).filter(
    (code) => code.email === email && code.requestType === 'VERIFY_EMAIL',
  );
}

describe('POST /auth/session/verification-email', () => {
  test("sends the verification e-mail of the session's user with the app's continue URL: 204", async () => {
    const user = await createEmailUser(emulatorHost(), { verified: false });
    const sessionId = await signIn(bff.app, user);

    const response = await requestVerificationEmail(sessionId, { language: 'fr' });

    expect(response.statusCode).toBe(204);
    const codes = await verificationCodesFor(user.email);
    expect(codes).toHaveLength(1);
    const link = new URL(codes[0]!.oobLink);
    expect(link.searchParams.get('mode')).toBe('verifyEmail');
    expect(link.searchParams.get('continueUrl')).toBe(`${publicUrl}/verify-email-success`);
  });

  test('sends at most one e-mail per session every 30 seconds: 429 rate_limited', async () => {
    const user = await createEmailUser(emulatorHost(), { verified: false });
    const sessionId = await signIn(bff.app, user);
    expect((await requestVerificationEmail(sessionId, { language: 'en' })).statusCode).toBe(204);

    const again = await requestVerificationEmail(sessionId, { language: 'en' });

    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('rate_limited');
    expect(await verificationCodesFor(user.email)).toHaveLength(1);
    // Another user's session has a budget of its own.
    const other = await createEmailUser(emulatorHost(), { verified: false });
    const otherSession = await signIn(bff.app, other);
    expect((await requestVerificationEmail(otherSession, { language: 'en' })).statusCode).toBe(204);
  });

  test('answers 409 email_already_verified when the address was verified since the session opened', async () => {
    const user = await createEmailUser(emulatorHost(), { verified: false });
    const sessionId = await signIn(bff.app, user);
    await updateEmulatorAccount(user.uid, { emailVerified: true });

    const response = await requestVerificationEmail(sessionId, { language: 'en' });

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('email_already_verified');
    expect(await verificationCodesFor(user.email)).toHaveLength(0);
  });

  test('answers 409 email_already_verified to a Google user', async () => {
    const user = await createGoogleUser(emulatorHost());
    const sessionId = await signIn(bff.app, user);

    const response = await requestVerificationEmail(sessionId, { language: 'en' });

    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('email_already_verified');
  });

  test('answers 502 verification_email_failed when Firebase does not send it', async () => {
    const user = await createEmailUser(emulatorHost(), { verified: false });
    const sessionId = await signIn(bff.app, user);
    sendingFails = true;
    let response;
    try {
      response = await requestVerificationEmail(sessionId, { language: 'en' });
    } finally {
      sendingFails = false;
    }

    expect(response.statusCode).toBe(502);
    expect(response.json().error.code).toBe('verification_email_failed');
  });

  test('answers 400 to a language the app does not speak', async () => {
    const user = await createEmailUser(emulatorHost(), { verified: false });
    const sessionId = await signIn(bff.app, user);

    const response = await requestVerificationEmail(sessionId, { language: 'de' });

    expect(response.statusCode).toBe(400);
  });

  test('answers 401 unauthenticated without a session', async () => {
    const response = await requestVerificationEmail(undefined, { language: 'en' });

    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('unauthenticated');
  });
});
