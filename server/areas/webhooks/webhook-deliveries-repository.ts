import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { webhookDeliveries } from './tables.ts';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/**
 * Records the delivery; returns its id, or undefined when this webhook id, or this event of the
 * topic (under another webhook id), was recorded before.
 */
export async function insertDelivery(
  db: Database,
  row: typeof webhookDeliveries.$inferInsert,
): Promise<string | undefined> {
  const [inserted] = await db
    .insert(webhookDeliveries)
    .values(row)
    // Either unique key taken: (provider, webhook id) or (provider, topic, event id).
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  return inserted?.id;
}

/**
 * The id of the delivery recorded under this webhook id, or for this event of the topic, if it is
 * not processed yet.
 */
export async function findUnprocessedDeliveryId(
  db: Database,
  provider: WebhookDeliveryRow['provider'],
  webhookId: string,
  event?: { topic: string; eventId: string },
): Promise<string | undefined> {
  const sameDelivery = eq(webhookDeliveries.webhookId, webhookId);
  const [row] = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.provider, provider),
        event === undefined
          ? sameDelivery
          : or(
              sameDelivery,
              and(
                eq(webhookDeliveries.topic, event.topic),
                eq(webhookDeliveries.eventId, event.eventId),
              ),
            ),
        isNull(webhookDeliveries.processedAt),
      ),
    )
    .limit(1);
  return row?.id;
}

export type ProcessingOutcome =
  'processed' | 'already processed' | 'being processed' | 'gone' | 'claim lost';

export interface ClaimTiming {
  /** How long a claim lasts unless renewed. */
  leaseMs: number;
  /** How often a run renews its claim while its handler runs; well under `leaseMs`. */
  renewEveryMs: number;
}

/**
 * Five minutes, renewed every minute: the handler's run is not bounded by the lease (it is renewed
 * for as long as the handler runs, which an Admin API call throttled by Shopify can make long), so
 * the lease only has to outlast a few renewals that fail or come late (a busy pool, a slow
 * database). It is also how long a delivery whose process stopped mid-handler stays claimed; its
 * job's retry or the sweep comes later than that anyway.
 */
export const deliveryClaimTiming: ClaimTiming = { leaseMs: 5 * 60_000, renewEveryMs: 60_000 };

/**
 * Claims the delivery for `leaseMs` in one statement, unless it is processed or another run holds
 * a claim that has not expired. Committed at once: no transaction stays open while the handler runs.
 */
async function claimDelivery(
  db: Database,
  deliveryId: string,
  claimedBy: string,
  leaseMs: number,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({ claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'`, claimedBy })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        isNull(webhookDeliveries.processedAt),
        or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** Why a delivery could not be claimed. */
async function unclaimableBecause(
  db: Database,
  deliveryId: string,
): Promise<'already processed' | 'being processed' | 'gone'> {
  const [row] = await db
    .select({ processedAt: webhookDeliveries.processedAt })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row === undefined) return 'gone';
  return row.processedAt === null ? 'being processed' : 'already processed';
}

/** Extends the run's claim; false when the run holds it no more. */
async function renewClaim(
  db: Database,
  deliveryId: string,
  claimedBy: string,
  leaseMs: number,
): Promise<boolean> {
  const renewed = await db
    .update(webhookDeliveries)
    .set({ claimedUntil: sql`now() + ${leaseMs} * interval '1 millisecond'` })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.claimedBy, claimedBy),
        isNull(webhookDeliveries.processedAt),
      ),
    )
    .returning({ id: webhookDeliveries.id });
  return renewed.length > 0;
}

/** Marks the delivery processed, its payload dropped, if the run still holds its claim. */
async function markProcessed(db: Database, deliveryId: string, claimedBy: string) {
  const marked = await db
    .update(webhookDeliveries)
    .set({ processedAt: sql`now()`, payload: null, claimedUntil: null, claimedBy: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.claimedBy, claimedBy)))
    .returning({ id: webhookDeliveries.id });
  return marked.length > 0;
}

/** Frees the delivery for another run, if this run still holds its claim. */
async function releaseClaim(db: Database, deliveryId: string, claimedBy: string): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ claimedUntil: null, claimedBy: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.claimedBy, claimedBy)));
}

/**
 * Runs `handle` for the delivery unless it was processed already or another run is handling it right
 * now, then marks it processed, its payload dropped (the row stays so a replay is still recognised).
 *
 * The run first claims the delivery (`claimed_until`, committed), and renews the claim while `handle`
 * runs: another run finds it claimed and ends rather than waiting, so one delivery's handler never
 * runs twice at once, and no database connection is held while the handler waits on Shopify. A
 * `handle` that throws frees the claim, leaving the delivery unprocessed for the next attempt. A
 * claim left by a process that stopped expires after `leaseMs`. A run whose claim was taken over
 * meanwhile (its renewals failed for a whole lease) neither marks nor frees it: 'claim lost'.
 */
export async function processOnce(
  db: Database,
  deliveryId: string,
  handle: (row: WebhookDeliveryRow) => Promise<void>,
  timing: ClaimTiming = deliveryClaimTiming,
): Promise<ProcessingOutcome> {
  const claimedBy = randomUUID();
  const row = await claimDelivery(db, deliveryId, claimedBy, timing.leaseMs);
  if (row === undefined) return unclaimableBecause(db, deliveryId);

  let renewal: Promise<unknown> = Promise.resolve();
  const renewing = setInterval(() => {
    // A failed renewal is tried again at the next tick; the lease leaves room for several.
    renewal = renewClaim(db, deliveryId, claimedBy, timing.leaseMs).catch(() => false);
  }, timing.renewEveryMs);
  renewing.unref();
  try {
    await handle(row);
  } catch (error) {
    clearInterval(renewing);
    await renewal;
    // Should freeing fail too, the claim expires after its lease; the handler's error is the one told.
    await releaseClaim(db, deliveryId, claimedBy).catch(() => undefined);
    throw error;
  }
  clearInterval(renewing);
  await renewal;
  return (await markProcessed(db, deliveryId, claimedBy)) ? 'processed' : 'claim lost';
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
