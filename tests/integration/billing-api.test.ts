import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import {
  loadPriceCatalog,
  planOfLookupKey,
  type PriceCatalog,
} from '#server/areas/billing/price-catalog.ts';
import { billingSubscriptions } from '#server/areas/billing/tables.ts';
import { findFreePort } from '#server/local/free-port.ts';
import { createStripeClient } from '#server/platform/stripe/stripe-client.ts';
import type { SubscriptionStatus } from '#shared/billing.ts';
import { billingOverviewSchema } from '#shared/schemas/billing.ts';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import type { TestUser } from '../support/auth-emulator-users.ts';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import { logCollector } from './bff-test-harness.ts';
import { uniqueShopDomain } from '../support/shops-test-support.ts';

/**
 * The billing routes through the product's API, against the real PostgreSQL, the Auth Emulator and
 * the local Stripe, reached by the product's own Stripe client: Checkout and the portal open on the
 * local Stripe, changes and cancellations land there, and an account deletion cancels the
 * subscription there before anything is deleted. Stripe's events are another part's business: where
 * a test needs the subscription recorded, it records what Stripe says as the events would.
 */

const publicUrl = 'http://localhost:3000';
let local: TestStripe;
let prices: PriceCatalog;
let api: ApiTestContext;
/** The same API with a Stripe that cannot be reached. */
let apiWithoutStripe: ApiTestContext;
/** The same API with a key Stripe refuses, and its log. */
let apiWithWrongKey: ApiTestContext;
const wrongKeyLogs = logCollector();
const wrongKey = 'sk_test_wrong0key0Zq7X';

beforeAll(async () => {
  local = await startTestStripe();
  const stripe = createStripeClient({
    secretKey: local.secretKey,
    webhookSecret: local.webhookSecret,
    automaticTax: false,
    apiUrl: local.url,
  });
  prices = await loadPriceCatalog(stripe);
  api = await startApiForTests({
    billing: { stripe, prices, settings: { publicUrl, automaticTax: false } },
  });
  // A port nobody listens on: every call fails to connect, as with Stripe out of reach.
  const unreachable = createStripeClient({
    secretKey: local.secretKey,
    webhookSecret: local.webhookSecret,
    automaticTax: false,
    apiUrl: `http://127.0.0.1:${await findFreePort()}`,
  });
  apiWithoutStripe = await startApiForTests({
    billing: { stripe: unreachable, prices, settings: { publicUrl, automaticTax: false } },
  });
  const refused = createStripeClient({
    secretKey: wrongKey,
    webhookSecret: local.webhookSecret,
    automaticTax: false,
    apiUrl: local.url,
  });
  apiWithWrongKey = await startApiForTests({
    billing: { stripe: refused, prices, settings: { publicUrl, automaticTax: false } },
    logStream: wrongKeyLogs.stream,
  });
}, 60_000);

afterAll(async () => {
  await apiWithWrongKey?.close();
  await apiWithoutStripe?.close();
  await api?.close();
  await local?.stop();
});

function post(owner: TestUser, path: string, payload: unknown, app = api) {
  return app.app.inject({
    method: 'POST',
    url: `/api/v1/billing${path}`,
    headers: bearer(owner.idToken),
    payload: payload as object,
  });
}

async function overviewOf(owner: TestUser) {
  const response = await api.app.inject({
    method: 'GET',
    url: '/api/v1/billing',
    headers: bearer(owner.idToken),
  });
  expect(response.statusCode).toBe(200);
  return billingOverviewSchema.parse(response.json()).data;
}

async function checkoutUrl(owner: TestUser, plan: 'pro' | 'business' = 'pro'): Promise<string> {
  const response = await post(owner, '/checkout-sessions', { plan, interval: 'month' });
  expect(response.statusCode).toBe(201);
  return response.json<{ data: { url: string } }>().data.url;
}

function sessionIdOf(url: string): string {
  return url.split('/').at(-1)!;
}

async function customerIdOf(owner: TestUser): Promise<string | undefined> {
  const { rows } = await api.database.pool.query<{ stripe_customer_id: string }>(
    'select stripe_customer_id from billing_customers where uid = $1',
    [owner.uid],
  );
  return rows[0]?.stripe_customer_id;
}

