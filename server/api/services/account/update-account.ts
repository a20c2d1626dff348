import type { Account, UpdateAccountBody } from '../../../../shared/schemas/account.ts';
import type { Database } from '../../../db/database.ts';
import * as accountsRepository from '../../../db/repositories/accounts.ts';
import { accountNotFound, getAccount } from './get-account.ts';
import { presentAccount } from './present-account.ts';

/**
 * Changes the caller's preferences and profile (language, display name, theme). The body schema is
 * strict, so fields such as email or subscriptionPlan never reach this point. An empty change is not
 * a write: the account comes back as it is, updatedAt included.
 */
export async function updateAccount(
  db: Database,
  uid: string,
  body: UpdateAccountBody,
): Promise<Account> {
  const changes: accountsRepository.AccountChanges = {
    ...(body.language !== undefined && { language: body.language }),
    ...(body.displayName !== undefined && { displayName: body.displayName }),
    ...(body.theme !== undefined && { theme: body.theme }),
  };
  if (Object.keys(changes).length === 0) return getAccount(db, uid);

  const updated = await accountsRepository.updateAccount(db, uid, changes);
  if (updated === undefined) throw accountNotFound();
  return presentAccount(updated);
}
