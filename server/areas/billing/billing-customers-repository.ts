import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { checkoutClaimKey } from './billing-claims-repository.ts';
import { billingClaims, billingCustomers, billingSubscriptions } from './tables.ts';

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

/** The account's customer, its subscriptions as Stripe last described them, and its checkout claim. */
export async function deleteBillingRows(db: Database, uid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(billingClaims).where(eq(billingClaims.key, checkoutClaimKey(uid)));
    await tx.delete(billingSubscriptions).where(eq(billingSubscriptions.uid, uid));
    await tx.delete(billingCustomers).where(eq(billingCustomers.uid, uid));
  });
}
