import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/**
 * Keys the server makes for itself and shares between its instances through the database (the
 * contact form token's and the weekly summary's unsubscribe token's HMAC keys): made once, never configured, never sent anywhere. Any area may
 * keep one here under a name of its own.
 */
export const signingKeys = pgTable('signing_keys', {
  name: text('name').primaryKey(),
  key: text('key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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

/** The keys read so far, by database handle and name. */
const readKeys = new WeakMap<Database, Map<string, Promise<Buffer>>>();

/**
 * The 32-byte key stored under `name` (made on first use), read once per database handle and kept:
 * it never changes once stored. A failed read is forgotten, so that the next use tries again.
 */
export function signingKeyOf(db: Database, name: string): Promise<Buffer> {
  let keys = readKeys.get(db);
  if (keys === undefined) {
    keys = new Map();
    readKeys.set(db, keys);
  }
  let key = keys.get(name);
  if (key === undefined) {
    key = findOrCreateSigningKey(db, name, randomBytes(32).toString('base64url')).then((stored) =>
      Buffer.from(stored, 'base64url'),
    );
    key.catch(() => keys.delete(name));
    keys.set(name, key);
  }
  return key;
}
