import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Database } from '#server/db/database.ts';
import { signingKeyOf } from '#server/db/signing-keys.ts';

/**
 * The weekly summary's unsubscribe token: `ws1.<uid>.<issued at, seconds>.<signature>`, the uid in
 * base64url and the signature an HMAC-SHA256 of the purpose and the rest. It does one thing, turn
 * the summary off for that account, without a session: the key is its own (signing_keys
 * `weekly-summary-unsubscribe`, used for nothing else) and the purpose is part of what is signed, so
 * no other token of the product passes for one, nor one for another. It lasts long enough for a
 * summary read late (`unsubscribeTokenLifetimeMs`); a mail each week brings a fresh one.
 */

const signingKeyName = 'weekly-summary-unsubscribe';
const purpose = 'weekly-summary-unsubscribe';
const tokenPattern = /^ws1\.([A-Za-z0-9_-]{1,200})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

export const unsubscribeTokenLifetimeMs = 60 * 86_400_000;

function signatureOf(key: Buffer, signed: string): string {
  return createHmac('sha256', key).update(`${purpose}.${signed}`).digest('base64url');
}

export async function issueUnsubscribeToken(
  db: Database,
  uid: string,
  now = new Date(),
): Promise<string> {
  const signed = `${Buffer.from(uid).toString('base64url')}.${Math.floor(now.getTime() / 1000)}`;
  return `ws1.${signed}.${signatureOf(await signingKeyOf(db, signingKeyName), signed)}`;
}

export type UnsubscribeTokenCheck = { uid: string } | 'invalid' | 'expired';

/** The account a token names, or why it is refused: tampered or not ours, or too old. */
export async function checkUnsubscribeToken(
  db: Database,
  token: string,
  now = new Date(),
): Promise<UnsubscribeTokenCheck> {
  const match = tokenPattern.exec(token);
  if (match === null) return 'invalid';
  const [, uidPart, issuedAt, signature] = match as unknown as [string, string, string, string];
  // Compared as text: decoding first would accept other spellings of the same bytes.
  const expected = Buffer.from(
    signatureOf(await signingKeyOf(db, signingKeyName), `${uidPart}.${issuedAt}`),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  const ageMs = now.getTime() - Number(issuedAt) * 1000;
  if (ageMs > unsubscribeTokenLifetimeMs) return 'expired';
  return { uid: Buffer.from(uidPart, 'base64url').toString() };
}
