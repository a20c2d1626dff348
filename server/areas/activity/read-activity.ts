import type { ActivityList, ActivityQuery } from '#shared/schemas/activity.ts';
import type { Database } from '#server/db/database.ts';
import { listActivity } from './activity-repository.ts';

const defaultPageSize = 30;

/**
 * The owner's timeline, newest first, paged on the server. `connectedShopIds`: the stores still
 * connected, whose entries link to them.
 */
export async function readActivity(
  db: Database,
  ownerUid: string,
  query: ActivityQuery,
  connectedShopIds: ReadonlySet<string>,
): Promise<ActivityList> {
  const offset = query.offset ?? 0;
  const { total, rows } = await listActivity(db, ownerUid, {
    offset,
    limit: query.limit ?? defaultPageSize,
  });
  return {
    total,
    offset,
    entries: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      actor: row.actor,
      shopId: row.shopId,
      shopDomain: row.shopDomain,
      shopConnected: row.shopId !== null && connectedShopIds.has(row.shopId),
      details: row.details,
      at: row.at.toISOString(),
    })),
  };
}
