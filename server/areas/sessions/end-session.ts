import { deleteExpiredSessions, deleteSession } from './sessions-repository.ts';
import { session as sessionRules } from '../../../shared/constants.ts';
import type { SessionContext } from './session-context.ts';

/** Sign-out: the row goes, so the cookie, wherever a copy of it is, no longer opens anything. */
export async function endSession(context: SessionContext, idHash: string): Promise<void> {
  context.cache.delete(idHash);
  await deleteSession(context.db, idHash);
}

/** Housekeeping: rows past either expiry are useless; lookups already ignore them. */
export async function purgeExpiredSessions(context: SessionContext): Promise<number> {
  const now = context.now();
  return deleteExpiredSessions(
    context.db,
    new Date(now.getTime() - sessionRules.idleExpiryMs),
    now,
  );
}
