import type { Language } from '#shared/constants.ts';
import { accountContracts } from '#shared/contracts/account.ts';
import { sessionResponseSchema, type AuthUser } from '#shared/schemas/session.ts';
import { apiRequest, noContent } from './api-client.ts';
import { callApi } from './call-api.ts';
import { setSignedInUser, signOut } from './auth-session.ts';
import { clearPendingRegistration } from './pending-registration.ts';
import { clearPreferences } from './preferences.ts';

/**
 * What the account pages ask of the BFF's session once it is open (no Firebase SDK needed): resend
 * the verification e-mail, re-read the session's claims, cancel an unverified registration, and
 * sign out with everything the browser kept for the user.
 */

/** `POST /auth/session/verification-email`, in `language`; 429 `rate_limited` within 30 s. */
export async function resendVerificationEmail(language: Language): Promise<void> {
  await apiRequest('POST', '/auth/session/verification-email', noContent, { language });
}

/**
 * `POST /auth/session/refresh`: the session's claims read again from a fresh ID token (after the
 * address was verified elsewhere), and the app told.
 */
export async function refreshSession(): Promise<AuthUser> {
  const { user } = await apiRequest('POST', '/auth/session/refresh', sessionResponseSchema);
  setSignedInUser(user);
  return user;
}

/**
 * What the browser keeps of the signed-in user: the pending registration, the verification flag,
 * and the language and theme cookies, which followed the account. A sign-out leaves none of it for
 * the next person at this browser.
 */
export function clearLocalAccountData(): void {
  clearPendingRegistration();
  clearPreferences();
}

/** Sign-out: the session ended (`DELETE /auth/session`) and the local data cleared. */
export async function signOutAndClear(): Promise<void> {
  await signOut();
  clearLocalAccountData();
}

/**
 * "Use another account" on /verify-email: the unverified registration is cancelled (the BFF deletes
 * the Firebase user and its sessions), then the session is ended and the local state cleared.
 */
export async function cancelRegistration(): Promise<void> {
  await callApi(accountContracts.cancelRegistration, {});
  await signOutAndClear();
}
