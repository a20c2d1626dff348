import type { Language } from '../../shared/constants.ts';
import type { AuthUser } from '../../shared/schemas/session.ts';
import { apiRequest } from './api-client.ts';
import { AuthFlowError } from './auth-errors.ts';
import { isAuthUser, setSignedInUser, signOut } from './auth-session.ts';
import { clearPendingRegistration } from './pending-registration.ts';
import { clearPreferences } from './preferences.ts';
import { isRecord } from './shape-checks.ts';

/**
 * What the account pages ask of the BFF's session once it is open (no Firebase SDK needed): resend
 * the verification e-mail, re-read the session's claims, cancel an unverified registration, and
 * sign out with everything the browser kept for the user.
 */

export const registrationPath = '/api/v1/account/registration';

/** `POST /auth/session/verification-email`, in `language`; 429 `rate_limited` within 30 s. */
export async function resendVerificationEmail(language: Language): Promise<void> {
  await apiRequest<unknown>('POST', '/auth/session/verification-email', { language });
}

/**
 * `POST /auth/session/refresh`: the session's claims read again from a fresh ID token (after the
 * address was verified elsewhere), and the app told.
 */
export async function refreshSession(): Promise<AuthUser> {
  const body = await apiRequest<unknown>('POST', '/auth/session/refresh');
  const user = isRecord(body) ? body.user : undefined;
  if (!isAuthUser(user)) throw new AuthFlowError('internal_error', 'Unexpected session answer');
  setSignedInUser(user);
  return user;
}

/**
 * The browser's data of the signed-in user (spec §3, §4 "Logout"): the pending registration, the
 * verification flag, and the language and theme cookies, which followed the account.
 */
export function clearLocalAccountData(): void {
  clearPendingRegistration();
  clearPreferences();
}

/** Spec §4 "Logout": the session ended (`DELETE /auth/session`) and the local data cleared. */
export async function signOutAndClear(): Promise<void> {
  await signOut();
  clearLocalAccountData();
}

/**
 * "Use another account" on /verify-email: the unverified registration is cancelled (the BFF deletes
 * the Firebase user and its sessions), then the session is ended and the local state cleared.
 */
export async function cancelRegistration(): Promise<void> {
  await apiRequest<unknown>('DELETE', registrationPath);
  await signOutAndClear();
}
