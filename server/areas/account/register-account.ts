import { AppError } from '../../../shared/errors.ts';
import type { Account, AccountType, RegisterAccountBody } from '../../../shared/schemas/account.ts';
import type { Database } from '../../db/database.ts';
import * as accountsRepository from './accounts-repository.ts';
import type { Caller } from '../../api/plugins/authenticate.ts';
import { presentAccount } from './present-account.ts';

/** Which account type each Firebase sign-in provider stands for; other providers cannot register. */
const accountTypeBySignInProvider: Readonly<Record<string, AccountType>> = {
  password: 'email',
  'google.com': 'google',
};

export function accountTypeOfSignInProvider(signInProvider: string): AccountType | undefined {
  return Object.hasOwn(accountTypeBySignInProvider, signInProvider)
    ? accountTypeBySignInProvider[signInProvider]
    : undefined;
}

/** The spec's fallback (§3): the part of the e-mail before the @, then "User". */
export function defaultDisplayName(email: string): string {
  const localPart = email.split('@')[0]?.trim() ?? '';
  return localPart === '' ? 'User' : localPart;
}

/**
 * Creates the backend account of the caller (spec §3 "Registration payload", §4).
 *
 * The payload repeats facts that the ID token already states (e-mail, verification, provider). They
 * must agree with the token: a payload that contradicts it is refused with 403 `account_mismatch`
 * and names the field, so that nobody registers an account under an e-mail they do not hold. It is
 * 403 and not 400 because the payload is well formed; it is the caller's claim that is refused.
 *
 * An e-mail account whose address is not verified yet is refused with 403 `email_not_verified`: the
 * spec creates the backend account only once verification succeeds (§4, Registration and Login),
 * and Google accounts count as verified.
 */
export async function registerAccount(
  db: Database,
  caller: Caller,
  body: RegisterAccountBody,
): Promise<Account> {
  if (accountTypeOfSignInProvider(caller.signInProvider) !== body.accountType) {
    throw new AppError('account_mismatch', 403, {
      message: `accountType ${body.accountType} does not match the sign-in provider ${caller.signInProvider}`,
      field: 'accountType',
    });
  }
  if (caller.email === null || caller.email !== body.email) {
    throw new AppError('account_mismatch', 403, {
      message: 'email does not match the ID token',
      field: 'email',
    });
  }
  if (caller.emailVerified !== body.emailVerified) {
    throw new AppError('account_mismatch', 403, {
      message: 'emailVerified does not match the ID token',
      field: 'emailVerified',
    });
  }
  if (body.accountType === 'email' && !caller.emailVerified) {
    throw new AppError('email_not_verified', 403, {
      message: 'The e-mail address must be verified before registration',
    });
  }

  const inserted = await accountsRepository.insertAccount(db, {
    uid: caller.uid,
    email: caller.email,
    displayName: body.displayName ?? defaultDisplayName(caller.email),
    accountType: body.accountType,
    subscriptionPlan: body.subscriptionPlan,
    language: body.language,
    emailVerified: caller.emailVerified,
  });
  if (inserted === undefined) {
    throw new AppError('account_exists', 409, { message: 'This user already has an account' });
  }
  return presentAccount(inserted);
}
