import type { ActiveSession } from './session-context.ts';

/**
 * Live sessions read in the last moments, kept in this process so that the burst of API calls a page
 * makes costs one database read instead of one each. Whatever this process changes (sign-out, a new
 * sign-in, a session ended by Firebase) it removes from here at once; a change made by another BFF
 * instance is seen here at most `ttlMs` later. Expiry is checked on every read, cached or not.
 */
export interface SessionCache {
  get(idHash: string, now: Date): ActiveSession | undefined;
  set(session: ActiveSession, now: Date): void;
  delete(idHash: string): void;
  /** Forgets every session of the user (sign-out everywhere). */
  deleteSessionsOf(uid: string): void;
}

const maxEntries = 10_000;

export function createSessionCache(ttlMs: number): SessionCache {
  const entries = new Map<string, { session: ActiveSession; storedAt: number }>();
  if (ttlMs <= 0) {
    return { get: () => undefined, set: () => {}, delete: () => {}, deleteSessionsOf: () => {} };
  }
  return {
    get(idHash, now) {
      const entry = entries.get(idHash);
      if (entry === undefined) return undefined;
      if (now.getTime() - entry.storedAt >= ttlMs) {
        entries.delete(idHash);
        return undefined;
      }
      return entry.session;
    },
    set(session, now) {
      entries.delete(session.idHash);
      if (entries.size >= maxEntries) {
        // Maps iterate in insertion order: the first key is the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(session.idHash, { session, storedAt: now.getTime() });
    },
    delete(idHash) {
      entries.delete(idHash);
    },
    deleteSessionsOf(uid) {
      // A scan of at most maxEntries, for a rare action: not worth an index by user.
      for (const [idHash, entry] of entries) {
        if (entry.session.uid === uid) entries.delete(idHash);
      }
    },
  };
}
