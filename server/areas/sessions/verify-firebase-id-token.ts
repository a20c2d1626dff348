import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  IdentityProviderUnavailableError,
  isIdentityProviderOutage,
  isRefusedIdTokenError,
  type IdentityProvider,
} from '#server/platform/identity.ts';
import { AppError } from '#shared/errors.ts';

/** The ID token, or the user behind it, is not acceptable: malformed, expired, foreign, revoked, disabled, gone. */
export class IdTokenRejectedError extends Error {
  constructor(readonly reason: string) {
    super(`ID token rejected: ${reason}`);
    this.name = 'IdTokenRejectedError';
  }
}

/**
 * Verifies an ID token with firebase-admin and sorts its failures into the two kinds a caller treats
 * differently: the token is bad (the user must sign in again) or Firebase could not be asked (try later,
 * keep the session).
 */
export async function verifyFirebaseIdToken(
  identity: IdentityProvider,
  idToken: string,
  options: { checkRevoked: boolean },
): Promise<DecodedIdToken> {
  try {
    return await identity.verifyIdToken(idToken, { checkRevoked: options.checkRevoked });
  } catch (error) {
    if (isRefusedIdTokenError(error)) throw new IdTokenRejectedError(error.code);
    if (isIdentityProviderOutage(error)) {
      throw new IdentityProviderUnavailableError(
        `Firebase could not verify the ID token (${error.code})`,
        { cause: error },
      );
    }
    throw error;
  }
}

/** Firebase being unreachable is not the user's fault: 503, try again later; anything else passes through. */
export function asUnavailable(error: unknown): unknown {
  if (error instanceof IdentityProviderUnavailableError) {
    return new AppError('identity_provider_unavailable', 503, {
      message: 'The identity provider cannot be reached; try again',
    });
  }
  return error;
}
