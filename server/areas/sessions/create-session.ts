import { insertSession } from './sessions-repository.ts';
import { session as sessionRules } from '#shared/constants.ts';
import type { CreateSessionBody, AuthUser } from '#shared/schemas/session.ts';
import { endSession } from './end-session.ts';
import { hashSessionId, newSessionId } from './session-id.ts';
import { tokenBinding, type SessionContext } from './session-context.ts';
import { authUserOf } from '#server/platform/identity.ts';
import { verifySignIn, type VerifiedSignIn } from './verify-sign-in.ts';

export interface CreatedSession {
  /** The cookie value; never stored. */
  sessionId: string;
  user: AuthUser;
}

/**
 * Opens a session from a fresh Firebase sign-in (see verifySignIn for what is checked). A new id is
 * made every time; the session the browser had before, if any, is deleted.
 */
export async function createSession(
  context: SessionContext,
  tokens: CreateSessionBody,
  replacedSessionIdHash?: string,
): Promise<CreatedSession> {
  const signIn = await verifySignIn(context, tokens);
  return openSession(context, signIn, replacedSessionIdHash);
}

/**
 * Stores a new session for a verified sign-in, under a new random id, then ends the session it
 * replaces: after a sign-in the id the browser held before opens nothing, wherever a copy of it is.
 */
export async function openSession(
  context: SessionContext,
  { refreshed, claims }: VerifiedSignIn,
  replacedSessionIdHash?: string,
): Promise<CreatedSession> {
  const now = context.now();
  const sessionId = newSessionId();
  const idHash = hashSessionId(sessionId);
  const user = authUserOf(claims);
  const expiresAt = new Date(now.getTime() + sessionRules.absoluteExpiryMs);
  await insertSession(context.db, {
    idHash,
    uid: user.uid,
    claims: user,
    refreshTokenEncrypted: context.cipher.encrypt(
      refreshed.refreshToken,
      tokenBinding(idHash, 'refresh_token'),
    ),
    idTokenEncrypted: context.cipher.encrypt(refreshed.idToken, tokenBinding(idHash, 'id_token')),
    idTokenExpiresAt: new Date(claims.exp * 1000),
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
  });
  if (replacedSessionIdHash !== undefined) await endSession(context, replacedSessionIdHash);
  return { sessionId, user };
}
