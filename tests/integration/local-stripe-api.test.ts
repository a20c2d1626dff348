import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';

/**
 * The local Stripe's API through the real stripe SDK: the seeded catalogue found by lookup key,
 * idempotent creations, and the refusals Stripe makes (key, parameters, ids, automatic tax).
 */

let local: TestStripe;

beforeAll(async () => {
  local = await startTestStripe();
});
afterAll(async () => {
  await local?.stop();
});

/** The error the SDK throws for a call, or a failure when it succeeded. */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('prices', () => {
  it('finds the four plans’ prices by lookup key, with their product expanded', async () => {
    const prices = await local.stripe.prices.list({
      lookup_keys: [
        'vitrine_pro_monthly',
        'vitrine_pro_yearly',
        'vitrine_business_monthly',
        'vitrine_business_yearly',
      ],
      active: true,
      expand: ['data.product'],
    });
    const byKey = Object.fromEntries(prices.data.map((price) => [price.lookup_key, price]));
    expect(Object.keys(byKey).sort()).toEqual([
      'vitrine_business_monthly',
      'vitrine_business_yearly',
      'vitrine_pro_monthly',
      'vitrine_pro_yearly',
    ]);
    expect(byKey.vitrine_pro_monthly).toMatchObject({
      object: 'price',
      unit_amount: 1900,
      currency: 'eur',
      recurring: { interval: 'month', interval_count: 1 },
      product: { object: 'product', name: 'Vitrine Pro', metadata: { plan: 'pro' } },
    });
    expect(byKey.vitrine_business_yearly).toMatchObject({
      unit_amount: 49000,
      recurring: { interval: 'year' },
      product: { name: 'Vitrine Business' },
    });
    const one = await local.stripe.prices.retrieve(byKey.vitrine_pro_yearly!.id);
    expect(one).toMatchObject({ unit_amount: 19000, product: expect.stringMatching(/^prod_/) });

    const onlyPro = await local.stripe.prices.list({ lookup_keys: ['vitrine_pro_monthly'] });
    expect(onlyPro.data.map((price) => price.lookup_key)).toEqual(['vitrine_pro_monthly']);
  });

  it('creates products and prices, and refuses a lookup key already taken', async () => {
    const product = await local.stripe.products.create({ name: 'Extra' });
    expect(product.id).toMatch(/^prod_/);
    const price = await local.stripe.prices.create({
      product: product.id,
      currency: 'eur',
      unit_amount: 500,
      recurring: { interval: 'month' },
      lookup_key: 'extra_monthly',
    });
    expect(price).toMatchObject({ lookup_key: 'extra_monthly', type: 'recurring' });
    const taken = await refusal(
      local.stripe.prices.create({
        product: product.id,
        currency: 'eur',
        unit_amount: 600,
        lookup_key: 'extra_monthly',
      }),
    );
    expect(taken).toMatchObject({ statusCode: 400, param: 'lookup_key' });
  });
});

