import type { Language } from '#shared/constants.ts';
import { monthsBilledPerYear, yearlyPriceCents, type Plan } from '#shared/plans.ts';

/**
 * How the pricing page words a plan's price: amounts formatted by `Intl` in the page's language
 * ("€19" in English, "19 €" in French), never by hand, so separators and symbol placement follow
 * each language's conventions.
 */

export const billingPeriods = ['monthly', 'yearly'] as const;
export type BillingPeriod = (typeof billingPeriods)[number];

const monthsPerYear = 12;

/** The amount charged at each renewal of the period, in cents. */
export function billedPriceCents(
  plan: Pick<Plan, 'monthlyPriceCents'>,
  period: BillingPeriod,
): number {
  return period === 'monthly' ? plan.monthlyPriceCents : yearlyPriceCents(plan);
}

/** What a yearly subscription saves against twelve monthly payments (the months billed free). */
export function yearlySavingCents(plan: Pick<Plan, 'monthlyPriceCents'>): number {
  return plan.monthlyPriceCents * (monthsPerYear - monthsBilledPerYear);
}

/** A whole amount shows no decimals ("€19", not "€19.00"); any other shows its cents. */
export function formatMoney(cents: number, currency: Plan['currency'], language: Language): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(cents / 100);
}

/** A limit such as pages audited: "10,000" in English, "10 000" (narrow no-break space) in French. */
export function formatCount(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}

export interface DisplayedPlanPrice {
  /** The amount billed for the period, formatted. */
  readonly amount: string;
  /** For a paid plan billed yearly, what the year saves, formatted; otherwise null. */
  readonly yearlySaving: string | null;
}

export function displayedPlanPrice(
  plan: Pick<Plan, 'monthlyPriceCents' | 'currency'>,
  period: BillingPeriod,
  language: Language,
): DisplayedPlanPrice {
  const saving = period === 'yearly' ? yearlySavingCents(plan) : 0;
  return {
    amount: formatMoney(billedPriceCents(plan, period), plan.currency, language),
    yearlySaving: saving > 0 ? formatMoney(saving, plan.currency, language) : null,
  };
}
