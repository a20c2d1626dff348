import { createHash, randomBytes } from 'node:crypto';

/**
 * The session id is 32 random bytes (256 bits) in base64url: the cookie holds it, the database only
 * its SHA-256 hash, so a leaked table cannot be replayed as cookies.
 */
const idBytes = 32;
const wellFormedId = /^[A-Za-z0-9_-]{43}$/;

export function newSessionId(): string {
  return randomBytes(idBytes).toString('base64url');
}

export function hashSessionId(sessionId: string): string {
  return createHash('sha256').update(sessionId, 'utf8').digest('hex');
}

/** Anything else in the cookie cannot be one of our ids; rejecting it early spares a database query. */
export function isWellFormedSessionId(value: string | undefined): value is string {
  return value !== undefined && wellFormedId.test(value);
}
