import type Stripe from 'stripe';
import type { Database } from '#server/db/database.ts';
import { findCustomerId, insertCustomer } from './billing-customers-repository.ts';
import { callStripe } from './stripe-failure.ts';

/** What Stripe's customer says of the account: what its invoices and e-mails are addressed to. */
export interface BillingAccount {
  uid: string;
  email: string;
  displayName: string;
  language: 'en' | 'fr';
}

/** The account's Stripe customer, if it ever started a checkout. */
export async function existingCustomerOf(db: Database, uid: string): Promise<string | undefined> {
  return findCustomerId(db, uid);
}

/**
 * The account's one Stripe customer, created the first time it is needed. The creation carries an
 * idempotency key made from the account, so two calls racing (two tabs) get the same customer from
 * Stripe; the row is inserted unless one is there and read back, so both end with the one stored.
 */
export async function customerOf(
  deps: { db: Database; stripe: Stripe },
  account: BillingAccount,
): Promise<string> {
  const existing = await findCustomerId(deps.db, account.uid);
  if (existing !== undefined) return existing;
  const customer = await callStripe('customer creation', () =>
    deps.stripe.customers.create(
      {
        email: account.email,
        name: account.displayName,
        preferred_locales: [account.language],
        metadata: { uid: account.uid },
      },
      { idempotencyKey: `customer-${account.uid}` },
    ),
  );
  await insertCustomer(deps.db, account.uid, customer.id);
  const stored = await findCustomerId(deps.db, account.uid);
  if (stored === undefined) throw new Error("The account's Stripe customer was not stored");
  return stored;
}
