import { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import { deleteUserContactMessages } from '#server/areas/contact/index.ts';
import { deleteUserSessions } from '#server/areas/sessions/index.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import type { Caller } from '#server/platform/identity.ts';

/**
 * "Use another account" on /verify-email: an e-mail sign-up whose address was never
 * verified is undone, the Firebase user, the user's sessions and contact messages with it, so the
 * address can be used again and nothing personal is left. No backend account exists yet (it is created only once the address is verified).
 *
 * The rule is read from Firebase, not from the ID token: a token minted before the user clicked the
 * link in another browser still says "unverified", and a verified user (who may already have a
 * backend account) must never be deleted this way. Google users count as verified.
 */
export async function cancelRegistration(
  deps: { db: Database; identity: IdentityProvider },
  caller: Caller,
): Promise<void> {
  const user = await deps.identity.findUser(caller.uid);
  if (user !== null) {
    const emailSignUp =
      caller.providerId === 'password' &&
      user.providerIds.every((providerId) => providerId === 'password');
    if (!emailSignUp || user.emailVerified) {
      throw new AppError('email_already_verified', 403, {
        message: 'Only an e-mail sign-up whose address is not verified yet can be cancelled',
      });
    }
    // Firebase first: if it fails, nothing has changed and the caller, still signed in, may retry.
    await deps.identity.deleteUser(caller.uid);
  }
  await deleteUserSessions(deps.db, caller.uid);
  // The contact form does not ask for a verified address, so an unverified user may have written.
  await deleteUserContactMessages(deps.db, caller.uid);
}
