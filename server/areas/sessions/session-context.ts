import type { Database } from '#server/db/database.ts';
import type { SessionRow } from './sessions-repository.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import { createSessionCache, type SessionCache } from './session-cache.ts';
import {
  createTokenCipher,
  tokenPurposes,
  type TokenCipher,
} from '#server/platform/token-cipher.ts';

/** What every session operation works with; one per BFF instance. */
export interface SessionContext {
  db: Database;
  identity: IdentityProvider;
  cipher: TokenCipher;
  cache: SessionCache;
  now(): Date;
  /**
   * Token refreshes under way, by session id hash: parallel API calls of one page that all find the ID
   * token about to expire share one call to Firebase instead of racing.
   */
  refreshesInFlight: Map<string, Promise<FreshTokens>>;
}

/** A live session as read from its row; `claims` is the signed-in user. */
export type ActiveSession = SessionRow;

export interface FreshTokens {
  idToken: string;
  user: AuthUser;
}

export function createSessionContext(deps: {
  db: Database;
  identity: IdentityProvider;
  sessionSecret: string;
  /** How long a session read stays cached in this process; 0 reads the database every time. */
  cacheTtlMs: number;
  now?: () => Date;
}): SessionContext {
  return {
    db: deps.db,
    identity: deps.identity,
    cipher: createTokenCipher(deps.sessionSecret, tokenPurposes.sessionTokens),
    cache: createSessionCache(deps.cacheTtlMs),
    now: deps.now ?? (() => new Date()),
    refreshesInFlight: new Map(),
  };
}

/** The additional authenticated data that ties an encrypted token to its row and column. */
export function tokenBinding(idHash: string, field: 'refresh_token' | 'id_token'): string {
  return `${idHash}:${field}`;
}
