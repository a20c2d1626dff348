import { visitorOf } from '#shared/navigation-guard.ts';
import type { Account } from '#shared/schemas/account.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import { getAuthState, subscribeAuth, type AuthState } from './auth-session.ts';

/**
 * Who of the signed-in users has a backend account, and keeping it in step with the session. The
 * account's code (account-sync.ts, the account API and its schemas) is loaded only once such a user
 * is signed in: a visitor who is not signed in never downloads it with the public pages.
 */

/** Whether the user may have a backend account (verified e-mail, or Google). */
export function mayHaveAccount(user: AuthUser): boolean {
  const visitor = visitorOf(user);
  return visitor.signedIn && visitor.emailVerified;
}

type AccountSyncModule = typeof import('./account-sync.ts');

/**
 * The account's code. Vite's preload helper answers undefined when chunk-load recovery (a reload)
 * took the failure: the page is about to start again, so nothing is left to do.
 */
async function accountSync(): Promise<AccountSyncModule | undefined> {
  return (await import('./account-sync.ts')) as AccountSyncModule | undefined;
}

/**
 * The backend account of the user signed in at start, created when missing (in English unless a
 * pending registration of this user names the language chosen at sign-up); null for an unverified
 * user, who has none yet, and when it fails: the next auth change or start tries again.
 */
export async function accountAtStart(state: AuthState): Promise<Account | null> {
  if (state.status !== 'signed-in' || !mayHaveAccount(state.user)) return null;
  try {
    return (await (await accountSync())?.ensureBackendAccount(state.user)) ?? null;
  } catch {
    return null;
  }
}

/**
 * Whenever the signed-in user changes, or becomes verified, after the start (a sign-in, a
 * verification, a session that answered late), their account is ensured and its language and theme
 * applied. `startUser` is the user the app start already handled. A failure waits for the next
 * change or start; the flows that need the account (sign-in, verification) report it themselves.
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
    // Signed out or switched user meanwhile: this account's preferences are no longer wanted.
    const stillWanted = () => lastKey === key;
    void accountSync().then(
      (loaded) => loaded?.syncAfterAuthChange(user, stillWanted),
      // A chunk that failed to load: chunk-load recovery has it in hand.
      () => {},
    );
  });
}
