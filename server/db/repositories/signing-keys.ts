import { eq } from 'drizzle-orm';
import type { Database } from '../database.ts';
import { signingKeys } from '../schema.ts';

/**
 * The key stored under `name`, made from `candidate` if there is none yet. Instances starting together
 * may each offer a candidate; the first insert wins and every instance reads that one back, so they
 * all sign with the same key.
 */
export async function findOrCreateSigningKey(
  db: Database,
  name: string,
  candidate: string,
): Promise<string> {
  await db.insert(signingKeys).values({ name, key: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ key: signingKeys.key })
    .from(signingKeys)
    .where(eq(signingKeys.name, name))
    .limit(1);
  if (row === undefined) throw new Error(`The signing key ${name} could not be stored`);
  return row.key;
}
