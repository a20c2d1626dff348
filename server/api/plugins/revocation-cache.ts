import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  revocationOf,
  type IdentityProvider,
  type IdentityUser,
} from '#server/platform/identity.ts';

/**
 * What Firebase says about each caller's tokens (disabled, gone, revoked since when), kept by this
 * API process for at most `maxAgeMs`, so that a read made with a token that Firebase no longer
 * honours is refused without asking Firebase on every call.
 *
 * Why five minutes by default: an ID token's signature stays valid for its whole hour, so without a
 * check a revoked user (a password changed after a stolen cookie, a disabled or deleted account)
 * could read for up to an hour. Asking Firebase on every read would put one Admin API round trip
 * (tens of milliseconds, and the project's Admin API quota) on every call a page makes. Five minutes
 * costs at most one lookup per active user and API process every five minutes, and matches the other
 * short windows of sessions: a sign-in must be five minutes fresh to open a session, and the BFF
 * refreshes a token five minutes before it expires. Writes do not wait for it: they ask Firebase on
 * every call (authenticate.ts), because what a write does cannot be taken back, and what they learn
 * is kept for the reads that follow.
 */
export const defaultRevocationCacheMaxAgeMs = 5 * 60_000;

export interface RevocationCache {
  /**
   * Why Firebase no longer honours this verified token (`auth/id-token-revoked`,
   * `auth/user-disabled`, `auth/user-not-found`), or null when it does, as Firebase said at most
   * maxAgeMs ago, or with `askNow` (a write) by a lookup of its own that starts now, not one already
   * under way. Throws what the lookup throws when Firebase cannot be asked.
   */
  revocationOf(claims: DecodedIdToken, options?: { askNow?: boolean }): Promise<string | null>;
}

export interface RevocationCacheOptions {
  /** How long what Firebase said is believed; 0 asks on every call. */
  maxAgeMs: number;
  now?: () => number;
}

/** Enough for every user active within the window on one process; the oldest entries go first. */
const maxEntries = 50_000;

export function createRevocationCache(
  identity: IdentityProvider,
  options: RevocationCacheOptions,
): RevocationCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, { user: IdentityUser | null; readAt: number }>();
  /** One lookup per user at a time for reads, however many calls arrive together. */
  const readLookups = new Map<string, Promise<IdentityUser | null>>();

  const remember = (uid: string, user: IdentityUser | null, readAt: number) => {
    if (options.maxAgeMs <= 0) return;
    const known = entries.get(uid);
    // A lookup that started earlier and ended later says less than the one already kept.
    if (known !== undefined && known.readAt > readAt) return;
    entries.delete(uid);
    if (entries.size >= maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest reading.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(uid, { user, readAt });
  };

  const lookUp = async (uid: string): Promise<IdentityUser | null> => {
    const readAt = now();
    const user = await identity.findUser(uid);
    remember(uid, user, readAt);
    return user;
  };

  const lookUpForRead = (uid: string): Promise<IdentityUser | null> => {
    let lookup = readLookups.get(uid);
    if (lookup === undefined) {
      lookup = lookUp(uid).finally(() => readLookups.delete(uid));
      readLookups.set(uid, lookup);
    }
    return lookup;
  };

  return {
    async revocationOf(claims, { askNow = false } = {}) {
      if (askNow) return revocationOf(claims, await lookUp(claims.uid));
      const entry = entries.get(claims.uid);
      const fresh = entry !== undefined && now() - entry.readAt < options.maxAgeMs;
      const user = fresh ? entry.user : await lookUpForRead(claims.uid);
      return revocationOf(claims, user);
    },
  };
}
