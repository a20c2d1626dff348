import { registrationBody } from '#shared/registration.ts';
import type { Account, RegisterAccountBody } from '#shared/schemas/account.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import { fetchAccount, registerAccount } from './account-api.ts';
import { ApiError } from './api-error.ts';
import {
  clearPendingRegistration,
  readPendingRegistration,
  type PendingRegistration,
} from './pending-registration.ts';
import { reportError } from './error-reporting.ts';
import { applyAccountPreferences } from './preferences.ts';

/**
 * The backend account of a signed-in user, after a sign-in, a verification or at start: looked up,
 * created on 404 (a 409 meaning someone, another tab, created it meanwhile), then the pending
 * registration is cleared and the account's language and theme applied. Only a verified e-mail user
 * or a Google user has one (signed-in-account.ts decides who): an unverified user is never looked up.
 * The app start loads this module only once such a user is signed in.
 */

export interface AccountSyncOptions {
  fetchAccount(): Promise<Account | null>;
  registerAccount(body: RegisterAccountBody): Promise<Account>;
  readPendingRegistration(): PendingRegistration | undefined;
  clearPendingRegistration(): void;
}

export interface AccountSync {
  /**
   * The user's account, created when missing (in the pending registration's language when it is
   * this user's, else in English). Calls for the same user share one request.
   */
  ensure(user: AuthUser): Promise<Account>;
}

export function createAccountSync(options: AccountSyncOptions): AccountSync {
  const inFlight = new Map<string, Promise<Account>>();

  async function ensureNow(user: AuthUser): Promise<Account> {
    let account = await options.fetchAccount();
    if (account === null) {
      try {
        const { email } = user;
        if (email === null)
          throw new ApiError(0, 'invalid_email', 'The user has no e-mail address');
        account = await options.registerAccount(
          registrationBody({ ...user, email }, options.readPendingRegistration()),
        );
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409)) throw error;
        account = await options.fetchAccount();
        if (account === null) throw error;
      }
    }
    options.clearPendingRegistration();
    return account;
  }

  return {
    ensure(user) {
      const running = inFlight.get(user.uid);
      if (running !== undefined) return running;
      const started = ensureNow(user).finally(() => inFlight.delete(user.uid));
      inFlight.set(user.uid, started);
      return started;
    },
  };
}

const accountSync = createAccountSync({
  fetchAccount,
  registerAccount,
  readPendingRegistration,
  clearPendingRegistration,
});

/** The account, created when missing; nothing is applied (the app start applies it itself). */
export function ensureBackendAccount(user: AuthUser): Promise<Account> {
  return accountSync.ensure(user);
}

/** ensureBackendAccount, then the account's language and theme applied to the page. */
export async function syncBackendAccount(user: AuthUser): Promise<Account> {
  const account = await accountSync.ensure(user);
  await applyAccountPreferences(account);
  return account;
}

/**
 * After an auth change (signed-in-account.ts): the account ensured, then its language and theme
 * applied while `stillWanted()`. A failure waits for the next change or start; being offline or
 * signed out meanwhile is no fault worth a report.
 */
export async function syncAfterAuthChange(
  user: AuthUser,
  stillWanted: () => boolean,
): Promise<void> {
  try {
    const account = await accountSync.ensure(user);
    if (stillWanted()) await applyAccountPreferences(account);
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 0 || error.status === 401))) {
      reportError(error);
    }
  }
}
