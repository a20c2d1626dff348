import { AppError } from '#shared/errors.ts';
import type { Account, UpdateAccountBody } from '#shared/schemas/account.ts';
import type { Database } from '#server/db/database.ts';
import * as accountsRepository from './accounts-repository.ts';
import { isIdentityProviderOutage, type IdentityProvider } from '#server/platform/identity.ts';
import { accountNotFound, getAccount } from './get-account.ts';
import { presentAccount } from './present-account.ts';

/**
 * Changes the caller's preferences and profile (language, display name, theme). The body schema is
 * strict, so fields such as email or subscriptionPlan never reach this point. An empty change is not
 * a write: the account comes back as it is, updatedAt included.
 *
 * A new display name goes to Firebase too, so the session's user (read from the ID token) and the
 * e-mails Firebase sends use it. The account is written first: it is what the app shows, and a
 * Firebase failure answered as an error lets the client retry both, since both writes are idempotent.
 */
export async function updateAccount(
  deps: { db: Database; identity: IdentityProvider },
  uid: string,
  body: UpdateAccountBody,
): Promise<Account> {
  const changes: accountsRepository.AccountChanges = {
    ...(body.language !== undefined && { language: body.language }),
    ...(body.displayName !== undefined && { displayName: body.displayName }),
    ...(body.theme !== undefined && { theme: body.theme }),
  };
  if (Object.keys(changes).length === 0) return getAccount(deps.db, uid);

  const updated = await accountsRepository.updateAccount(deps.db, uid, changes);
  if (updated === undefined) throw accountNotFound();
  if (changes.displayName !== undefined) {
    try {
      await deps.identity.updateDisplayName(uid, changes.displayName);
    } catch (error) {
      if (!isIdentityProviderOutage(error)) throw error;
      throw new AppError('identity_provider_unavailable', 503, {
        message: 'The display name could not be saved with the identity provider; try again',
        cause: error,
      });
    }
  }
  return presentAccount(updated);
}
