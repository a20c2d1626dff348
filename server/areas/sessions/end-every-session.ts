import { deleteSessionsOfUser } from './sessions-repository.ts';
import {
  IdentityProviderUnavailableError,
  isIdentityProviderOutage,
} from '#server/platform/identity.ts';
import type { SessionContext } from './session-context.ts';
import { asUnavailable } from './verify-firebase-id-token.ts';

/**
 * "Sign out of every device" (Settings): the user's Firebase refresh tokens are revoked, so no copy of
 * one can mint ID tokens again, and every session row of the user goes, here and in this process's
 * cache; other BFF instances notice within their cache's lifetime.
 *
 * Firebase comes first: if it cannot be reached, nothing has changed and the user, still signed in,
 * can try again, rather than being signed out with tokens that still work.
 */
export async function endEverySession(context: SessionContext, uid: string): Promise<void> {
  try {
    await context.identity.revokeRefreshTokens(uid);
  } catch (error) {
    if (!isIdentityProviderOutage(error)) throw error;
    throw asUnavailable(
      new IdentityProviderUnavailableError(`Firebase could not revoke the tokens (${error.code})`, {
        cause: error,
      }),
    );
  }
  await deleteSessionsOfUser(context.db, uid);
  context.cache.deleteSessionsOf(uid);
}
