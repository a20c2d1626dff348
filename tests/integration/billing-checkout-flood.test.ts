import type { LightMyRequestResponse } from 'fastify';
import type Stripe from 'stripe';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadPriceCatalog } from '#server/areas/billing/price-catalog.ts';
import { createStripeClient } from '#server/platform/stripe/stripe-client.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';
import { registeredOwner } from '../support/owners-and-stores.ts';

/**
 * Checkout starts of one account while Stripe is slow to answer: the product's own Stripe client
 * against the local Stripe, with the creation of Checkout sessions held until the test lets it go,
 * as a Stripe that takes its time would. No database connection may wait on Stripe, so that one
 * account's many starts cannot keep other users' requests from the database.
 */

const publicUrl = 'http://localhost:3000';
let local: TestStripe;
let stripe: Stripe;
let api: ApiTestContext;

/** Holds the next Checkout session creation at Stripe until `release`; `reached` once it is held. */
interface HeldCreation {
  reached: Promise<void>;
  release(): void;
}
let holdNextCreation: () => HeldCreation;

beforeAll(async () => {
  local = await startTestStripe();
  stripe = createStripeClient({
    secretKey: local.secretKey,
    webhookSecret: local.webhookSecret,
    automaticTax: false,
    apiUrl: local.url,
  });
  const sessions = stripe.checkout.sessions;
  const create = sessions.create.bind(sessions);
  let held: { arrived: () => void; released: Promise<void> } | undefined;
  sessions.create = (async (...args: Parameters<typeof create>) => {
    const hold = held;
    held = undefined;
    if (hold !== undefined) {
      hold.arrived();
      await hold.released;
    }
    return create(...args);
  }) as typeof sessions.create;
  holdNextCreation = () => {
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((resolve) => (arrived = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    held = { arrived, released };
    return { reached, release };
  };
  const prices = await loadPriceCatalog(stripe);
  // The product's pool size, so that the flood is what it was against the running product.
  api = await startApiForTests({
    billing: { stripe, prices, settings: { publicUrl, automaticTax: false } },
    pool: { maxConnections: 10 },
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
  await local?.stop();
});

function startCheckout(owner: TestUser) {
  return api.app.inject({
    method: 'POST',
    url: '/api/v1/billing/checkout-sessions',
    headers: bearer(owner.idToken),
    payload: { plan: 'pro', interval: 'month' },
  });
}

it('answers a second checkout start of the account, while the first waits on Stripe, with `checkout_in_progress`', async () => {
  const owner = await registeredOwner(api);
  const held = holdNextCreation();
  const first = startCheckout(owner);
  await held.reached;

  let second: LightMyRequestResponse | undefined;
  try {
    const answer = startCheckout(owner).then((response) => (second = response));
    // Answered while the first still waits on Stripe: the second does not queue behind it.
    await expect.poll(() => second, { timeout: 10_000 }).toBeDefined();
    await answer;
  } finally {
    held.release();
  }
  expect(second?.statusCode).toBe(409);
  expect(errorOf(second!).code).toBe('checkout_in_progress');
  expect((await first).statusCode).toBe(201);
  // Once the first has opened, the owner may open another (which expires the first).
  expect((await startCheckout(owner)).statusCode).toBe(201);
});

it('keeps serving other users while one account floods checkout starts, and answers none of them 500', async () => {
  const flooder = await registeredOwner(api);
  const other = await registeredOwner(api);
  const held = holdNextCreation();
  const answered: LightMyRequestResponse[] = [];
  const flood = Array.from({ length: 48 }, () =>
    startCheckout(flooder).then((response) => {
      answered.push(response);
      return response;
    }),
  );
  await held.reached;

  try {
    // Every start but the one at Stripe is answered while it waits there.
    await expect.poll(() => answered.length, { timeout: 20_000 }).toBe(47);
    // Refused at once: the account's checkout is opening, or its budget of starts is spent.
    const refusals = new Set(['409 checkout_in_progress', '429 rate_limited']);
    for (const response of answered) {
      expect(refusals).toContain(`${response.statusCode} ${errorOf(response).code}`);
    }
    expect(answered.map((response) => response.statusCode)).toContain(409);
    // No connection of the pool waits on Stripe, and no request waits for a connection.
    expect(api.database.pool.idleCount).toBeGreaterThan(0);
    expect(api.database.pool.waitingCount).toBe(0);
    const otherAccount = await api.app.inject({
      method: 'GET',
      url: '/api/v1/account/me',
      headers: bearer(other.idToken),
    });
    expect(otherAccount.statusCode).toBe(200);
  } finally {
    held.release();
  }
  const statuses = (await Promise.all(flood)).map((response) => response.statusCode);
  expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  expect(statuses).not.toContain(500);
});
