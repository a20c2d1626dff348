import type { ActivityActor, ActivityDetails, ActivityKind } from '#shared/schemas/activity.ts';
import type { Queryable } from '#server/db/database.ts';
import { insertActivity } from './activity-repository.ts';

/**
 * Records what happened for the owner's timeline. The area that caused it calls this, inside the
 * transaction that makes it so when it has one: an event that rolls back leaves no entry.
 */
export async function recordActivity(
  db: Queryable,
  entry: {
    ownerUid: string;
    shopId?: string | null;
    shopDomain?: string | null;
    kind: ActivityKind;
    actor: ActivityActor;
    details?: ActivityDetails;
  },
): Promise<void> {
  await insertActivity(db, {
    ownerUid: entry.ownerUid,
    shopId: entry.shopId ?? null,
    shopDomain: entry.shopDomain ?? null,
    kind: entry.kind,
    actor: entry.actor,
    details: entry.details ?? {},
  });
}
