import * as z from 'zod/mini';
import { billingIntervals, paidPlanIds, subscriptionStatuses } from '../billing.ts';
import { planIds } from '../plans.ts';

/**
 * The subscription's contract (/api/v1/billing): the API validates and answers with these schemas,
 * the client parses the answers with them. The plan state changes only from Stripe's verified
 * events, so the calls that change a subscription answer 202 and the client reads the state again.
 */

const isoDate = z.string();

/** Usage of one limit; `limit` null means the plan sets none. */
export const limitUsageSchema = z.object({ used: z.number(), limit: z.nullable(z.number()) });
export type LimitUsage = z.infer<typeof limitUsageSchema>;

export const subscriptionSchema = z.object({
  plan: z.enum(paidPlanIds),
  interval: z.enum(billingIntervals),
  status: z.enum(subscriptionStatuses),
  /** The end of the period paid for: the renewal date, or the end date when cancelling. */
  currentPeriodEnd: isoDate,
  /** True when the subscription ends at `currentPeriodEnd` instead of renewing. */
  cancelAtPeriodEnd: z.boolean(),
  /**
   * What the current period cost after a discount (a promotion code at Checkout), in cents of the
   * plan's currency, as Stripe invoiced it; null when no discount applied to it.
   */
  discountedPriceCents: z.nullable(z.number()),
  /** Past due: when the renewal first failed, and when the grace period ends. */
  pastDueSince: z.nullable(isoDate),
  graceEndsAt: z.nullable(isoDate),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** A connected store, as a downgrade needs it: the owner picks the one that stays active. */
export const billingStoreSchema = z.object({
  id: z.string(),
  shopDomain: z.string(),
  /** Beyond the plan's store limit: kept, but not synced or audited until the plan allows it. */
  paused: z.boolean(),
});
export type BillingStore = z.infer<typeof billingStoreSchema>;

/**
 * `GET /api/v1/billing`: the plan whose limits apply now (`plan`), the subscription behind it if any
 * (which may still exist when `plan` is free: past the grace period, or unpaid), usage against each
 * limit, and the connected stores (`storesPaused` of them beyond the plan's store limit).
 */
export const billingOverviewSchema = z.object({
  data: z.object({
    plan: z.enum(planIds),
    subscription: z.nullable(subscriptionSchema),
    usage: z.object({
      stores: limitUsageSchema,
      pagesAudited: limitUsageSchema,
      blogPostsThisMonth: limitUsageSchema,
    }),
    stores: z.array(billingStoreSchema),
    storesPaused: z.number(),
  }),
});
export type BillingOverview = z.infer<typeof billingOverviewSchema>['data'];

/** `POST /api/v1/billing/checkout-sessions`: a paid plan and period, from Free. */
export const startCheckoutBodySchema = z.strictObject({
  plan: z.enum(paidPlanIds),
  interval: z.enum(billingIntervals),
});
export type StartCheckoutBody = z.infer<typeof startCheckoutBodySchema>;

/** Where the browser goes next: Stripe's hosted Checkout or customer portal. */
export const billingRedirectSchema = z.object({ data: z.object({ url: z.string() }) });

/**
 * `POST /api/v1/billing/subscription/change`: another plan or period. Going to a plan that allows
 * fewer stores than are connected needs `keepStoreId`, the store that stays active; the others are
 * paused, their data kept.
 */
export const changeSubscriptionBodySchema = z.strictObject({
  plan: z.enum(paidPlanIds),
  interval: z.enum(billingIntervals),
  keepStoreId: z.optional(z.string().check(z.maxLength(64))),
});
export type ChangeSubscriptionBody = z.infer<typeof changeSubscriptionBodySchema>;

/**
 * The answer of a plan change: Stripe took it, its event will follow. `paymentUrl` is the page of
 * the change's invoice when Stripe holds the change until that invoice is paid (the card was
 * refused or needs the owner's action): the browser goes there; the plan stays as it was until then.
 */
export const subscriptionChangeSchema = z.object({
  data: z.object({ accepted: z.literal(true), paymentUrl: z.nullable(z.string()) }),
});

/** The body of a call that needs nothing but the caller: `{}`. */
export const emptyBodySchema = z.strictObject({});

/** The answer of a cancellation or a resumption: Stripe took it, its event will follow. */
export const subscriptionChangeAcceptedSchema = z.object({
  data: z.object({ accepted: z.literal(true) }),
});

/**
 * `POST /api/v1/billing/subscription/cancel`: the subscription ends at the period's end and the
 * account goes back to Free then. When Free allows fewer stores than are connected, `keepStoreId`
 * names the store that stays active.
 */
export const cancelSubscriptionBodySchema = z.strictObject({
  keepStoreId: z.optional(z.string().check(z.maxLength(64))),
});
export type CancelSubscriptionBody = z.infer<typeof cancelSubscriptionBodySchema>;
