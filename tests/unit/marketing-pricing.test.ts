import { describe, expect, it } from 'vitest';
import {
  billedPriceCents,
  displayedPlanPrice,
  formatCount,
  formatMoney,
  yearlySavingCents,
} from '#client/features/marketing/format-plan-price.ts';
import { plans, type PlanId } from '#shared/plans.ts';

const noBreakSpace = '\u00a0';
const narrowNoBreakSpace = '\u202f';

function plan(id: PlanId) {
  const found = plans.find((candidate) => candidate.id === id);
  if (found === undefined) throw new Error(`no plan ${id}`);
  return found;
}

describe('billed prices', () => {
  it('bill a month at the monthly price and a year at ten months', () => {
    expect(billedPriceCents(plan('pro'), 'monthly')).toBe(1900);
    expect(billedPriceCents(plan('pro'), 'yearly')).toBe(19_000);
    expect(billedPriceCents(plan('business'), 'yearly')).toBe(49_000);
    expect(billedPriceCents(plan('free'), 'yearly')).toBe(0);
  });

  it('save two months a year', () => {
    expect(yearlySavingCents(plan('pro'))).toBe(3800);
    expect(yearlySavingCents(plan('business'))).toBe(9800);
    expect(yearlySavingCents(plan('free'))).toBe(0);
  });
});

describe('formatMoney', () => {
  it('writes euros the English way, without decimals for whole amounts', () => {
    expect(formatMoney(1900, 'EUR', 'en')).toBe('€19');
    expect(formatMoney(0, 'EUR', 'en')).toBe('€0');
    expect(formatMoney(19_000, 'EUR', 'en')).toBe('€190');
  });

  it('writes euros the French way: the symbol after a no-break space', () => {
    expect(formatMoney(1900, 'EUR', 'fr')).toBe(`19${noBreakSpace}€`);
    expect(formatMoney(49_000, 'EUR', 'fr')).toBe(`490${noBreakSpace}€`);
  });

  it('shows cents when the amount is not whole', () => {
    expect(formatMoney(1950, 'EUR', 'en')).toBe('€19.50');
    expect(formatMoney(1950, 'EUR', 'fr')).toBe(`19,50${noBreakSpace}€`);
  });
});

describe('formatCount', () => {
  it('groups thousands in the language of the page', () => {
    expect(formatCount(100_000, 'en')).toBe('100,000');
    expect(formatCount(10_000, 'fr')).toBe(`10${narrowNoBreakSpace}000`);
    expect(formatCount(5, 'fr')).toBe('5');
  });
});

describe('displayedPlanPrice', () => {
  it('shows the monthly price with no saving', () => {
    expect(displayedPlanPrice(plan('pro'), 'monthly', 'fr')).toEqual({
      amount: `19${noBreakSpace}€`,
      yearlySaving: null,
    });
  });

  it('shows the yearly price and what it saves', () => {
    expect(displayedPlanPrice(plan('business'), 'yearly', 'en')).toEqual({
      amount: '€490',
      yearlySaving: '€98',
    });
    expect(displayedPlanPrice(plan('pro'), 'yearly', 'fr')).toEqual({
      amount: `190${noBreakSpace}€`,
      yearlySaving: `38${noBreakSpace}€`,
    });
  });

  it('claims no saving for the free plan', () => {
    expect(displayedPlanPrice(plan('free'), 'yearly', 'en')).toEqual({
      amount: '€0',
      yearlySaving: null,
    });
  });
});
