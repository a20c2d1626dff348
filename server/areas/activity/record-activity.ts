import type { ActivityActor, ActivityDetails, ActivityKind } from '#shared/schemas/activity.ts';
import type { Queryable } from '#server/db/database.ts';
import { findRecentActivity, insertActivity, updateActivity } from './activity-repository.ts';

/**
 * Records what happened for the owner's timeline. The area that caused it calls this, inside the
 * transaction that makes it so when it has one: an event that rolls back leaves no entry.
 *
 * With `mergeWithinMinutes`, an event that recurs in bursts (pages audited again as Shopify's
 * webhooks arrive) joins the owner's entry of the same kind, store and actor recorded within those
 * minutes rather than adding one per webhook: counts add up, scores are the newest with their
 * changes added up, and the entry moves to now. The caller serialises such events for one store.
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
  options: { mergeWithinMinutes?: number } = {},
): Promise<void> {
  const row = {
    ownerUid: entry.ownerUid,
    shopId: entry.shopId ?? null,
    shopDomain: entry.shopDomain ?? null,
    kind: entry.kind,
    actor: entry.actor,
    details: entry.details ?? {},
  };
  if (options.mergeWithinMinutes !== undefined) {
    const recent = await findRecentActivity(db, row, options.mergeWithinMinutes);
    if (recent !== undefined) {
      await updateActivity(db, recent.id, mergedDetails(recent.details, row.details));
      return;
    }
  }
  await insertActivity(db, row);
}

/** An entry's details with a later like event's: counts added, the later scores, changes added. */
export function mergedDetails(earlier: ActivityDetails, later: ActivityDetails): ActivityDetails {
  const merged: ActivityDetails = { ...earlier, ...later };
  if (earlier.count !== undefined || later.count !== undefined) {
    merged.count = (earlier.count ?? 0) + (later.count ?? 0);
  }
  if (later.scores !== undefined) {
    merged.scores = later.scores.map((score) => {
      const before = earlier.scores?.find((entry) => entry.language === score.language);
      return {
        ...score,
        change:
          before?.change == null || score.change === null
            ? (score.change ?? before?.change ?? null)
            : before.change + score.change,
      };
    });
  }
  return merged;
}
