import { deleteSession } from './sessions-repository.ts';
import type { SessionContext } from './session-context.ts';

/** Sign-out: the row goes, so the cookie, wherever a copy of it is, no longer opens anything. */
export async function endSession(context: SessionContext, idHash: string): Promise<void> {
  context.cache.delete(idHash);
  await deleteSession(context.db, idHash);
}
