import { flowPaths } from '#shared/routes.ts';
import { AuthFlowError } from '../auth-errors.ts';
import { readRuntimeConfig } from '../runtime-config.ts';
import { toFlowError } from './flow-error.ts';
import { firebaseAuth } from './load-sdk.ts';

/**
 * The identity provider's e-mails and their links: the password reset, and the code of a
 * verification link. Each e-mail is written in the interface language (load-sdk.ts).
 */

/** The page of this product that an e-mail's link continues to once the provider is done. */
export function continueUrl(path: string): string {
  return new URL(path, readRuntimeConfig().publicUrl).toString();
}

/**
 * The reset e-mail, in the interface language; the flow ends on the identity provider's page, whose
 * "continue" leads back to /login. An unknown address succeeds too: the answer must not tell whether
 * an account exists.
 */
export async function sendPasswordReset(email: string): Promise<void> {
  // Firebase refuses a malformed address (`auth/invalid-email`), but its emulator looks the address
  // up first and answers "not found", which reads as success here; the same check, made first,
  // keeps the answer alike everywhere.
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw new AuthFlowError('auth/invalid-email');
  const { auth, sdk } = await firebaseAuth();
  try {
    await sdk.sendPasswordResetEmail(auth, email, { url: continueUrl(flowPaths.login) });
  } catch (error) {
    const flowError = toFlowError(error);
    if (flowError.code === 'auth/user-not-found') return;
    throw flowError;
  }
}

/**
 * Applies the code of a verification link (`?mode=verifyEmail&oobCode=…`). Its failure keeps the
 * provider's code (`auth/invalid-action-code`, `auth/expired-action-code`, a network failure).
 */
export async function applyEmailVerificationCode(oobCode: string): Promise<void> {
  const { auth, sdk } = await firebaseAuth();
  try {
    await sdk.applyActionCode(auth, oobCode);
  } catch (error) {
    throw toFlowError(error);
  }
}
