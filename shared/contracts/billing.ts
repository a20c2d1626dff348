import {
  billingOverviewSchema,
  billingRedirectSchema,
  cancelSubscriptionBodySchema,
  changeSubscriptionBodySchema,
  emptyBodySchema,
  startCheckoutBodySchema,
  subscriptionChangeAcceptedSchema,
  subscriptionChangeSchema,
} from '../schemas/billing.ts';
import { defineContract } from './api-contract.ts';

/**
 * The routes of the caller's plan (shared/schemas/billing.ts). Payments and changes happen at
 * Stripe: these open Stripe's pages or ask Stripe for the change, and the plan changes when
 * Stripe's event arrives, never in their answer.
 */
export const billingContracts = {
  overview: defineContract({
    method: 'GET',
    path: '/api/v1/billing',
    responses: { 200: billingOverviewSchema },
  }),
  startCheckout: defineContract({
    method: 'POST',
    path: '/api/v1/billing/checkout-sessions',
    body: startCheckoutBodySchema,
    responses: { 201: billingRedirectSchema },
  }),
  startPortalSession: defineContract({
    method: 'POST',
    path: '/api/v1/billing/portal-sessions',
    body: emptyBodySchema,
    responses: { 201: billingRedirectSchema },
  }),
  changeSubscription: defineContract({
    method: 'POST',
    path: '/api/v1/billing/subscription/change',
    body: changeSubscriptionBodySchema,
    responses: { 202: subscriptionChangeSchema },
  }),
  cancelSubscription: defineContract({
    method: 'POST',
    path: '/api/v1/billing/subscription/cancel',
    body: cancelSubscriptionBodySchema,
    responses: { 202: subscriptionChangeAcceptedSchema },
  }),
  resumeSubscription: defineContract({
    method: 'POST',
    path: '/api/v1/billing/subscription/resume',
    body: emptyBodySchema,
    responses: { 202: subscriptionChangeAcceptedSchema },
  }),
};
