import type { User } from 'firebase/auth';
import type { Language } from '#shared/constants.ts';
import { flowPaths } from '#shared/routes.ts';
import type { AuthUser } from '#shared/schemas/session.ts';
import { AuthFlowError } from '../auth-errors.ts';
import { clearPendingRegistration, savePendingRegistration } from '../pending-registration.ts';
import { continueUrl } from './email-actions.ts';
import { toFlowError } from './flow-error.ts';
import { firebaseAuth, signOutSdk } from './load-sdk.ts';
import { openSession } from './session-handover.ts';

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  language: Language;
  /** The page the sign-up is on the way to, kept with the pending registration. */
  redirect?: string;
}

/**
 * A new e-mail account: the Firebase user with its display name, the pending registration (never
 * the password), the verification e-mail (continue URL /verify-email-success), then an unverified
 * session; the caller then goes to /verify-email. When the e-mail cannot be sent, or the session
 * cannot be opened, the new Firebase user is deleted and the state cleared, so that the same
 * address can sign up again; the failure's code is then `verification_email_failed` or the cause.
 */
export async function signUpWithEmail(input: SignUpInput): Promise<AuthUser> {
  const loaded = await firebaseAuth();
  const { auth, sdk } = loaded;
  let user: User;
  try {
    ({ user } = await sdk.createUserWithEmailAndPassword(auth, input.email, input.password));
  } catch (error) {
    throw toFlowError(error);
  }

  const undo = async (): Promise<void> => {
    clearPendingRegistration();
    try {
      await sdk.deleteUser(user);
    } catch {
      // Offline: the user stays unverified, and signing up again says the address is taken.
    }
    await signOutSdk(loaded);
  };

  try {
    await sdk.updateProfile(user, { displayName: input.name });
    savePendingRegistration({
      name: input.name,
      email: input.email,
      accountType: 'email',
      language: input.language,
      ...(input.redirect !== undefined && { redirect: input.redirect }),
    });
  } catch (error) {
    await undo();
    throw toFlowError(error);
  }

  try {
    await sdk.sendEmailVerification(user, { url: continueUrl(flowPaths.verifyEmailSuccess) });
  } catch (error) {
    await undo();
    throw new AuthFlowError(
      'verification_email_failed',
      `The verification e-mail was not sent: ${toFlowError(error).code}`,
    );
  }

  try {
    // handOverTokens signs the SDK out; the user object keeps its tokens for the deletion below.
    return await openSession(loaded, user);
  } catch (error) {
    await undo();
    throw toFlowError(error);
  }
}
