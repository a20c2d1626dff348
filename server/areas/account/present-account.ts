import type { Account } from '#shared/schemas/account.ts';
import type { AccountRow } from './accounts-repository.ts';

/** A stored account as the API describes it: every stored field, timestamps as ISO 8601 strings. */
export function presentAccount(row: AccountRow): Account {
  return {
    uid: row.uid,
    email: row.email,
    displayName: row.displayName,
    accountType: row.accountType,
    subscriptionPlan: row.subscriptionPlan,
    language: row.language,
    theme: row.theme,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
