import { AppError } from '#shared/errors.ts';
import type { Account } from '#shared/schemas/account.ts';
import type { Database } from '#server/db/database.ts';
import * as accountsRepository from './accounts-repository.ts';
import { presentAccount } from './present-account.ts';

export function accountNotFound(): AppError {
  // The client registers the account when it sees this code.
  return new AppError('account_not_found', 404, { message: 'This user has no account yet' });
}

export async function getAccount(db: Database, uid: string): Promise<Account> {
  const row = await accountsRepository.findAccount(db, uid);
  if (row === undefined) throw accountNotFound();
  return presentAccount(row);
}
