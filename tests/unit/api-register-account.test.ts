import { describe, expect, it } from 'vitest';
import {
  accountTypeOfSignInProvider,
  defaultDisplayName,
} from '../../server/areas/account/register-account.ts';

describe('defaultDisplayName', () => {
  it('is the part of the e-mail before the @', () => {
    expect(defaultDisplayName('jeanne.martin@example.com')).toBe('jeanne.martin');
  });

  it('falls back to User when there is nothing before the @', () => {
    expect(defaultDisplayName('@example.com')).toBe('User');
    expect(defaultDisplayName('')).toBe('User');
  });
});

describe('accountTypeOfSignInProvider', () => {
  it('maps password to email and google.com to google', () => {
    expect(accountTypeOfSignInProvider('password')).toBe('email');
    expect(accountTypeOfSignInProvider('google.com')).toBe('google');
  });

  it('gives no account type to other providers, including inherited property names', () => {
    for (const provider of ['anonymous', 'phone', 'custom', 'apple.com', 'toString', '__proto__']) {
      expect(accountTypeOfSignInProvider(provider)).toBeUndefined();
    }
  });
});
