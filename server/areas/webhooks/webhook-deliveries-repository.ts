import { and, eq, isNotNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { webhookDeliveries } from './tables.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Records the delivery; returns its id, or undefined when this webhook id was recorded before. */
export async function insertDelivery(
  db: Database,
  row: typeof webhookDeliveries.$inferInsert,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(webhookDeliveries)
    .values(row)
    .onConflictDoNothing({ target: [webhookDeliveries.provider, webhookDeliveries.webhookId] })
    .returning({ id: webhookDeliveries.id });
  return inserted?.id;
}

export async function findDelivery(
  db: Database,
  deliveryId: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId))
    .limit(1);
  return row;
}

/** Handled: the payload is no longer needed; the row stays so a replay is still recognised. */
export async function markDeliveryProcessed(db: Database, deliveryId: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ processedAt: new Date(), payload: null })
    .where(eq(webhookDeliveries.id, deliveryId));
}

export async function deleteDelivery(db: Database, deliveryId: string): Promise<void> {
  await db.delete(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
}

/** Processed deliveries received before `before`; returns how many went. */
export async function deleteProcessedDeliveries(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(and(isNotNull(webhookDeliveries.processedAt), lt(webhookDeliveries.receivedAt, before)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
