import { accountContracts } from '#shared/contracts/account.ts';
import type { Account } from '#shared/schemas/account.ts';
import { updateAccount } from '#client/lib/account-api.ts';
import { apiRequest, noContent } from '#client/lib/api-client.ts';
import { callApi } from '#client/lib/call-api.ts';
import { refreshSession } from '#client/lib/session-actions.ts';

/** The account calls of the Settings screen, through the BFF (the session cookie goes along). */

/**
 * Saves the display name to the account (the API updates the Firebase user too), then asks the BFF
 * for a fresh ID token: the session's user, and with it the user menu, takes its name from the
 * token's claims. A failed refresh leaves the name saved; the menu catches up at the next load.
 */
export async function saveDisplayName(displayName: string): Promise<Account> {
  const account = await updateAccount({ displayName });
  try {
    await refreshSession();
  } catch {
    // Offline between the two calls: the account has the name, the menu shows it after a reload.
  }
  return account;
}

/** Ends every session of the user, on every device, and revokes their Firebase refresh tokens. */
export async function signOutEverywhere(): Promise<void> {
  await apiRequest('DELETE', '/auth/sessions', noContent);
}

/**
 * Deletes the account: its data, the Firebase user and every session. Both answers (204: everything
 * is gone; 202: the rest is left to a background job that retries until it is) mean done for the
 * user. Needs a sign-in at most five minutes old (403 `recent_login_required` otherwise).
 */
export async function deleteAccount(): Promise<void> {
  await callApi(accountContracts.delete, {});
}
