import { describe, expect, test } from 'vitest';
import {
  isIdentityProviderOutage,
  isRefusedIdTokenError,
  refusedIdTokenCodes,
} from '#server/platform/identity.ts';

const firebaseError = (code: string) => Object.assign(new Error(code), { code });

/** The codes that blame the token or its user, written out so that the list cannot drift unseen. */
const expectedRefusedCodes = [
  'auth/argument-error',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/invalid-argument',
  'auth/invalid-id-token',
  'auth/user-disabled',
  'auth/user-not-found',
];

describe('classifying verifyIdToken failures (one list for the API and the BFF)', () => {
  test('refuses exactly the codes that blame the token or its user', () => {
    expect([...refusedIdTokenCodes].sort()).toEqual(expectedRefusedCodes);
  });

  test.each(expectedRefusedCodes)('%s is a refused token, not an outage', (code) => {
    expect(isRefusedIdTokenError(firebaseError(code))).toBe(true);
    expect(isIdentityProviderOutage(firebaseError(code))).toBe(false);
  });

  test.each(['app/network-error', 'app/network-timeout', 'auth/internal-error'])(
    '%s is an outage, not a refused token',
    (code) => {
      expect(isIdentityProviderOutage(firebaseError(code))).toBe(true);
      expect(isRefusedIdTokenError(firebaseError(code))).toBe(false);
    },
  );

  test.each([
    ['an error without a code', new Error('socket hang up')],
    ['an unknown code', firebaseError('auth/project-not-found')],
    ['a code that is not a string', Object.assign(new Error('x'), { code: 401 })],
    ['a thrown string', 'auth/id-token-expired'],
    ['undefined', undefined],
  ])('%s is neither', (_kind, error) => {
    expect(isRefusedIdTokenError(error)).toBe(false);
    expect(isIdentityProviderOutage(error)).toBe(false);
  });
});
