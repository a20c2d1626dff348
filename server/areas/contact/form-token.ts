import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '#shared/errors.ts';
import { contactFormRules } from '#shared/schemas/contact.ts';
import type { Database } from '#server/db/database.ts';
import { signingKeyOf } from '#server/db/signing-keys.ts';

/**
 * The contact form's signed time stamp: `<issuedAtMs>.<signature>`, the
 * signature an HMAC-SHA256 of the issue time and the caller's uid. The server keeps nothing per
 * token: the signature proves the time is ours and the token was issued to this user, so a bot can
 * neither backdate a token nor use one fetched with another account.
 *
 * The key lives in the database (signing_keys) rather than in the environment: every API instance
 * must share it, and nothing outside the server ever needs it.
 */

const signingKeyName = 'contact-form-token';
const tokenPattern = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

function signatureOf(key: Buffer, issuedAtMs: number, uid: string): Buffer {
  return createHmac('sha256', key).update(`${issuedAtMs}.${uid}`).digest();
}

/** A token for `uid`, stamped with `now` (a test backdates it to try the time rules). */
export async function issueFormToken(db: Database, uid: string, now = new Date()): Promise<string> {
  const key = await signingKeyOf(db, signingKeyName);
  const issuedAtMs = now.getTime();
  return `${issuedAtMs}.${signatureOf(key, issuedAtMs, uid).toString('base64url')}`;
}

/**
 * Throws 400 `form_token_invalid` unless the token was issued by this server to `uid`, then 400
 * `form_submitted_too_fast` when it is younger than the minimum fill time (a person reads and types;
 * a script posts at once) and 400 `form_expired` when it is older than its lifetime.
 */
export async function checkFormToken(
  db: Database,
  uid: string,
  token: string,
  now = new Date(),
): Promise<void> {
  const match = tokenPattern.exec(token);
  const issuedAtMs = Number(match?.[1]);
  // Compared as text: decoding first would accept other spellings of the same bytes (the last
  // base64url character carries two bits that decoding ignores).
  const signature = Buffer.from(match?.[2] ?? '');
  const expected =
    match === null
      ? undefined
      : Buffer.from(
          signatureOf(await signingKeyOf(db, signingKeyName), issuedAtMs, uid).toString(
            'base64url',
          ),
        );
  if (
    expected === undefined ||
    signature.length !== expected.length ||
    !timingSafeEqual(signature, expected)
  ) {
    throw new AppError('form_token_invalid', 400, { message: 'The form token is invalid' });
  }
  const ageMs = now.getTime() - issuedAtMs;
  if (ageMs < contactFormRules.minimumFillTimeMs) {
    throw new AppError('form_submitted_too_fast', 400, {
      message: 'The form was sent too soon after it was shown',
    });
  }
  if (ageMs > contactFormRules.tokenLifetimeMs) {
    throw new AppError('form_expired', 400, { message: 'The form has expired; reload it' });
  }
}
