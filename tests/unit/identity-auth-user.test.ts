import type { DecodedIdToken } from 'firebase-admin/auth';
import { expect, test } from 'vitest';
import { authUserOf } from '#server/platform/identity.ts';
import { visitorOf } from '#shared/navigation-guard.ts';

function claims(overrides: Partial<DecodedIdToken> & Record<string, unknown>): DecodedIdToken {
  return {
    aud: 'demo-vitrine',
    auth_time: 0,
    exp: 0,
    iat: 0,
    iss: 'https://securetoken.google.com/demo-vitrine',
    sub: 'uid-1',
    uid: 'uid-1',
    firebase: { identities: {}, sign_in_provider: 'password' },
    ...overrides,
  } as DecodedIdToken;
}

test('reads the signed-in user from the claims', () => {
  const user = authUserOf(
    claims({
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada',
      picture: 'https://example.com/a.png',
    }),
  );

  expect(user).toEqual({
    uid: 'uid-1',
    email: 'ada@example.com',
    displayName: 'Ada',
    photoURL: 'https://example.com/a.png',
    providerId: 'password',
    emailVerified: true,
  });
});

test('missing claims become null, an unknown provider becomes "email", and unverified is the default', () => {
  const user = authUserOf(claims({ firebase: { identities: {}, sign_in_provider: '' } }));

  expect(user).toEqual({
    uid: 'uid-1',
    email: null,
    displayName: null,
    photoURL: null,
    providerId: 'email',
    emailVerified: false,
  });
});

test('a Google session counts as verified for the page guards; an unverified e-mail session does not', () => {
  const base = { uid: 'u', email: null, displayName: null, photoURL: null };

  expect(visitorOf({ ...base, providerId: 'google.com', emailVerified: false })).toEqual({
    signedIn: true,
    emailVerified: true,
  });
  expect(visitorOf({ ...base, providerId: 'password', emailVerified: false })).toEqual({
    signedIn: true,
    emailVerified: false,
  });
  expect(visitorOf(null)).toEqual({ signedIn: false });
});
