import { defaultLanguage, signUpPlan, type Language } from './constants.ts';
import type { AccountType, RegisterAccountBody } from './schemas/account.ts';
import type { AuthUser } from './schemas/session.ts';

/**
 * The facts of a backend account's registration, derived in one place: the client builds the
 * registration payload with registrationBody, and the API checks that payload against the caller's
 * verified token with the same functions, so the two can never disagree on what a user's account
 * type or default name is.
 */

/** Which account type each sign-in method stands for; other methods cannot register. */
const accountTypeByProviderId: Readonly<Record<string, AccountType>> = {
  password: 'email',
  'google.com': 'google',
};

export function accountTypeOf(providerId: string): AccountType | undefined {
  return Object.hasOwn(accountTypeByProviderId, providerId)
    ? accountTypeByProviderId[providerId]
    : undefined;
}

/** The longest display name an account keeps. */
export const displayNameMaxLength = 100;

/**
 * The name an account starts with when the sign-up gave none: the user's own display name, else the
 * part of the e-mail before the @, else "User".
 */
export function defaultDisplayName(email: string, displayName: string | null = null): string {
  const localPart = email.split('@')[0]?.trim() ?? '';
  const name = (displayName ?? '').trim() || localPart || 'User';
  return name.slice(0, displayNameMaxLength);
}

/** What a sign-up remembers until the address is verified: the name and language it chose. */
export interface RegistrationChoices {
  name: string;
  email: string;
  language: Language;
}

/**
 * The registration payload for a signed-in user. The choices of the sign-up count only when they
 * are this user's (the same e-mail); an account created without them, after a Google sign-in or on
 * another device, starts in English.
 */
export function registrationBody(
  user: AuthUser & { email: string },
  choices: RegistrationChoices | undefined,
): RegisterAccountBody {
  const own =
    choices !== undefined && choices.email.toLowerCase() === user.email.toLowerCase()
      ? choices
      : undefined;
  return {
    accountType: accountTypeOf(user.providerId) ?? 'email',
    subscriptionPlan: signUpPlan,
    language: own?.language ?? defaultLanguage,
    displayName: defaultDisplayName(user.email, own?.name ?? user.displayName),
    email: user.email,
    emailVerified: user.emailVerified,
  };
}