/**
 * The owner pays a Checkout at the local Stripe, and the subscription Stripe then has is recorded
 * as its events would record it (the newest row of the account). Its Stripe id.
 */
async function subscribe(owner: TestUser, plan: 'pro' | 'business' = 'pro'): Promise<string> {
  const paid = await local.pay(await checkoutUrl(owner, plan));
  expect(paid.status).toBeLessThan(400);
  const customer = await customerIdOf(owner);
  const listed = await local.stripe.subscriptions.list({ customer: customer! });
  const [subscription] = listed.data;
  expect(subscription?.status).toBe('active');
  await recordAsEventsWould(owner, subscription!);
  return subscription!.id;
}

async function recordAsEventsWould(owner: TestUser, subscription: Stripe.Subscription) {
  const item = subscription.items.data[0]!;
  const sold = planOfLookupKey(item.price.lookup_key)!;
  await api.database.db.insert(billingSubscriptions).values({
    stripeSubscriptionId: subscription.id,
    uid: owner.uid,
    stripeCustomerId: subscription.customer as string,
    plan: sold.plan,
    interval: sold.interval,
    // Stripe's statuses, which the table lists all of.
    status: subscription.status as SubscriptionStatus,
    currentPeriodEnd: new Date(item.current_period_end * 1000),
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    pastDueSince: null,
    stripeCreatedAt: new Date(subscription.created * 1000),
  });
}

async function atStripe(subscriptionId: string): Promise<Stripe.Subscription> {
  return local.stripe.subscriptions.retrieve(subscriptionId);
}

