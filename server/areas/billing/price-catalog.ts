import type Stripe from 'stripe';
import {
  billingIntervals,
  paidPlanIds,
  priceLookupKey,
  type BillingInterval,
  type PaidPlanId,
} from '#shared/billing.ts';
import { stripeFailure } from './stripe-failure.ts';

/** A paid plan and its billing period: what one Stripe price sells. */
export interface PlanPrice {
  plan: PaidPlanId;
  interval: BillingInterval;
}

/**
 * The Stripe prices of the paid plans, found once at the start by their lookup keys (shared/billing.ts)
 * and kept in memory: the price a checkout or a change asks for. The plan a subscription's price
 * stands for is read from its lookup key (planOfLookupKey), not from this catalogue: a price Stripe
 * answers is always read with its key.
 */
export interface PriceCatalog {
  priceIdOf(choice: PlanPrice): Promise<string>;
}

/** Prices the start needs and Stripe does not have (or has only inactive). */
export class MissingPricesError extends Error {
  constructor(readonly lookupKeys: readonly string[]) {
    super(
      `Stripe has no active price with the lookup key ${lookupKeys.join(', ')}: create ${lookupKeys.length === 1 ? 'it' : 'them'} in the Stripe account (recurring, one per plan and period) before starting`,
    );
    this.name = 'MissingPricesError';
  }
}

/** Every plan and period sold, with its lookup key. */
export const planPrices: readonly (PlanPrice & { lookupKey: string })[] = paidPlanIds.flatMap(
  (plan) =>
    billingIntervals.map((interval) => ({
      plan,
      interval,
      lookupKey: priceLookupKey(plan, interval),
    })),
);

const planByLookupKey = new Map<string, PlanPrice>(
  planPrices.map(({ plan, interval, lookupKey }) => [lookupKey, { plan, interval }]),
);

/**
 * The plan and period a price sells, from its lookup key; undefined for a price without one of the
 * plans' keys (another product's, or an old price of a plan whose key Stripe moved to a new price).
 */
export function planOfLookupKey(lookupKey: string | null): PlanPrice | undefined {
  return lookupKey === null ? undefined : planByLookupKey.get(lookupKey);
}

/**
 * Reads the active prices of the four lookup keys from Stripe; throws MissingPricesError naming the
 * keys Stripe lacks, so that a start without them stops with a sentence saying what to create.
 */
export async function loadPriceCatalog(stripe: Stripe): Promise<PriceCatalog> {
  const prices = await stripe.prices.list({
    lookup_keys: planPrices.map((price) => price.lookupKey),
    active: true,
    limit: 100,
  });
  const priceIdByKey = new Map<string, string>();
  for (const price of prices.data) {
    if (price.lookup_key !== null) priceIdByKey.set(price.lookup_key, price.id);
  }
  const missing = planPrices.filter((price) => !priceIdByKey.has(price.lookupKey));
  if (missing.length > 0) throw new MissingPricesError(missing.map((price) => price.lookupKey));
  return priceCatalogOf(
    planPrices.map((price) => ({ ...price, priceId: priceIdByKey.get(price.lookupKey)! })),
  );
}

/**
 * The catalogue as the start reads it. Stripe answering without some of the prices stops the start
 * (MissingPricesError). Stripe out of reach does not: an outage must not keep the API from starting
 * (nor a network without Stripe), so the prices are read at the first call that needs them, and
 * until Stripe answers those calls fail with `billing_unavailable`.
 */
export async function priceCatalogAtStart(
  stripe: Stripe,
  onUnreachable: (error: unknown) => void,
): Promise<PriceCatalog> {
  try {
    return await loadPriceCatalog(stripe);
  } catch (error) {
    if (error instanceof MissingPricesError) throw error;
    onUnreachable(error);
    return catalogReadOnFirstUse(stripe);
  }
}

function catalogReadOnFirstUse(stripe: Stripe): PriceCatalog {
  let loading: Promise<PriceCatalog> | undefined;
  const catalog = () => {
    loading ??= loadPriceCatalog(stripe).catch((error: unknown) => {
      // The next call tries again.
      loading = undefined;
      throw stripeFailure("reading the plans' prices", error);
    });
    return loading;
  };
  return {
    priceIdOf: async (choice) => (await catalog()).priceIdOf(choice),
  };
}

function priceCatalogOf(entries: readonly (PlanPrice & { priceId: string })[]): PriceCatalog {
  const byPlan = new Map(
    entries.map((entry) => [`${entry.plan}/${entry.interval}`, entry.priceId]),
  );
  return {
    async priceIdOf({ plan, interval }) {
      const priceId = byPlan.get(`${plan}/${interval}`);
      if (priceId === undefined)
        throw new Error(`No price for the ${plan} plan by the ${interval}`);
      return priceId;
    },
  };
}
