import { useMemo } from 'react';
import type { BillingInterval } from '#shared/billing.ts';
import { monthsBilledPerYear, plans, type PlanId } from '#shared/plans.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * Dates, counts and prices in the reader's language (Intl): "January 5, 2027" and "€190" in
 * English, "5 janvier 2027" and "190 €" in French. Prices come from shared/plans.ts, the one
 * definition the pricing page shows too; a year is billed as `monthsBilledPerYear` months.
 */
export function useBillingFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
    const number = new Intl.NumberFormat(locale);
    return {
      date: (iso: string) => date.format(new Date(iso)),
      number: (value: number) => number.format(value),
      /** What the plan costs for each period billed. */
      price: (plan: PlanId, interval: BillingInterval) => {
        const found = plans.find((candidate) => candidate.id === plan) ?? plans[0];
        const cents =
          interval === 'month'
            ? found.monthlyPriceCents
            : found.monthlyPriceCents * monthsBilledPerYear;
        return amount(locale, cents, found.currency);
      },
      /** An amount in the plan's currency: what a period cost after a discount. */
      amount: (plan: PlanId, cents: number) => {
        const found = plans.find((candidate) => candidate.id === plan) ?? plans[0];
        return amount(locale, cents, found.currency);
      },
    };
  }, [locale]);
}

/** Cents in the currency, without decimals when whole: "€19" and "€17.10", "19 €" and "17,10 €". */
function amount(locale: string, cents: number, currency: string): string {
  const fractionDigits = cents % 100 === 0 ? 0 : 2;
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(cents / 100);
}

export type BillingFormat = ReturnType<typeof useBillingFormat>;
