import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { billingIntervals, paidPlanIds, subscriptionStatuses } from '#shared/billing.ts';

/**
 * An account's customer at Stripe: one per account, created once (with an idempotency key made from
 * the account), so that every checkout, portal session and invoice of an owner hangs from it.
 */
export const billingCustomers = pgTable('billing_customers', {
  uid: text('uid').primaryKey(),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/**
 * A subscription as Stripe last said it was, read back from Stripe whenever one of its events
 * arrives (events may come late, twice or out of order; the subscription read afterwards is always
 * the current one). The plan state of an account is worked out from these rows (plan-state.ts).
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    stripeSubscriptionId: text('stripe_subscription_id').primaryKey(),
    uid: text('uid').notNull(),
    stripeCustomerId: text('stripe_customer_id').notNull(),
    plan: text('plan', { enum: paidPlanIds }).notNull(),
    interval: text('interval', { enum: billingIntervals }).notNull(),
    status: text('status', { enum: subscriptionStatuses }).notNull(),
    /** From the subscription's item: Stripe moved the period dates there in 2025. */
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull(),
    /**
     * What the current period cost after a discount (a promotion code), as Stripe invoiced it;
     * null when none applied to it: the owner sees the price paid beside the plan's.
     */
    discountedPriceCents: integer('discounted_price_cents'),
    /** When this product first saw the subscription past due; null when it is not past due. */
    pastDueSince: timestamp('past_due_since', { withTimezone: true }),
    /** When Stripe created the subscription: the newest one of an account is its current one. */
    stripeCreatedAt: timestamp('stripe_created_at', { withTimezone: true }).notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [index('billing_subscriptions_uid_idx').on(table.uid, table.stripeCreatedAt)],
);

/**
 * Work of the billing area that must not run twice at once, and that calls Stripe while it runs: a
 * checkout start of an account (`checkout:<uid>`), a sync of a subscription
 * (`subscription:<id>`). Claimed in one statement before the first call to Stripe and given back
 * when the work ends (billing-claims-repository.ts), so that no database connection is held while
 * Stripe answers. A claim whose work died with its process lapses at `expires_at`.
 */
export const billingClaims = pgTable('billing_claims', {
  key: text('key').primaryKey(),
  claimId: text('claim_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
