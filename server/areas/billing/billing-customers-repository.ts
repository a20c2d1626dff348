import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { billingCustomers, billingSubscriptions } from './tables.ts';

export async function findCustomerId(db: Database, uid: string): Promise<string | undefined> {
  const [row] = await db
    .select({ stripeCustomerId: billingCustomers.stripeCustomerId })
    .from(billingCustomers)
    .where(eq(billingCustomers.uid, uid))
    .limit(1);
  return row?.stripeCustomerId;
}

/** Stores the account's customer unless it already has one (then the row stays as it is). */
export async function insertCustomer(
  db: Database,
  uid: string,
  stripeCustomerId: string,
): Promise<void> {
  await db.insert(billingCustomers).values({ uid, stripeCustomerId }).onConflictDoNothing();
}

/** The account's customer and its subscriptions as Stripe last described them. */
export async function deleteBillingRows(db: Database, uid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(billingSubscriptions).where(eq(billingSubscriptions.uid, uid));
    await tx.delete(billingCustomers).where(eq(billingCustomers.uid, uid));
  });
}

/**
 * Runs `work` while holding the account's checkout lock (a transaction-scoped advisory lock), so
 * that two checkout starts of one account follow each other. `work` uses the pool, not the
 * transaction: the lock only orders the starts.
 */
export async function withAccountCheckoutLock<T>(
  db: Database,
  uid: string,
  work: () => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended('billing-checkout:' || ${uid}, 0))`,
    );
    return work();
  });
}
