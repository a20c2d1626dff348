import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '#server/db/database.ts';
import { billingClaims } from './tables.ts';

/** A claim of billing work (tables.ts, billingClaims): its key, and the id that only its holder knows. */
export interface BillingClaim {
  key: string;
  claimId: string;
}

/** The claim of an account's checkout starts (start-checkout.ts). */
export function checkoutClaimKey(uid: string): string {
  return `checkout:${uid}`;
}

/** The claim of a subscription's syncs (sync-subscription.ts). */
export function subscriptionClaimKey(stripeSubscriptionId: string): string {
  return `subscription:${stripeSubscriptionId}`;
}

/**
 * Claims `key` for `lifetimeMs` unless another claim of it is still running: one statement, so two
 * claims at once cannot both win, and no transaction stays open. The claim, or undefined when
 * another holds it.
 */
export async function claimBillingWork(
  db: Database,
  key: string,
  lifetimeMs: number,
): Promise<BillingClaim | undefined> {
  const claimId = randomUUID();
  const expiresAt = sql`now() + make_interval(secs => ${lifetimeMs / 1000})`;
  const won = await db
    .insert(billingClaims)
    .values({ key, claimId, expiresAt })
    .onConflictDoUpdate({
      target: billingClaims.key,
      set: { claimId, expiresAt },
      // Only a claim whose work outlived its lifetime (its process died) is taken over.
      setWhere: lte(billingClaims.expiresAt, sql`now()`),
    })
    .returning({ key: billingClaims.key });
  return won.length === 0 ? undefined : { key, claimId };
}

/** Gives a claim back; one taken over after its lifetime is left to its new holder. */
export async function releaseBillingClaim(db: Database, claim: BillingClaim): Promise<void> {
  await db
    .delete(billingClaims)
    .where(and(eq(billingClaims.key, claim.key), eq(billingClaims.claimId, claim.claimId)));
}

/**
 * Runs `work` under the claim of `key`, waiting while another holds it (without holding a
 * connection) until that one is given back or lapses. The claim is given back when `work` ends,
 * however it ends.
 */
export async function withBillingClaim<T>(
  db: Database,
  key: string,
  lifetimeMs: number,
  work: () => Promise<T>,
  pollMs = 100,
): Promise<T> {
  let claim = await claimBillingWork(db, key, lifetimeMs);
  while (claim === undefined) {
    await delay(pollMs);
    claim = await claimBillingWork(db, key, lifetimeMs);
  }
  try {
    return await work();
  } finally {
    await releaseBillingClaim(db, claim);
  }
}
