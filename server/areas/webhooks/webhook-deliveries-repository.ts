import { and, asc, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
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

/** The id of the delivery recorded under this webhook id, if it is not processed yet. */
export async function findUnprocessedDeliveryId(
  db: Database,
  provider: WebhookDeliveryRow['provider'],
  webhookId: string,
): Promise<string | undefined> {
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.provider, provider),
        eq(webhookDeliveries.webhookId, webhookId),
        isNull(webhookDeliveries.processedAt),
      ),
    )
    .limit(1);
  return row?.id;
}

export type ProcessingOutcome = 'processed' | 'already processed' | 'being processed' | 'gone';

/**
 * Runs `handle` for the delivery unless it was processed already or another run is handling it right
 * now, then marks it processed, its payload dropped (the row stays so a replay is still recognised).
 * The row stays locked while `handle` runs: another run skips it rather than waiting, so one
 * delivery's handler never runs twice at once. A `handle` that throws leaves it unprocessed.
 */
export async function processOnce(
  db: Database,
  deliveryId: string,
  handle: (row: WebhookDeliveryRow) => Promise<void>,
): Promise<ProcessingOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('update', { skipLocked: true });
    if (row === undefined) {
      const [locked] = await tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, deliveryId));
      return locked === undefined ? 'gone' : 'being processed';
    }
    if (row.processedAt !== null) return 'already processed';
    await handle(row);
    await tx
      .update(webhookDeliveries)
      .set({ processedAt: new Date(), payload: null })
      .where(eq(webhookDeliveries.id, deliveryId));
    return 'processed';
  });
}

/** Ids of deliveries still unprocessed that arrived between the two dates, oldest first. */
export async function findUnprocessedDeliveryIds(
  db: Database,
  receivedBetween: { after: Date; before: Date },
  max: number,
): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        isNull(webhookDeliveries.processedAt),
        gt(webhookDeliveries.receivedAt, receivedBetween.after),
        lt(webhookDeliveries.receivedAt, receivedBetween.before),
      ),
    )
    .orderBy(asc(webhookDeliveries.receivedAt))
    .limit(max);
  return rows.map((row) => row.id);
}

/** Processed deliveries received before `before`; returns how many went. */
export async function deleteProcessedDeliveries(db: Database, before: Date): Promise<number> {
  const removed = await db
    .delete(webhookDeliveries)
    .where(and(isNotNull(webhookDeliveries.processedAt), lt(webhookDeliveries.receivedAt, before)))
    .returning({ id: webhookDeliveries.id });
  return removed.length;
}
