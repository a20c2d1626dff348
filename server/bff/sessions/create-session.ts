import type { DecodedIdToken } from 'firebase-admin/auth';
import { insertSession } from '../../db/repositories/sessions.ts';
import { RefreshTokenRefusedError, type RefreshedTokens } from '../../platform/identity.ts';
import { session as sessionRules } from '../../../shared/constants.ts';
import { AppError } from '../../../shared/errors.ts';
import type { CreateSessionBody, SessionUser } from '../../../shared/schemas/session.ts';
import { endSession } from './end-session.ts';
import { hashSessionId, newSessionId } from './session-id.ts';
import { tokenBinding, type SessionContext } from './session-context.ts';
import { sessionUserFromClaims } from './session-user.ts';
import {
  asUnavailable,
  IdTokenRejectedError,
  verifyFirebaseIdToken,
} from './verify-firebase-id-token.ts';

export interface CreatedSession {
  /** The cookie value; never stored. */
  sessionId: string;
  user: SessionUser;
}

/**
 * Opens a session from a fresh Firebase sign-in. The ID token must be valid, unrevoked and from a
 * sign-in at most five minutes old (a stolen old token cannot open a session); the refresh token is
 * exchanged once, which proves it belongs to the same user and gives the session a fresh ID token.
 * A new id is made every time; the session the browser had before, if any, is deleted.
 */
export async function createSession(
  context: SessionContext,
  tokens: CreateSessionBody,
  replacedSessionIdHash?: string,
): Promise<CreatedSession> {
  const now = context.now();
  const claims = await verifyOrReject(context, tokens.idToken, true);
  if (now.getTime() - claims.auth_time * 1000 > sessionRules.maxSignInAgeMs) {
    throw new AppError(
      401,
      'recent_login_required',
      'The sign-in is too old to open a session; sign in again',
    );
  }

  const refreshed = await exchangeRefreshToken(context, tokens.refreshToken);
  // The original token was checked for revocation a moment ago; this one only has to be genuine.
  const refreshedClaims = await verifyOrReject(context, refreshed.idToken, false);
  if (refreshedClaims.uid !== claims.uid) {
    throw new AppError(401, 'unauthenticated', 'The refresh token belongs to another user');
  }

  const sessionId = newSessionId();
  const idHash = hashSessionId(sessionId);
  const user = sessionUserFromClaims(refreshedClaims);
  const expiresAt = new Date(now.getTime() + sessionRules.absoluteExpiryMs);
  await insertSession(context.db, {
    idHash,
    uid: user.uid,
    claims: user,
    refreshTokenEncrypted: context.cipher.encrypt(
      refreshed.refreshToken,
      tokenBinding(idHash, 'refresh_token'),
    ),
    idTokenEncrypted: context.cipher.encrypt(refreshed.idToken, tokenBinding(idHash, 'id_token')),
    idTokenExpiresAt: new Date(refreshedClaims.exp * 1000),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  if (replacedSessionIdHash !== undefined) await endSession(context, replacedSessionIdHash);
  return { sessionId, user };
}

async function verifyOrReject(
  context: SessionContext,
  idToken: string,
  checkRevoked: boolean,
): Promise<DecodedIdToken> {
  try {
    return await verifyFirebaseIdToken(context.identity, idToken, { checkRevoked });
  } catch (error) {
    if (error instanceof IdTokenRejectedError) {
      throw new AppError(401, 'unauthenticated', 'The ID token is not valid for this application');
    }
    throw asUnavailable(error);
  }
}

async function exchangeRefreshToken(
  context: SessionContext,
  refreshToken: string,
): Promise<RefreshedTokens> {
  try {
    return await context.identity.refreshIdToken(refreshToken);
  } catch (error) {
    if (error instanceof RefreshTokenRefusedError) {
      throw new AppError(401, 'unauthenticated', 'The refresh token was refused');
    }
    throw asUnavailable(error);
  }
}
