import { createHash } from 'node:crypto';

/**
 * The BFF tells the API which session a call comes through, as a value derived from the session's
 * id hash (never the hash itself, which would find the row): a store's authorization is bound to
 * the session that started it, so a callback completed in another session, even of the same user,
 * is refused. It identifies nobody: the caller is still only who the ID token says.
 */
export const sessionBindingHeader = 'x-vitrine-session-binding';

export function sessionBindingOf(sessionIdHash: string): string {
  return createHash('sha256').update(`shop-authorization:${sessionIdHash}`, 'utf8').digest('hex');
}

/** The binding a request carries; empty when it came without the BFF. */
export function sessionBindingFrom(headers: Record<string, string | string[] | undefined>): string {
  const value = headers[sessionBindingHeader];
  return typeof value === 'string' && /^[0-9a-f]{64}$/.test(value) ? value : '';
}
