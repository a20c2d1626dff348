import type { PlanId } from './plans.ts';

/**
 * How plans are sold (docs/decisions/0017-billing.md): the paid plans, each monthly or yearly, as
 * Stripe prices found by lookup key. The same keys name the prices in the local Stripe and in
 * production, where a missing one stops the start.
 */

export const paidPlanIds = ['pro', 'business'] as const satisfies readonly PlanId[];
export type PaidPlanId = (typeof paidPlanIds)[number];

/** Stripe's names for the two billing periods. */
export const billingIntervals = ['month', 'year'] as const;
export type BillingInterval = (typeof billingIntervals)[number];

export function priceLookupKey(plan: PaidPlanId, interval: BillingInterval): string {
  return `vitrine_${plan}_${interval === 'month' ? 'monthly' : 'yearly'}`;
}

/**
 * Days a subscription whose renewal failed keeps its plan (past due); after them the account has the
 * Free plan's limits until the payment succeeds. Nothing is deleted.
 */
export const pastDueGraceDays = 7;

/** Stripe's subscription statuses, as its API spells them. */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/** The limits a plan sets, by the name the API's `plan_limit_reached` error gives them. */
export const planLimitNames = ['stores', 'pagesAudited', 'blogPostsPerMonth'] as const;
export type PlanLimitName = (typeof planLimitNames)[number];
