import { describe, expect, it } from 'vitest';
import {
  accountTypeOf,
  defaultDisplayName,
  registrationBody,
  type RegistrationChoices,
} from '#shared/registration.ts';
import type { AuthUser } from '#shared/schemas/session.ts';

describe('defaultDisplayName', () => {
  it('is the part of the e-mail before the @', () => {
    expect(defaultDisplayName('jeanne.martin@example.com')).toBe('jeanne.martin');
  });

  it('falls back to User when there is nothing before the @', () => {
    expect(defaultDisplayName('@example.com')).toBe('User');
    expect(defaultDisplayName('')).toBe('User');
  });

  it('prefers the display name the identity provider knows, cut to 100 characters', () => {
    expect(defaultDisplayName('jeanne@example.com', '  Jeanne Martin ')).toBe('Jeanne Martin');
    expect(defaultDisplayName('jeanne@example.com', 'J'.repeat(150))).toHaveLength(100);
  });
});

describe('accountTypeOf', () => {
  it('maps password to email and google.com to google', () => {
    expect(accountTypeOf('password')).toBe('email');
    expect(accountTypeOf('google.com')).toBe('google');
  });

  it('gives no account type to other providers, including inherited property names', () => {
    for (const provider of ['anonymous', 'phone', 'custom', 'apple.com', 'toString', '__proto__']) {
      expect(accountTypeOf(provider)).toBeUndefined();
    }
  });
});

const user: AuthUser & { email: string } = {
  uid: 'uid-1',
  email: 'camille@example.com',
  displayName: 'Camille',
  photoURL: null,
  providerId: 'password',
  emailVerified: true,
};

const choices: RegistrationChoices = {
  name: 'Camille Martin',
  email: 'Camille@Example.com',
  language: 'fr',
};

describe('registrationBody', () => {
  it('registers with the sign-up’s name and language when they are this user’s', () => {
    expect(registrationBody(user, choices)).toEqual({
      accountType: 'email',
      subscriptionPlan: 'free',
      language: 'fr',
      displayName: 'Camille Martin',
      email: 'camille@example.com',
      emailVerified: true,
    });
    const someoneElse = { ...choices, email: 'other@example.com' };
    expect(registrationBody(user, someoneElse)).toMatchObject({
      language: 'en',
      displayName: 'Camille',
    });
  });

  it('names a Google account google, and falls back to the e-mail’s local part for the name', () => {
    expect(
      registrationBody({ ...user, providerId: 'google.com', displayName: null }, undefined),
    ).toMatchObject({ accountType: 'google', displayName: 'camille', language: 'en' });
  });
});
