import { findLiveSession, touchSession } from './sessions-repository.ts';
import { session as sessionRules } from '#shared/constants.ts';
import { hashSessionId } from './session-id.ts';
import type { ActiveSession, SessionContext } from './session-context.ts';

/**
 * The live session for a cookie's id, or null when there is none or it passed its idle (7 days) or
 * absolute (30 days) expiry. Last-seen is written at most once a minute, so that a busy page does not
 * turn every read into a write; reads go through the short-lived cache of this process.
 */
export async function resolveSession(
  context: SessionContext,
  sessionId: string,
): Promise<ActiveSession | null> {
  const now = context.now();
  const idHash = hashSessionId(sessionId);
  const idleSince = new Date(now.getTime() - sessionRules.idleExpiryMs);
  let row = context.cache.get(idHash, now);
  if (row !== undefined && (row.lastSeenAt <= idleSince || row.expiresAt <= now)) {
    context.cache.delete(idHash);
    return null;
  }
  if (row === undefined) {
    row = await findLiveSession(context.db, idHash, idleSince, now);
    if (row === undefined) return null;
    context.cache.set(row, now);
  }
  if (now.getTime() - row.lastSeenAt.getTime() >= sessionRules.lastSeenUpdateIntervalMs) {
    await touchSession(context.db, idHash, now);
    row.lastSeenAt = now;
  }
  return row;
}

/**
 * Whether the cookie's session is still live, without counting the question as the user's activity
 * (a channel held open by a tab left aside must not keep its session from going idle).
 */
export async function sessionIsLive(context: SessionContext, sessionId: string): Promise<boolean> {
  const now = context.now();
  const idHash = hashSessionId(sessionId);
  const idleSince = new Date(now.getTime() - sessionRules.idleExpiryMs);
  const cached = context.cache.get(idHash, now);
  if (cached !== undefined) return cached.lastSeenAt > idleSince && cached.expiresAt > now;
  return (await findLiveSession(context.db, idHash, idleSince, now)) !== undefined;
}
