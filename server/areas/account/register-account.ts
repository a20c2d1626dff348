import { AppError } from '#shared/errors.ts';
import { accountTypeOf, defaultDisplayName } from '#shared/registration.ts';
import type { Account, RegisterAccountBody } from '#shared/schemas/account.ts';
import type { Database } from '#server/db/database.ts';
import * as accountsRepository from './accounts-repository.ts';
import type { Caller, IdentityProvider } from '#server/platform/identity.ts';
import { presentAccount } from './present-account.ts';

/**
 * Creates the backend account of the caller (docs/product.md, "Flows": the registration payload).
 *
 * The payload repeats facts that the ID token already states (e-mail, verification, provider). They
 * must agree with the token: a payload that contradicts it is refused with 403 `account_mismatch`
 * and names the field, so that nobody registers an account under an e-mail they do not hold. It is
 * 403 and not 400 because the payload is well formed; it is the caller's claim that is refused.
 *
 * An e-mail account whose address is not verified yet is refused with 403 `email_not_verified`: the
 * product creates the backend account only once the address is verified (docs/product.md, "Flows"),
 * and Google accounts count as verified. A user Firebase no longer has is refused with 401.
 */
export async function registerAccount(
  deps: { db: Database; identity: IdentityProvider },
  caller: Caller,
  body: RegisterAccountBody,
): Promise<Account> {
  const { db } = deps;
  if (accountTypeOf(caller.providerId) !== body.accountType) {
    throw new AppError('account_mismatch', 403, {
      message: `accountType ${body.accountType} does not match the sign-in provider ${caller.providerId}`,
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

  // The caller's token was verified a moment ago, but the account may have been deleted since, by a
  // call that raced this one (a second tab, another BFF instance): a deleted account stays deleted.
  // What still slips in between this check and the insert, the deletion's second pass removes.
  if ((await deps.identity.findUser(caller.uid)) === null) {
    throw new AppError('unauthenticated', 401, {
      message: 'The user no longer exists; sign in again',
    });
  }

  const inserted = await accountsRepository.insertAccount(db, {
    uid: caller.uid,
    email: caller.email,
    displayName: body.displayName ?? defaultDisplayName(caller.email, caller.displayName),
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
