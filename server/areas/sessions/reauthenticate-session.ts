import type { CreateSessionBody } from '#shared/schemas/session.ts';
import { openSession, type CreatedSession } from './create-session.ts';
import type { ActiveSession, SessionContext } from './session-context.ts';
import { verifySignIn } from './verify-sign-in.ts';

/**
 * A fresh sign-in of the session's own user, before an action that needs a recent sign-in (deleting
 * the account: the API checks the ID token's `auth_time`). Like any sign-in it renews the session: a
 * new id and cookie carry the fresh tokens and the old row is deleted, so that an id captured before
 * (a shared computer, a copied cookie) does not ride along into the stronger session. A refresh of
 * the old session still under way then finds no row to write to.
 *
 * A sign-in of another user is refused with 403 `user_mismatch` and changes nothing: the session
 * stays the signed-in user's, under its own id.
 */
export async function reauthenticateSession(
  context: SessionContext,
  session: ActiveSession,
  tokens: CreateSessionBody,
): Promise<CreatedSession> {
  const signIn = await verifySignIn(context, tokens, { expectedUid: session.uid });
  return openSession(context, signIn, session.idHash);
}