describe('checkout', () => {
  it("opens the local Stripe's Checkout for the plan, in the owner's language, coming back to the subscription page", async () => {
    const owner = await registeredOwner(api);
    await api.database.pool.query("update accounts set language = 'fr' where uid = $1", [
      owner.uid,
    ]);

    const url = await checkoutUrl(owner, 'business');

    expect(url.startsWith(`${local.url}/`)).toBe(true);
    const session = await local.stripe.checkout.sessions.retrieve(sessionIdOf(url));
    expect(session).toMatchObject({
      mode: 'subscription',
      customer: await customerIdOf(owner),
      client_reference_id: owner.uid,
      locale: 'fr',
      allow_promotion_codes: true,
      automatic_tax: { enabled: false },
      cancel_url: `${publicUrl}/subscription?checkout=cancelled`,
      // The Business plan by the month.
      amount_subtotal: 4900,
      currency: 'eur',
    });
    expect(session.success_url).toBe(
      `${publicUrl}/subscription?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    );
  });

  it('creates one Stripe customer per account, however many checkouts start, even at once', async () => {
    const owner = await registeredOwner(api);

    // Two at once: the second may find the first still opening (`checkout_in_progress`).
    const together = await Promise.all([
      post(owner, '/checkout-sessions', { plan: 'pro', interval: 'month' }),
      post(owner, '/checkout-sessions', { plan: 'pro', interval: 'month' }),
    ]);
    const opened = together.filter((response) => response.statusCode === 201);
    expect(opened.length).toBeGreaterThan(0);
    for (const response of together.filter((answer) => answer.statusCode !== 201)) {
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('checkout_in_progress');
    }
    const urls = opened.map((response) => response.json<{ data: { url: string } }>().data.url);
    await checkoutUrl(owner);

    const customer = await customerIdOf(owner);
    expect(customer).toMatch(/^cus_/);
    const atLocalStripe = await local.stripe.customers.list({ email: owner.email });
    expect(atLocalStripe.data.map((entry) => entry.id)).toEqual([customer]);
    expect(atLocalStripe.data[0]).toMatchObject({
      metadata: { uid: owner.uid },
      preferred_locales: ['en'],
    });
    for (const url of urls) {
      const session = await local.stripe.checkout.sessions.retrieve(sessionIdOf(url));
      expect(session.customer).toBe(customer);
    }
  });

  it('refuses a second subscription while one is live (`subscription_exists`)', async () => {
    const owner = await registeredOwner(api);
    await subscribe(owner);

    const response = await post(owner, '/checkout-sessions', {
      plan: 'business',
      interval: 'year',
    });

    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('subscription_exists');
  });

  it('refuses a second subscription paid for a moment ago, before its event is recorded', async () => {
    const owner = await registeredOwner(api);
    await local.pay(await checkoutUrl(owner));

    const response = await post(owner, '/checkout-sessions', {
      plan: 'business',
      interval: 'month',
    });

    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('subscription_exists');
  });

  it('expires the earlier Checkout session when another opens: only the newest can be paid', async () => {
    const owner = await registeredOwner(api);
    const first = await checkoutUrl(owner, 'pro');
    const second = await checkoutUrl(owner, 'business');

    expect((await local.stripe.checkout.sessions.retrieve(sessionIdOf(first))).status).toBe(
      'expired',
    );
    const refused = await local.pay(first);
    expect(refused.status).toBe(410);
    expect(await refused.text()).toContain('This Checkout Session has expired.');
    const customer = (await customerIdOf(owner))!;
    expect((await local.stripe.subscriptions.list({ customer })).data).toHaveLength(0);

    expect((await local.pay(second)).status).toBeLessThan(400);
    const subscriptions = (await local.stripe.subscriptions.list({ customer })).data;
    expect(subscriptions.map((subscription) => subscription.items.data[0]?.price.id)).toEqual([
      await prices.priceIdOf({ plan: 'business', interval: 'month' }),
    ]);
  });

  it('refuses a second subscription while the first is unpaid, Stripe having stopped retrying', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner);
    const customer = (await customerIdOf(owner))!;
    await local.control('POST', `customers/${customer}/card`, { number: '4000 0000 0000 0341' });
    await local.control('POST', `customers/${customer}/advance-clock`, { days: 31 });
    await local.control('POST', `customers/${customer}/advance-clock`, { days: 8 });
    const unpaid = await atStripe(subscriptionId);
    expect(unpaid.status).toBe('unpaid');
    // As its events would record it.
    await api.database.pool.query(
      `update billing_subscriptions set status = 'unpaid' where stripe_subscription_id = $1`,
      [subscriptionId],
    );

    const response = await post(owner, '/checkout-sessions', { plan: 'pro', interval: 'month' });

    // Paying its invoice brings it back to life: a second one would then bill twice.
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('subscription_exists');
  });

  it('refuses a plan that is not sold, naming the field', async () => {
    const owner = await registeredOwner(api);
    const response = await post(owner, '/checkout-sessions', { plan: 'free', interval: 'month' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: 'invalid_plan', field: 'plan' });
  });

  it('answers `billing_unavailable` (503) when Stripe cannot be reached', async () => {
    const owner = await registeredOwner(api);
    const response = await post(
      owner,
      '/checkout-sessions',
      { plan: 'pro', interval: 'month' },
      apiWithoutStripe,
    );
    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('billing_unavailable');
    expect(await customerIdOf(owner)).toBeUndefined();
  });

  it("logs Stripe's refusal of the product's key without the key, and answers `internal_error`", async () => {
    const owner = await registeredOwner(apiWithWrongKey);
    const response = await post(
      owner,
      '/checkout-sessions',
      { plan: 'pro', interval: 'month' },
      apiWithWrongKey,
    );
    expect(response.statusCode).toBe(500);
    expect(errorOf(response).code).toBe('internal_error');
    expect(response.body).not.toContain('Stripe');
    const logged = wrongKeyLogs.text();
    expect(logged).toContain('StripeAuthenticationError, HTTP 401');
    // Stripe masks all but the key's end; the log keeps none of it.
    expect(logged).not.toContain('Zq7X');
  });
});

describe('the customer portal', () => {
  it('has nothing to show to an account that never subscribed (`no_subscription`)', async () => {
    const owner = await registeredOwner(api);
    const response = await post(owner, '/portal-sessions', {});
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('no_subscription');
  });

  it("opens the local Stripe's portal for the account's customer", async () => {
    const owner = await registeredOwner(api);
    await checkoutUrl(owner);

    const response = await post(owner, '/portal-sessions', {});

    expect(response.statusCode).toBe(201);
    expect(response.json<{ data: { url: string } }>().data.url.startsWith(`${local.url}/`)).toBe(
      true,
    );
  });
});

describe('changing plan', () => {
  it('needs a live subscription (`no_subscription`)', async () => {
    const owner = await registeredOwner(api);
    const response = await post(owner, '/subscription/change', { plan: 'pro', interval: 'year' });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('no_subscription');
  });

  it('asks which store stays active when the plan allows fewer than are connected', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'business');
    await connectedStore(api, owner, uniqueShopDomain('first'));
    const second = await connectedStore(api, owner, uniqueShopDomain('second'));
    const stranger = await registeredOwner(api);
    const strangersStore = await connectedStore(api, stranger);

    const withoutChoice = await post(owner, '/subscription/change', {
      plan: 'pro',
      interval: 'month',
    });
    expect(withoutChoice.statusCode).toBe(409);
    expect(errorOf(withoutChoice)).toMatchObject({
      code: 'store_choice_required',
      field: 'keepStoreId',
    });

    const notTheirs = await post(owner, '/subscription/change', {
      plan: 'pro',
      interval: 'month',
      keepStoreId: strangersStore,
    });
    expect(notTheirs.statusCode).toBe(404);
    expect(errorOf(notTheirs).code).toBe('shop_not_found');
    // Neither refusal reached Stripe.
    const unchanged = await atStripe(subscriptionId);
    expect(unchanged.items.data[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'business', interval: 'month' }),
    );

    const accepted = await post(owner, '/subscription/change', {
      plan: 'pro',
      interval: 'month',
      keepStoreId: second,
    });
    expect(accepted.statusCode).toBe(202);
    expect(accepted.json()).toEqual({ data: { accepted: true, paymentUrl: null } });
    const changed = await atStripe(subscriptionId);
    expect(changed.items.data[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'pro', interval: 'month' }),
    );
    // The plan changes with Stripe's event, not here; the store chosen stays active once it does.
    expect((await overviewOf(owner)).plan).toBe('business');
    await api.database.pool.query(
      "update billing_subscriptions set plan = 'pro' where stripe_subscription_id = $1",
      [subscriptionId],
    );
    const afterwards = await overviewOf(owner);
    expect(afterwards.stores.filter((store) => !store.paused).map((store) => store.id)).toEqual([
      second,
    ]);
    expect(afterwards.storesPaused).toBe(1);
  });

  it('moves the subscription at Stripe to the new price and withdraws a cancellation', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');
    expect((await post(owner, '/subscription/cancel', {})).statusCode).toBe(202);

    const response = await post(owner, '/subscription/change', {
      plan: 'business',
      interval: 'year',
    });

    expect(response.statusCode).toBe(202);
    const changed = await atStripe(subscriptionId);
    expect(changed.items.data).toHaveLength(1);
    expect(changed.items.data[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'business', interval: 'year' }),
    );
    expect(changed.cancel_at_period_end).toBe(false);
  });

  it('invoices an upgrade now for the rest of the period, and leaves a downgrade to the next invoice', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');
    const customer = (await customerIdOf(owner))!;
    const invoices = async () => (await local.stripe.invoices.list({ customer })).data;
    expect(await invoices()).toHaveLength(1);

    expect(
      (await post(owner, '/subscription/change', { plan: 'business', interval: 'month' }))
        .statusCode,
    ).toBe(202);

    expect(await invoices()).toHaveLength(2);
    const upgrade = (await invoices()).find(
      (invoice) => invoice.billing_reason === 'subscription_update',
    );
    expect(upgrade?.status).toBe('paid');
    // Business's price less Pro's, for nearly the whole month still to run.
    expect(upgrade!.amount_paid).toBeGreaterThan(0);
    expect(upgrade!.amount_paid).toBeLessThanOrEqual(4900 - 1900);

    // Recorded as the change's event would, then back down to Pro.
    await api.database.pool.query(
      `update billing_subscriptions set plan = 'business' where stripe_subscription_id = $1`,
      [subscriptionId],
    );
    expect(
      (await post(owner, '/subscription/change', { plan: 'pro', interval: 'month' })).statusCode,
    ).toBe(202);

    expect(await invoices()).toHaveLength(2);
  });
});

describe('an upgrade not paid', () => {
  /** An owner on Pro whose saved card now fails every charge, as 4000 0000 0000 0341 does. */
  async function proWithFailingCard(owner: TestUser) {
    const subscriptionId = await subscribe(owner, 'pro');
    const customer = (await customerIdOf(owner))!;
    const card = await local.control('POST', `customers/${customer}/card`, {
      number: '4000 0000 0000 0341',
    });
    expect(card.status).toBe(200);
    return { subscriptionId, customer };
  }

  it('keeps the plan the owner had, holds the change pending its invoice, and sends the owner to pay it', async () => {
    const owner = await registeredOwner(api);
    const { subscriptionId } = await proWithFailingCard(owner);
    const before = Math.floor(Date.now() / 1000);

    const response = await post(owner, '/subscription/change', {
      plan: 'business',
      interval: 'month',
    });

    expect(response.statusCode).toBe(202);
    const { paymentUrl } = response.json<{ data: { paymentUrl: string | null } }>().data;
    const atStripeNow = await local.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    const invoice = atStripeNow.latest_invoice as Stripe.Invoice;
    expect(paymentUrl).toBe(invoice.hosted_invoice_url);
    expect(invoice).toMatchObject({ status: 'open', billing_reason: 'subscription_update' });
    // Still Pro, still active: nothing of Business is granted before it is paid.
    expect(atStripeNow.status).toBe('active');
    expect(atStripeNow.items.data[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'pro', interval: 'month' }),
    );
    expect(atStripeNow.pending_update?.subscription_items?.[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'business', interval: 'month' }),
    );
    // Stripe discards the pending update 23 hours after the call unless its invoice is paid.
    const expiresAt = atStripeNow.pending_update!.expires_at;
    expect(expiresAt).toBeGreaterThanOrEqual(before + 23 * 3600);
    expect(expiresAt).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 23 * 3600);
  });

  it('applies the upgrade once the owner pays its invoice on the payment page', async () => {
    const owner = await registeredOwner(api);
    const { subscriptionId, customer } = await proWithFailingCard(owner);
    const response = await post(owner, '/subscription/change', {
      plan: 'business',
      interval: 'month',
    });
    const { paymentUrl } = response.json<{ data: { paymentUrl: string } }>().data;

    // In the customer's language, as Stripe's invoice page.
    const page = await fetch(paymentUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const paid = await local.pay(paymentUrl);
    expect(paid.status).toBeLessThan(400);

    const changed = await local.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(changed.pending_update).toBeNull();
    expect(changed.items.data[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'business', interval: 'month' }),
    );
    expect((changed.latest_invoice as Stripe.Invoice).status).toBe('paid');
    const events = await local.deliveredEvents(customer, 1);
    expect(events.map((entry) => entry.event.type)).toContain(
      'customer.subscription.pending_update_applied',
    );
  });

  it('drops the change when its invoice is still unpaid 23 hours later, voiding the invoice', async () => {
    const owner = await registeredOwner(api);
    const { subscriptionId, customer } = await proWithFailingCard(owner);
    await post(owner, '/subscription/change', { plan: 'business', interval: 'month' });

    await local.control('POST', `customers/${customer}/advance-clock`, { days: 1 });

    const afterwards = await local.stripe.subscriptions.retrieve(subscriptionId, {
      expand: ['latest_invoice'],
    });
    expect(afterwards.pending_update).toBeNull();
    expect(afterwards.status).toBe('active');
    expect(afterwards.items.data[0]?.price.id).toBe(
      await prices.priceIdOf({ plan: 'pro', interval: 'month' }),
    );
    expect((afterwards.latest_invoice as Stripe.Invoice).status).toBe('void');
    const events = await local.deliveredEvents(customer, 1);
    expect(events.map((entry) => entry.event.type)).toEqual(
      expect.arrayContaining(['customer.subscription.pending_update_expired', 'invoice.voided']),
    );
  });

  it('answers no payment page when the upgrade was paid at once', async () => {
    const owner = await registeredOwner(api);
    await subscribe(owner, 'pro');

    const response = await post(owner, '/subscription/change', {
      plan: 'business',
      interval: 'month',
    });

    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ data: { accepted: true, paymentUrl: null } });
  });
});

describe('cancelling and resuming', () => {
  it('ends the subscription at the period’s end at Stripe, and resumes it', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');

    const cancelled = await post(owner, '/subscription/cancel', {});
    expect(cancelled.statusCode).toBe(202);
    expect(await atStripe(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });

    const resumed = await post(owner, '/subscription/resume', {});
    expect(resumed.statusCode).toBe(202);
    expect((await atStripe(subscriptionId)).cancel_at_period_end).toBe(false);
  });

  it("asks which store stays active when Free's limit is below the stores connected", async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'business');
    await connectedStore(api, owner, uniqueShopDomain('first'));
    const second = await connectedStore(api, owner, uniqueShopDomain('second'));

    const withoutChoice = await post(owner, '/subscription/cancel', {});
    expect(withoutChoice.statusCode).toBe(409);
    expect(errorOf(withoutChoice).code).toBe('store_choice_required');
    expect((await atStripe(subscriptionId)).cancel_at_period_end).toBe(false);

    const withChoice = await post(owner, '/subscription/cancel', { keepStoreId: second });
    expect(withChoice.statusCode).toBe(202);
    expect((await atStripe(subscriptionId)).cancel_at_period_end).toBe(true);
  });

  it('needs a live subscription (`no_subscription`)', async () => {
    const owner = await registeredOwner(api);
    for (const path of ['/subscription/cancel', '/subscription/resume']) {
      const response = await post(owner, path, {});
      expect(response.statusCode).toBe(409);
      expect(errorOf(response).code).toBe('no_subscription');
    }
  });
});

describe('the overview', () => {
  it('shows the plan in force, the subscription, and the usage against each limit', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');
    const store = await connectedStore(api, owner);
    await api.database.pool.query(
      `insert into seo_audit_runs (shop_id, trigger, state, finished_at, pages_audited, page_limit)
       values ($1, 'manual', 'done', now(), 412, 10000)`,
      [store],
    );
    // A post counted this month (the store's copy names no time zone: UTC), one last year.
    for (const month of [new Date().toISOString().slice(0, 7), '2025-01']) {
      await api.database.pool.query(
        'insert into blog_counted_posts (shop_id, post_id, month) values ($1, gen_random_uuid(), $2)',
        [store, month],
      );
    }
    const period = (await atStripe(subscriptionId)).items.data[0]!.current_period_end;

    const overview = await overviewOf(owner);

    expect(overview).toEqual({
      plan: 'pro',
      subscription: {
        plan: 'pro',
        interval: 'month',
        status: 'active',
        currentPeriodEnd: new Date(period * 1000).toISOString(),
        cancelAtPeriodEnd: false,
        discountedPriceCents: null,
        pastDueSince: null,
        graceEndsAt: null,
      },
      usage: {
        stores: { used: 1, limit: 1 },
        pagesAudited: { used: 412, limit: 10_000 },
        blogPostsThisMonth: { used: 1, limit: 30 },
      },
      stores: [{ id: store, shopDomain: expect.any(String), paused: false }],
      storesPaused: 0,
    });
  });

  it('shows the plan paid for when a newer subscription of the account was canceled', async () => {
    const owner = await registeredOwner(api);
    const paidFor = await subscribe(owner, 'business');
    const older = await atStripe(paidFor);
    // A second subscription, started later and canceled at once (refunded by the support, say).
    await recordAsEventsWould(owner, {
      ...older,
      id: `${paidFor}_later`,
      status: 'canceled',
      created: older.created + 60,
    });

    const overview = await overviewOf(owner);

    expect(overview.plan).toBe('business');
    expect(overview.subscription).toMatchObject({ plan: 'business', status: 'active' });
  });

  it('shows Free with no subscription to an account that never subscribed', async () => {
    const owner = await registeredOwner(api);
    const overview = await overviewOf(owner);
    expect(overview).toMatchObject({
      plan: 'free',
      subscription: null,
      usage: { stores: { used: 0, limit: 1 }, pagesAudited: { used: 0, limit: 100 } },
      stores: [],
      storesPaused: 0,
    });
  });
});

describe('account deletion', () => {
  async function deleteAccount(owner: TestUser, app = api) {
    return app.app.inject({
      method: 'DELETE',
      url: '/api/v1/account/delete',
      headers: bearer(owner.idToken),
    });
  }

  async function accountExists(owner: TestUser): Promise<boolean> {
    const { rows } = await api.database.pool.query('select 1 from accounts where uid = $1', [
      owner.uid,
    ]);
    return rows.length === 1;
  }

  it('cancels the subscription at Stripe, then deletes the account and its billing records', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');

    const response = await deleteAccount(owner);

    expect(response.statusCode).toBe(204);
    expect((await atStripe(subscriptionId)).status).toBe('canceled');
    expect(await accountExists(owner)).toBe(false);
    expect(await customerIdOf(owner)).toBeUndefined();
    const { rows } = await api.database.pool.query(
      'select 1 from billing_subscriptions where uid = $1',
      [owner.uid],
    );
    expect(rows).toHaveLength(0);
  });

  it('also cancels a subscription paid for whose event has not been recorded yet', async () => {
    const owner = await registeredOwner(api);
    await local.pay(await checkoutUrl(owner));
    const [subscription] = (
      await local.stripe.subscriptions.list({ customer: (await customerIdOf(owner))! })
    ).data;

    expect((await deleteAccount(owner)).statusCode).toBe(204);

    expect((await atStripe(subscription!.id)).status).toBe('canceled');
  });

  it('expires a Checkout session still open, so that it cannot be paid once the account is gone', async () => {
    const owner = await registeredOwner(api);
    const url = await checkoutUrl(owner);
    const customer = (await customerIdOf(owner))!;

    expect((await deleteAccount(owner)).statusCode).toBe(204);

    expect((await local.stripe.checkout.sessions.retrieve(sessionIdOf(url))).status).toBe(
      'expired',
    );
    expect((await local.pay(url)).status).toBe(410);
    expect((await local.stripe.subscriptions.list({ customer })).data).toHaveLength(0);
  });

  it('counts a subscription already cancelled at Stripe as done', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');
    await local.stripe.subscriptions.cancel(subscriptionId);

    expect((await deleteAccount(owner)).statusCode).toBe(204);
    expect(await accountExists(owner)).toBe(false);
  });

  it('deletes nothing when Stripe cannot cancel the subscription (`subscription_cancel_failed`)', async () => {
    const owner = await registeredOwner(api);
    const subscriptionId = await subscribe(owner, 'pro');

    const response = await deleteAccount(owner, apiWithoutStripe);

    expect(response.statusCode).toBe(503);
    expect(errorOf(response).code).toBe('subscription_cancel_failed');
    expect(await accountExists(owner)).toBe(true);
    expect(await customerIdOf(owner)).toBeDefined();
    expect((await atStripe(subscriptionId)).status).toBe('active');
    // No deletion job was queued either: nothing will delete the account behind the owner's back.
    const { rows } = await apiWithoutStripe.database.pool.query(
      `select 1 from ${apiWithoutStripe.jobSchema}.job where name = 'account-deletion' and data->>'uid' = $1`,
      [owner.uid],
    );
    expect(rows).toHaveLength(0);
  });
});

describe('the API document', () => {
  it('describes every billing route with its answers, errors included', async () => {
    const response = await api.app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(
      Object.keys(document.paths['/api/v1/billing/subscription/change']?.post?.responses ?? {}),
    ).toEqual(expect.arrayContaining(['202', '409', '503']));
    for (const path of [
      '/api/v1/billing',
      '/api/v1/billing/checkout-sessions',
      '/api/v1/billing/portal-sessions',
      '/api/v1/billing/subscription/cancel',
      '/api/v1/billing/subscription/resume',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
  });
});
