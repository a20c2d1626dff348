import type { Queryable } from '#server/db/database.ts';
import { insertLiveEvent, type LiveEventRecord } from './live-events-repository.ts';

/**
 * Tells the owner's open screens that something of theirs changed: the areas call it where the
 * change happens, inside its transaction when there is one (the event is then announced only if the
 * change commits). It names the kind of change and the store, never its content.
 */
export async function recordLiveEvent(db: Queryable, event: LiveEventRecord): Promise<void> {
  await insertLiveEvent(db, event);
}