describe('customers', () => {
  it('creates a customer once for one idempotency key, and refuses the key with other parameters', async () => {
    const key = `customer-${Date.now()}`;
    const first = await local.stripe.customers.create(
      {
        email: 'idem@maison-exemple.fr',
        name: 'Idem',
        preferred_locales: ['fr'],
        metadata: { uid: 'firebase-uid-1' },
      },
      { idempotencyKey: key },
    );
    const again = await local.stripe.customers.create(
      {
        email: 'idem@maison-exemple.fr',
        name: 'Idem',
        preferred_locales: ['fr'],
        metadata: { uid: 'firebase-uid-1' },
      },
      { idempotencyKey: key },
    );
    expect(again.id).toBe(first.id);
    expect(first).toMatchObject({
      object: 'customer',
      email: 'idem@maison-exemple.fr',
      preferred_locales: ['fr'],
      metadata: { uid: 'firebase-uid-1' },
    });
    const found = await local.stripe.customers.list({ email: 'idem@maison-exemple.fr' });
    expect(found.data.map((customer) => customer.id)).toEqual([first.id]);

    const reused = await refusal(
      local.stripe.customers.create({ email: 'other@maison-exemple.fr' }, { idempotencyKey: key }),
    );
    expect(reused).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    expect(reused.statusCode).toBe(400);
  });

  it('updates a customer and answers 404 resource_missing for an unknown one', async () => {
    const customer = await local.stripe.customers.create({ email: 'up@maison-exemple.fr' });
    const updated = await local.stripe.customers.update(customer.id, {
      name: 'Camille',
      metadata: { uid: 'u-2' },
    });
    expect(updated).toMatchObject({ name: 'Camille', metadata: { uid: 'u-2' } });
    expect((await local.stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({
      name: 'Camille',
    });
    const missing = await refusal(local.stripe.customers.retrieve('cus_doesnotexist'));
    expect(missing).toMatchObject({
      statusCode: 404,
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      message: "No such customer: 'cus_doesnotexist'",
    });
  });
});

describe('refusals', () => {
  it('refuses a wrong key with 401, masking it, and a request without a key', async () => {
    const address = new URL(local.url);
    const wrong = new Stripe('sk_test_wrong0key0for0this0account0xyz', {
      host: address.hostname,
      port: Number(address.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const error = await refusal(wrong.customers.list());
    expect(error).toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    expect(error.statusCode).toBe(401);
    expect(error.message).toMatch(/^Invalid API Key provided: sk_test_\*+0xyz$/);
    expect(error.message).not.toContain('wrong0key');

    const anonymous = await fetch(`${local.url}/v1/customers`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      error: { type: 'invalid_request_error', message: /You did not provide an API key/ },
    });
  });

  it('refuses an API version it does not speak with 400, and takes its own', async () => {
    const address = new URL(local.url);
    const pinnedElsewhere = new Stripe(local.secretKey, {
      host: address.hostname,
      port: Number(address.port),
      protocol: 'http',
      maxNetworkRetries: 0,
      apiVersion: '2024-06-20' as Stripe.LatestApiVersion,
    });
    const error = await refusal(pinnedElsewhere.customers.list());
    expect(error.statusCode).toBe(400);
    expect(error.type).toBe('StripeInvalidRequestError');
    expect(error.message).toMatch(/^Invalid Stripe API version: 2024-06-20/);
    expect((await local.stripe.customers.list()).object).toBe('list');
  });

  it('refuses an unknown parameter by its name, and a missing one', async () => {
    const unknown = await refusal(
      local.stripe.customers.create({ email: 'x@y.fr', favourite_colour: 'blue' } as never),
    );
    expect(unknown).toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      param: 'favourite_colour',
      message: 'Received unknown parameter: favourite_colour',
    });
    const nested = await refusal(
      local.stripe.checkout.sessions.create({
        mode: 'subscription',
        success_url: 'http://localhost/ok',
        line_items: [{ price: 'price_x', quantity: 1, colour: 'red' } as never],
      }),
    );
    expect(nested).toMatchObject({ code: 'parameter_unknown', param: 'line_items[0][colour]' });

    const missing = await refusal(local.stripe.products.create({} as never));
    expect(missing).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'name' });
  });

  it('refuses Checkout without success_url, in another mode, or for an unknown price', async () => {
    const prices = await local.stripe.prices.list({ lookup_keys: ['vitrine_pro_monthly'] });
    const price = prices.data[0]!.id;
    expect(
      await refusal(
        local.stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price, quantity: 1 }],
        }),
      ),
    ).toMatchObject({ code: 'parameter_missing', param: 'success_url' });
    expect(
      await refusal(
        local.stripe.checkout.sessions.create({
          mode: 'payment',
          success_url: 'http://localhost/ok',
          line_items: [{ price, quantity: 1 }],
        }),
      ),
    ).toMatchObject({ statusCode: 400, param: 'mode' });
    expect(
      await refusal(
        local.stripe.checkout.sessions.create({
          mode: 'subscription',
          success_url: 'http://localhost/ok',
          line_items: [{ price: 'price_unknown', quantity: 1 }],
        }),
      ),
    ).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'line_items[0][price]' });
  });

  it('refuses automatic tax for a customer without an address unless Checkout may save one', async () => {
    const customer = await local.stripe.customers.create({ email: 'tax@maison-exemple.fr' });
    const price = (await local.stripe.prices.list({ lookup_keys: ['vitrine_pro_monthly'] }))
      .data[0]!.id;
    const base = {
      mode: 'subscription' as const,
      customer: customer.id,
      success_url: 'http://localhost/ok',
      line_items: [{ price, quantity: 1 }],
      automatic_tax: { enabled: true },
    };
    const refused = await refusal(local.stripe.checkout.sessions.create(base));
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toMatch(/customer_update\[address\]/);
    const session = await local.stripe.checkout.sessions.create({
      ...base,
      customer_update: { address: 'auto' },
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      automatic_tax: { enabled: true },
      status: 'open',
    });
  });
});
