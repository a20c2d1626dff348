import { expect, type APIRequestContext } from '@playwright/test';
import { localStripeAccount } from '#server/config.ts';

/**
 * The local Stripe the product under test talks to (started by local mode on E2E_LOCAL_STRIPE_PORT,
 * playwright.config.ts), reached directly: its API with local mode's secret key, to find the
 * customer the product made for an account, and its controls (`/local/…`,
 * server/local/stripe/local-controls.ts) to move that customer's clock or save a test card.
 */

export const localStripeUrl = process.env.E2E_LOCAL_STRIPE_URL ?? '';

export interface LocalSubscription {
  id: string;
  status: string;
  cancel_at_period_end: boolean;
  items: { data: Array<{ current_period_end: number; price: { lookup_key: string | null } }> };
}

export interface LocalCustomer {
  /** The customer's own clock, in seconds. */
  now: number;
  subscriptions: LocalSubscription[];
}

/** The id of the one customer the product made for `email`. */
export async function customerIdOf(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(
    `${localStripeUrl}/v1/customers?email=${encodeURIComponent(email)}`,
    { headers: { Authorization: `Bearer ${localStripeAccount.secretKey}` } },
  );
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: Array<{ id: string }> };
  expect(data, `one Stripe customer for ${email}`).toHaveLength(1);
  return data[0]!.id;
}

async function control(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  data?: unknown,
): Promise<LocalCustomer> {
  const response = await request.fetch(`${localStripeUrl}/local/${path}`, {
    method,
    ...(data !== undefined && { data }),
  });
  expect(response.status(), `${method} /local/${path}`).toBe(200);
  return (await response.json()) as LocalCustomer;
}

export function localCustomer(request: APIRequestContext, id: string): Promise<LocalCustomer> {
  return control(request, 'GET', `customers/${id}`);
}

/** Moves the customer's clock on: renewals, retries and ends at period end happen on the way. */
export function advanceClock(
  request: APIRequestContext,
  id: string,
  days: number,
): Promise<LocalCustomer> {
  return control(request, 'POST', `customers/${id}/advance-clock`, { days });
}

/** Saves a test card for the customer (4000 0000 0000 0341 makes every later charge fail). */
export function saveCard(
  request: APIRequestContext,
  id: string,
  number: string,
): Promise<LocalCustomer> {
  return control(request, 'POST', `customers/${id}/card`, { number });
}
