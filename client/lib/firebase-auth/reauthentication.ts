import type { AuthUser } from '#shared/schemas/session.ts';
import { AuthFlowError } from '../auth-errors.ts';
import { getAuthState, setSignedInUser } from '../auth-session.ts';
import { emailPasswordUser } from './email-sign-in.ts';
import { googleUser } from './google-sign-in.ts';
import { signOutSdk } from './load-sdk.ts';
import { handOverTokens } from './session-handover.ts';

export type ReauthenticationMethod = { kind: 'password'; password: string } | { kind: 'google' };

/**
 * Proves again that the signed-in user is at the keyboard, before a sensitive action (account
 * deletion): signs the SDK in with the password of the session's e-mail, or with Google, checks
 * that it is the same user (another one fails with `auth/user-mismatch`, so that nobody deletes an
 * account they are not signed in with), and gives the fresh tokens to the session
 * (`POST /auth/session/reauthenticate`); the SDK is signed out in every case.
 */
export async function reauthenticate(
  method: ReauthenticationMethod,
  expectedUid: string,
): Promise<AuthUser> {
  let signedIn: Awaited<ReturnType<typeof googleUser>>;
  if (method.kind === 'password') {
    const state = getAuthState();
    const email = state.status === 'signed-in' ? state.user.email : null;
    if (email === null) throw new AuthFlowError('auth/user-mismatch', 'No e-mail to sign in with');
    signedIn = await emailPasswordUser(email, method.password);
  } else {
    signedIn = await googleUser();
  }
  const { loaded, user } = signedIn;
  if (user.uid !== expectedUid) {
    await signOutSdk(loaded);
    throw new AuthFlowError('auth/user-mismatch', 'Signed in as another user');
  }
  const sessionUser = await handOverTokens(loaded, user, '/auth/session/reauthenticate');
  setSignedInUser(sessionUser);
  return sessionUser;
}
