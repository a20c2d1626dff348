import type { User } from 'firebase/auth';
import type { AuthUser } from '#shared/schemas/session.ts';
import { toFlowError } from './flow-error.ts';
import { firebaseAuth, type LoadedAuth } from './load-sdk.ts';
import { openSession } from './session-handover.ts';

/** The SDK signed in with an e-mail and password; the caller hands the user over or signs out. */
export async function emailPasswordUser(
  email: string,
  password: string,
): Promise<{ loaded: LoadedAuth; user: User }> {
  const loaded = await firebaseAuth();
  try {
    const { user } = await loaded.sdk.signInWithEmailAndPassword(loaded.auth, email, password);
    return { loaded, user };
  } catch (error) {
    throw toFlowError(error);
  }
}

/**
 * Sign-in with e-mail and password: opens the session, verified or not. The caller ensures the
 * backend account of a verified user (account-sync.ts) and sends an unverified one to /verify-email.
 */
export async function signInWithEmail(email: string, password: string): Promise<AuthUser> {
  const { loaded, user } = await emailPasswordUser(email, password);
  return openSession(loaded, user);
}
