import type { CreateSessionBody, AuthUser } from '../../../shared/schemas/session.ts';
import { storeSessionTokens } from './refresh-session-tokens.ts';
import type { ActiveSession, SessionContext } from './session-context.ts';
import { verifySignIn } from './verify-sign-in.ts';

/**
 * Puts the tokens of a fresh sign-in of the session's own user into the session, before an action
 * that needs a recent sign-in (deleting the account: the API checks the ID token's `auth_time`).
 * The session keeps its id and cookie. A sign-in of another user is refused with 403 `user_mismatch`
 * and changes nothing: the session stays the signed-in user's.
 */
export async function reauthenticateSession(
  context: SessionContext,
  session: ActiveSession,
  tokens: CreateSessionBody,
): Promise<AuthUser> {
  const { refreshed, claims } = await verifySignIn(context, tokens, { expectedUid: session.uid });
  return storeSessionTokens(context, session, refreshed, claims);
}
