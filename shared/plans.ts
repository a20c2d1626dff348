/**
 * The subscription plans (docs/product.md, "Plans"), defined once: the pricing page shows them, and the
 * API will enforce their limits when the areas they limit arrive. Prices are in euro cents per
 * month; a yearly subscription costs ten months (two months free). `null` means no limit.
 */

export const planIds = ['free', 'pro', 'business'] as const;
export type PlanId = (typeof planIds)[number];

export interface PlanLimits {
  readonly stores: number;
  readonly pagesAudited: number;
  /** Posts published per calendar month; null for no limit. */
  readonly blogPostsPerMonth: number | null;
}

/** What a plan adds beyond its limits; the client words each one in the visitor's language. */
export type PlanFeature =
  | 'manual-audits'
  | 'weekly-automatic-audits'
  | 'bulk-edits'
  | 'everything-in-pro'
  | 'priority-support';

export interface Plan {
  readonly id: PlanId;
  readonly monthlyPriceCents: number;
  readonly currency: 'EUR';
  readonly limits: PlanLimits;
  readonly features: readonly PlanFeature[];
}

/** A year is billed as this many months. */
export const monthsBilledPerYear = 10;

export const plans = [
  {
    id: 'free',
    monthlyPriceCents: 0,
    currency: 'EUR',
    limits: { stores: 1, pagesAudited: 100, blogPostsPerMonth: 2 },
    features: ['manual-audits'],
  },
  {
    id: 'pro',
    monthlyPriceCents: 1900,
    currency: 'EUR',
    limits: { stores: 1, pagesAudited: 10_000, blogPostsPerMonth: 30 },
    features: ['weekly-automatic-audits', 'bulk-edits'],
  },
  {
    id: 'business',
    monthlyPriceCents: 4900,
    currency: 'EUR',
    limits: { stores: 5, pagesAudited: 100_000, blogPostsPerMonth: null },
    features: ['everything-in-pro', 'priority-support'],
  },
] as const satisfies readonly Plan[];

export function yearlyPriceCents(plan: Pick<Plan, 'monthlyPriceCents'>): number {
  return plan.monthlyPriceCents * monthsBilledPerYear;
}
