import type { DecodedIdToken } from 'firebase-admin/auth';
import { RefreshTokenRefusedError, type RefreshedTokens } from '#server/platform/identity.ts';
import { session as sessionRules } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import type { CreateSessionBody } from '#shared/schemas/session.ts';
import type { SessionContext } from './session-context.ts';
import {
  asUnavailable,
  IdTokenRejectedError,
  verifyFirebaseIdToken,
} from './verify-firebase-id-token.ts';

export interface VerifiedSignIn {
  /** A fresh ID token and refresh token from the exchange, for the session to keep. */
  refreshed: RefreshedTokens;
  /** The claims of the fresh ID token. */
  claims: DecodedIdToken;
}

/**
 * Checks the tokens of a Firebase sign-in that just happened in the browser, before a session is
 * opened or re-authenticated with them. The ID token must be valid, unrevoked, of the expected user
 * when there is one (403 `user_mismatch`), and from a sign-in at most five minutes old (401
 * `recent_login_required`: a stolen old token proves nothing). The refresh token is exchanged once,
 * which proves it belongs to the same user and gives a fresh ID token.
 */
export async function verifySignIn(
  context: SessionContext,
  tokens: CreateSessionBody,
  options: { expectedUid?: string } = {},
): Promise<VerifiedSignIn> {
  const now = context.now();
  const signIn = await verifyOrReject(context, tokens.idToken, true);
  if (options.expectedUid !== undefined && signIn.uid !== options.expectedUid) {
    throw new AppError('user_mismatch', 403, {
      message: 'The sign-in is of another user than the session',
    });
  }
  if (now.getTime() - signIn.auth_time * 1000 > sessionRules.maxSignInAgeMs) {
    throw new AppError('recent_login_required', 401, {
      message: 'The sign-in is too old to open a session; sign in again',
    });
  }

  const refreshed = await exchangeRefreshToken(context, tokens.refreshToken);
  // The original token was checked for revocation a moment ago; this one only has to be genuine.
  const claims = await verifyOrReject(context, refreshed.idToken, false);
  if (claims.uid !== signIn.uid) {
    throw new AppError('unauthenticated', 401, {
      message: 'The refresh token belongs to another user',
    });
  }
  return { refreshed, claims };
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
      throw new AppError('unauthenticated', 401, {
        message: 'The ID token is not valid for this application',
      });
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
      throw new AppError('unauthenticated', 401, { message: 'The refresh token was refused' });
    }
    throw asUnavailable(error);
  }
}
