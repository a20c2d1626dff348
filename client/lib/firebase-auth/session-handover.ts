import type { User } from 'firebase/auth';
import { sessionResponseSchema, type AuthUser } from '#shared/schemas/session.ts';
import { apiRequest } from '../api-client.ts';
import { setSignedInUser } from '../auth-session.ts';
import { toFlowError } from './flow-error.ts';
import { signOutSdk, type LoadedAuth } from './load-sdk.ts';

/**
 * Where a proof of identity ends: the SDK user's tokens go to a BFF session route, which keeps them
 * server-side (docs/decisions/0001-token-handler-sessions.md), and the SDK is signed out whatever
 * happened.
 */
export async function handOverTokens(
  loaded: LoadedAuth,
  user: User,
  path: '/auth/session' | '/auth/session/reauthenticate',
): Promise<AuthUser> {
  try {
    const idToken = await user.getIdToken();
    const answer = await apiRequest('POST', path, sessionResponseSchema, {
      idToken,
      refreshToken: user.refreshToken,
    });
    return answer.user;
  } catch (error) {
    throw toFlowError(error);
  } finally {
    await signOutSdk(loaded);
  }
}

/** Opens the BFF session of a fresh sign-in and tells the app who is signed in. */
export async function openSession(loaded: LoadedAuth, user: User): Promise<AuthUser> {
  const sessionUser = await handOverTokens(loaded, user, '/auth/session');
  setSignedInUser(sessionUser);
  return sessionUser;
}
