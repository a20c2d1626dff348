import { visitorOf } from '../../shared/navigation-guard.ts';
import { registrationBody } from '../../shared/registration.ts';
import type { Account, RegisterAccountBody } from '../../shared/schemas/account.ts';
import type { AuthUser } from '../../shared/schemas/session.ts';
import { fetchAccount, registerAccount } from './account-api.ts';
import { ApiError } from './api-client.ts';
import { getAuthState, subscribeAuth } from './auth-session.ts';
import { reportError } from './error-reporting.ts';
import {
  clearPendingRegistration,
  readPendingRegistration,
  type PendingRegistration,
} from './pending-registration.ts';
import { applyAccountPreferences } from './preferences.ts';

/**
 * The backend account of a signed-in user (spec §4 "Login", "Google login", "Auth change"): looked
 * up, created on 404 (a 409 meaning someone, another tab, created it meanwhile), then the pending
 * registration is cleared and the account's language and theme applied. Only a verified e-mail user
 * or a Google user has one: an unverified user is never looked up.
 */

/** Whether the user may have a backend account (verified e-mail, or Google). */
export function mayHaveAccount(user: AuthUser): boolean {
  const visitor = visitorOf(user);
  return visitor.signedIn && visitor.emailVerified;
}

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
 * Spec §4 "Auth change": whenever the signed-in user changes, or becomes verified, after the start
 * (a sign-in, a verification, a session that answered late), their account is ensured and applied.
 * `startUser` is the user the app start already handled. A failure waits for the next change or
 * start; the flows that need the account (sign-in, verification) report it themselves.
 */
export function followAccountSync(startUser: AuthUser | null): void {
  const keyOf = (user: AuthUser | null) =>
    user === null ? null : `${user.uid}:${String(mayHaveAccount(user))}`;
  let lastKey = keyOf(startUser);
  subscribeAuth(() => {
    const state = getAuthState();
    const user = state.status === 'signed-in' ? state.user : null;
    const key = keyOf(user);
    if (key === lastKey) return;
    lastKey = key;
    if (user === null || !mayHaveAccount(user)) return;
    ensureBackendAccount(user)
      .then(async (account) => {
        // Signed out or switched user meanwhile: this account's preferences are no longer wanted.
        if (lastKey === key) await applyAccountPreferences(account);
      })
      .catch((error: unknown) => {
        if (!(error instanceof ApiError && (error.status === 0 || error.status === 401))) {
          reportError(error);
        }
      });
  });
}
