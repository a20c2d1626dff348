import { randomUUID } from 'node:crypto';
import { testProjectId } from './test-environment.ts';

/**
 * Users made through the Auth Emulator's REST API, as the Firebase web SDK would make them. Each
 * call makes a fresh user, so tests never share one.
 */

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  idToken: string;
  refreshToken: string;
}

const apiKey = 'test-api-key';

async function call<T>(host: string, route: string, body: unknown, asOwner = false): Promise<T> {
  const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      // The emulator treats the "owner" bearer as an admin, like a service account would be.
      ...(asOwner && { authorization: 'Bearer owner' }),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as T & { error?: { message: string } };
  if (!response.ok) throw new Error(`Emulator ${route}: ${json.error?.message ?? response.status}`);
  return json;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 12)}@example.com`;
}

export async function signInWithPassword(host: string, email: string, password: string) {
  const result = await call<{ idToken: string; refreshToken: string; localId: string }>(
    host,
    `accounts:signInWithPassword?key=${apiKey}`,
    { email, password, returnSecureToken: true },
  );
  return { uid: result.localId, idToken: result.idToken, refreshToken: result.refreshToken };
}

/** An e-mail and password user, verified unless told otherwise, with tokens from a fresh sign-in. */
export async function createEmailUser(
  host: string,
  options: { verified?: boolean; displayName?: string; email?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = `Pw-${randomUUID()}`;
  const created = await call<{ localId: string }>(host, `accounts:signUp?key=${apiKey}`, {
    email,
    password,
    ...(options.displayName !== undefined && { displayName: options.displayName }),
    returnSecureToken: true,
  });
  if (options.verified ?? true) {
    await call(
      host,
      `projects/${testProjectId}/accounts:update`,
      { localId: created.localId, emailVerified: true },
      true,
    );
  }
  const tokens = await signInWithPassword(host, email, password);
  return { email, password, ...tokens };
}

/** A Google user, signed in through the emulator's stand-in for Google's identity provider. */
export async function createGoogleUser(
  host: string,
  options: { email?: string; name?: string } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail('google');
  const idpToken = JSON.stringify({
    sub: randomUUID(),
    email,
    email_verified: true,
    name: options.name ?? 'Google Tester',
  });
  const result = await call<{ localId: string; idToken: string; refreshToken: string }>(
    host,
    `accounts:signInWithIdp?key=${apiKey}`,
    {
      postBody: `id_token=${encodeURIComponent(idpToken)}&providerId=google.com`,
      requestUri: 'http://localhost',
      returnSecureToken: true,
    },
  );
  return {
    uid: result.localId,
    email,
    password: '',
    idToken: result.idToken,
    refreshToken: result.refreshToken,
  };
}

export async function disableUser(host: string, uid: string): Promise<void> {
  await call(
    host,
    `projects/${testProjectId}/accounts:update`,
    { localId: uid, disableUser: true },
    true,
  );
}

export async function deleteUser(host: string, uid: string): Promise<void> {
  await call(host, `projects/${testProjectId}/accounts:delete`, { localId: uid }, true);
}

/**
 * An unsigned ID token of the kind the emulator issues, with claims the test chooses: an old
 * `auth_time`, another project's audience, an expired `exp`… The admin SDK in emulator mode checks
 * the claims but not the signature, exactly as it checks real tokens' claims in production.
 */
export function craftIdToken(
  user: { uid: string; email: string },
  overrides: { projectId?: string; authTimeSecondsAgo?: number; expiresInSeconds?: number } = {},
): string {
  const now = Math.floor(Date.now() / 1000);
  const projectId = overrides.projectId ?? testProjectId;
  const payload = {
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    auth_time: now - (overrides.authTimeSecondsAgo ?? 0),
    user_id: user.uid,
    sub: user.uid,
    iat: now - 1,
    exp: now + (overrides.expiresInSeconds ?? 3600),
    email: user.email,
    email_verified: true,
    firebase: { identities: { email: [user.email] }, sign_in_provider: 'password' },
  };
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(payload)}.`;
}
