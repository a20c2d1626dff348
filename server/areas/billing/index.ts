/**
 * What the billing area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export type { BillingAccount } from './billing-customer.ts';
export type { CheckoutSettings } from './billing-dependencies.ts';
export {
  cancelSubscriptionsForAccountDeletion,
  deleteBillingData,
} from './cancel-for-account-deletion.ts';
export { cancelSubscription, resumeSubscription } from './cancel-subscription.ts';
export { changeSubscription } from './change-subscription.ts';
export { requireLiveSubscription } from './live-subscription.ts';
export { openBillingPortal } from './open-billing-portal.ts';
export { requirePlanFeature } from './plan-features.ts';
export { planLifting, planLimitReached, planLimitsOf } from './plan-limits.ts';
export { effectivePlanOf } from './plan-state.ts';
export { priceCatalogAtStart } from './price-catalog.ts';
export type { PriceCatalog } from './price-catalog.ts';
export { readBillingOverview } from './read-billing-overview.ts';
export { startCheckout } from './start-checkout.ts';
export { handleStripeEvent } from './stripe-event-handlers.ts';
export { describeFailure, stripeCallFailureOf } from './stripe-failure.ts';
