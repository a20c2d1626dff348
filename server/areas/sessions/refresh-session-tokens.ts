import { storeRefreshedTokens } from './sessions-repository.ts';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { RefreshTokenRefusedError, type RefreshedTokens } from '#server/platform/identity.ts';
import { session as sessionRules } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import {
  tokenBinding,
  type ActiveSession,
  type FreshTokens,
  type SessionContext,
} from './session-context.ts';
import { endSession } from './end-session.ts';
import { authUserOf } from '#server/platform/identity.ts';
import {
  asUnavailable,
  IdTokenRejectedError,
  verifyFirebaseIdToken,
} from './verify-firebase-id-token.ts';

/** The session ended because Firebase no longer accepts its user; the caller clears the cookie. */
export class SessionEndedError extends AppError {
  constructor(reason: string) {
    super('session_expired', 401, { message: `The session has ended: ${reason}` });
    this.name = 'SessionEndedError';
  }
}

/**
 * The session's ID token, refreshed first when it has less than five minutes to live (or always, when
 * `force` is set: after e-mail verification the claims must be re-read).
 *
 * When Firebase refuses the refresh token (user deleted or disabled, tokens revoked) the session row is
 * deleted and SessionEndedError is thrown. When Firebase cannot be reached, the session is kept and a
 * 503 AppError is thrown: an outage must not sign everybody out.
 */
export async function ensureFreshIdToken(
  context: SessionContext,
  session: ActiveSession,
  options: { force?: boolean } = {},
): Promise<FreshTokens> {
  const remainingMs = session.idTokenExpiresAt.getTime() - context.now().getTime();
  if (options.force !== true && remainingMs > sessionRules.idTokenRefreshMarginMs) {
    const idToken = readCachedIdToken(context, session);
    // An unreadable cached token (secret rotated) is replaced through a refresh like an expired one.
    if (idToken !== null) return { idToken, user: session.claims };
  }
  const inFlight = context.refreshesInFlight.get(session.idHash);
  if (inFlight !== undefined) return inFlight;
  const refresh = refreshSessionTokens(context, session).finally(() => {
    context.refreshesInFlight.delete(session.idHash);
  });
  context.refreshesInFlight.set(session.idHash, refresh);
  return refresh;
}

/**
 * The ID token of a session row this process holds, decrypted once per stored token rather than on
 * every call: the session cache serves the same row object to the burst of calls a page makes, and
 * new tokens replace `idTokenEncrypted`, which the check compares. Kept with the row, and gone when
 * the cache lets the row go.
 */
const decryptedIdTokens = new WeakMap<ActiveSession, { encrypted: string; idToken: string }>();

function readCachedIdToken(context: SessionContext, session: ActiveSession): string | null {
  const known = decryptedIdTokens.get(session);
  if (known?.encrypted === session.idTokenEncrypted) return known.idToken;
  try {
    const idToken = context.cipher.decrypt(
      session.idTokenEncrypted,
      tokenBinding(session.idHash, 'id_token'),
    );
    decryptedIdTokens.set(session, { encrypted: session.idTokenEncrypted, idToken });
    return idToken;
  } catch {
    return null;
  }
}

async function refreshSessionTokens(
  context: SessionContext,
  session: ActiveSession,
): Promise<FreshTokens> {
  const end = async (reason: string): Promise<never> => {
    await endSession(context, session.idHash);
    throw new SessionEndedError(reason);
  };

  let refreshToken: string;
  try {
    refreshToken = context.cipher.decrypt(
      session.refreshTokenEncrypted,
      tokenBinding(session.idHash, 'refresh_token'),
    );
  } catch {
    // Encrypted under another SESSION_SECRET (rotated) or altered: the session cannot continue.
    return end('stored refresh token unreadable');
  }

  let refreshed;
  try {
    refreshed = await context.identity.refreshIdToken(refreshToken);
  } catch (error) {
    if (error instanceof RefreshTokenRefusedError) return end(error.reason);
    throw asUnavailable(error);
  }

  // Firebase refuses to refresh revoked tokens, but its emulator hands out a new ID token anyway; the
  // revocation check on the new token catches revocation in both, and disabled or deleted users too.
  let claims;
  try {
    claims = await verifyFirebaseIdToken(context.identity, refreshed.idToken, {
      checkRevoked: true,
    });
  } catch (error) {
    if (error instanceof IdTokenRejectedError) return end(error.reason);
    throw asUnavailable(error);
  }
  if (claims.uid !== session.uid) return end('refreshed token names another user');

  const user = await storeSessionTokens(context, session, refreshed, claims);
  return { idToken: refreshed.idToken, user };
}

/**
 * Puts new tokens into the session's row, encrypted, and into `session` itself, which may be this
 * process's cached copy: the request, and the next ones served from the cache, go on with the row as
 * it now is. Returns the user the new ID token describes.
 *
 * The row takes them only if its tokens are still those this refresh started from. If another
 * refresh stored newer ones meanwhile (here or on another BFF instance), or a re-authentication or a
 * sign-out removed the row, nothing is written: the request that asked goes on with the tokens it
 * was handed, which are valid, and the next one reads the row afresh.
 */
async function storeSessionTokens(
  context: SessionContext,
  session: ActiveSession,
  refreshed: RefreshedTokens,
  claims: DecodedIdToken,
): Promise<AuthUser> {
  const user = authUserOf(claims);
  const stored = {
    refreshTokenEncrypted: context.cipher.encrypt(
      refreshed.refreshToken,
      tokenBinding(session.idHash, 'refresh_token'),
    ),
    idTokenEncrypted: context.cipher.encrypt(
      refreshed.idToken,
      tokenBinding(session.idHash, 'id_token'),
    ),
    idTokenExpiresAt: new Date(claims.exp * 1000),
    claims: user,
  };
  const tokenVersion = await storeRefreshedTokens(
    context.db,
    session.idHash,
    session.tokenVersion,
    stored,
  );
  if (tokenVersion === undefined) context.cache.delete(session.idHash);
  else Object.assign(session, stored, { tokenVersion });
  return user;
}
