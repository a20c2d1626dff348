import type { Database } from '#server/db/database.ts';
import { findAccounts } from './accounts-repository.ts';

/**
 * How the product names accounts to their owners' eyes (who approved a change): the display name, or
 * the e-mail when the name is empty. An account deleted since has no name: its uid is left out.
 */
export async function accountNames(
  db: Database,
  uids: readonly string[],
): Promise<Map<string, string>> {
  const rows = await findAccounts(db, [...new Set(uids)]);
  return new Map(
    rows.map((row) => [row.uid, row.displayName.trim() === '' ? row.email : row.displayName]),
  );
}
