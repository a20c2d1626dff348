import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceLookupKey, type BillingInterval, type PaidPlanId } from '#shared/billing.ts';
import type Stripe from 'stripe';
import { planStateOf } from '#server/areas/billing/plan-state.ts';
import { readBillingOverview } from '#server/areas/billing/read-billing-overview.ts';
import { syncSubscription } from '#server/areas/billing/sync-subscription.ts';
import { errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';
import { connectedStore, registeredOwner } from '../support/owners-and-stores.ts';
import { seedStoreCopy, seoDependencies } from '../support/seo-test-support.ts';
import { startAudit } from '#server/areas/seo/start-audit.ts';
import { planLimitsOf } from '#server/areas/billing/plan-limits.ts';
import { waitUntil } from '../support/shops-test-support.ts';
import { logCollector, startBff, testConfig, type BffHarness } from './bff-test-harness.ts';

/**
 * Stripe's events as the product receives them: checked on the raw bytes before anything is read
 * or stored, recorded once per event id, then handled by the delivery job, which reads the
 * subscription back from Stripe and stores what Stripe says now. Stripe here is the local Stripe,
 * reached by the real SDK; its events are the ones it signed and delivered, which each test passes
 * on to the API in the order it chooses, as Stripe may (late, twice, out of order).
 */

let local: TestStripe;
let api: ApiTestContext;
let bff: BffHarness;
const apiLogs = logCollector();

beforeAll(async () => {
  local = await startTestStripe();
  api = await startApiForTests({
    stripe: {
      secretKey: local.secretKey,
      webhookSecret: local.webhookSecret,
      automaticTax: false,
      apiUrl: local.url,
    },
    logStream: apiLogs.stream,
  });
  const upstreamUrl = await api.app.listen({ port: 0, host: '127.0.0.1' });
  bff = await startBff({ upstreamUrl, config: testConfig() });
});

afterAll(async () => {
  await bff?.close();
  await api?.close();
  await local?.stop();
});

/** An event the local Stripe delivered: its bytes and signature as sent. */
interface DeliveredEvent {
  id: string;
  type: string;
  object: { id: string; customer?: string; status?: string; cancel_at_period_end?: boolean };
  body: string;
  signature: string;
}

/** The events the local Stripe delivered about a customer, in the order it sent them. */
function eventsOf(customerId: string): DeliveredEvent[] {
  return local.received.flatMap(({ headers, body }) => {
    const event = JSON.parse(body) as Pick<DeliveredEvent, 'id' | 'type'> & {
      data: { object: DeliveredEvent['object'] };
    };
    const { object } = event.data;
    if (object.customer !== customerId && object.id !== customerId) return [];
    return [
      {
        id: event.id,
        type: event.type,
        object,
        body,
        signature: String(headers['stripe-signature']),
      },
    ];
  });
}

/** Waits until the local Stripe has delivered `count` events of `type` about the customer. */
async function delivered(customerId: string, type: string, count = 1): Promise<DeliveredEvent[]> {
  await waitUntil(async () => eventsOf(customerId).filter((e) => e.type === type).length >= count);
  return eventsOf(customerId).filter((event) => event.type === type);
}

function postEvent(body: string, signature?: string) {
  return api.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature !== undefined && { 'stripe-signature': signature }),
    },
    payload: body,
  });
}

async function pass(event: DeliveredEvent) {
  const response = await postEvent(event.body, event.signature);
  expect(response.statusCode, `${event.type}: ${response.body}`).toBe(200);
  return response;
}

/** Passes the event on and waits until its job has handled it. */
async function passAndHandle(event: DeliveredEvent) {
  await pass(event);
  await waitUntil(async () => (await deliveryOf(event.id))?.processed_at != null);
}

async function deliveriesOf(eventId: string) {
  const result = await api.database.pool.query<{
    provider: string;
    topic: string;
    shop_domain: string | null;
    payload: unknown;
    processed_at: Date | null;
  }>('select * from webhook_deliveries where provider = $1 and webhook_id = $2', [
    'stripe',
    eventId,
  ]);
  return result.rows;
}

async function deliveryOf(eventId: string) {
  return (await deliveriesOf(eventId))[0];
}

async function subscriptionRow(subscriptionId: string) {
  const result = await api.database.pool.query<{
    uid: string;
    stripe_customer_id: string;
    plan: string;
    interval: string;
    status: string;
    current_period_end: Date;
    cancel_at_period_end: boolean;
    past_due_since: Date | null;
    stripe_created_at: Date;
    synced_at: Date;
  }>('select * from billing_subscriptions where stripe_subscription_id = $1', [subscriptionId]);
  return result.rows[0];
}

/**
 * A customer who subscribed through the hosted Checkout, as the product's checkout starts it:
 * the account in the subscription's metadata and as the session's reference, unless `uid` is null.
 */
async function subscribe(
  uid: string | null,
  plan: PaidPlanId = 'pro',
  interval: BillingInterval = 'month',
  promotionCode?: string,
) {
  const customer = await local.stripe.customers.create({
    email: `owner-${randomUUID()}@maison-exemple.fr`,
  });
  // The product's checkout records the account's customer before opening the session.
  if (uid !== null) await recordCustomer(uid, customer.id);
  const [price] = (
    await local.stripe.prices.list({ lookup_keys: [priceLookupKey(plan, interval)] })
  ).data;
  const session = await local.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price!.id, quantity: 1 }],
    success_url: 'http://localhost:3000/billing?checkout={CHECKOUT_SESSION_ID}',
    ...(uid !== null && { client_reference_id: uid, subscription_data: { metadata: { uid } } }),
    ...(promotionCode !== undefined && { allow_promotion_codes: true }),
  });
  const paid = await local.pay(session.url!, promotionCode === undefined ? {} : { promotionCode });
  expect(paid.status).toBeLessThan(400);
  const [completed] = await delivered(customer.id, 'checkout.session.completed');
  const subscriptionId = (await local.stripe.checkout.sessions.retrieve(session.id))
    .subscription as string;
  return { customerId: customer.id, subscriptionId, completed: completed! };
}

const uniqueUid = () => `uid-${randomUUID()}`;

/** Runs the sync as the delivery job does, keeping what it logs. */
async function syncLogged(subscriptionId: string) {
  const warnings: { details: object; message: string }[] = [];
  const log = {
    info: () => {},
    warn: (details: object, message: string) => warnings.push({ details, message }),
  };
  const outcome = await syncSubscription(
    { db: api.database.db, stripe: local.stripe, log },
    subscriptionId,
  );
  return { outcome, warnings };
}

async function recordCustomer(uid: string, customerId: string) {
  await api.database.pool.query(
    'insert into billing_customers (uid, stripe_customer_id) values ($1, $2)',
    [uid, customerId],
  );
}

describe('receiving an event', () => {
  it('refuses an event without a valid signature with 400, records nothing, and logs no secret', async () => {
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const body = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_forged', object: 'subscription', status: 'active' } },
    });
    const otherSecret = local.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_of_someone_else_0123456789',
    });
    const good = local.stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: local.webhookSecret,
    });

    const responses = [
      await postEvent(body),
      await postEvent(body, ''),
      await postEvent(body, 'nonsense'),
      await postEvent(body, otherSecret),
      await postEvent(body.replace('active', 'canceled'), good),
    ];

    for (const response of responses) {
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('webhook_signature_invalid');
    }
    expect(await deliveriesOf(eventId)).toEqual([]);
    expect(apiLogs.text()).not.toContain(local.webhookSecret);
  });

  it('refuses a signature older than five minutes, and takes one just within them', async () => {
    const body = (eventId: string) =>
      JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'customer.created',
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: 'cus_somebody', object: 'customer' } },
      });
    const now = Math.floor(Date.now() / 1000);
    const oldId = `evt_${randomUUID().replaceAll('-', '')}`;
    const recentId = `evt_${randomUUID().replaceAll('-', '')}`;

    const old = await postEvent(
      body(oldId),
      local.stripe.webhooks.generateTestHeaderString({
        payload: body(oldId),
        secret: local.webhookSecret,
        timestamp: now - 301,
      }),
    );
    const recent = await postEvent(
      body(recentId),
      local.stripe.webhooks.generateTestHeaderString({
        payload: body(recentId),
        secret: local.webhookSecret,
        timestamp: now - 240,
      }),
    );

    expect(old.statusCode).toBe(400);
    expect(errorOf(old).code).toBe('webhook_signature_invalid');
    expect(await deliveriesOf(oldId)).toEqual([]);
    expect(recent.statusCode).toBe(200);
    expect(await deliveriesOf(recentId)).toHaveLength(1);
  });

  it('records an event once however often it comes, keeping only its ids, and changes the row once', async () => {
    const uid = uniqueUid();
    const { completed, subscriptionId } = await subscribe(uid);

    await passAndHandle(completed);
    const first = await subscriptionRow(subscriptionId);
    const replays = await Promise.all([pass(completed), pass(completed), pass(completed)]);

    for (const response of replays) expect(response.json()).toEqual({ received: true });
    const rows = await deliveriesOf(completed.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      provider: 'stripe',
      topic: 'checkout.session.completed',
      shop_domain: null,
      // Handled: the payload is dropped.
      payload: null,
    });
    // Replays of a handled event queue nothing: the row is not read back again.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await subscriptionRow(subscriptionId))!.synced_at).toEqual(first!.synced_at);
  });

  it('stores none of the customer’s details while an event waits for its job', async () => {
    const uid = uniqueUid();
    const { completed } = await subscribe(uid);
    // The Checkout Session names the customer: email, name, address.
    expect(completed.body).toContain('@maison-exemple.fr');

    await pass(completed);

    const table = JSON.stringify(
      (
        await api.database.pool.query('select * from webhook_deliveries where webhook_id = $1', [
          completed.id,
        ])
      ).rows,
    );
    expect(table).toContain(completed.id);
    expect(table).not.toContain('@maison-exemple.fr');
    expect(table).not.toContain('Camille');
  });

  it('passes an event on through the BFF without a session or a CSRF header', async () => {
    const uid = uniqueUid();
    const { completed, subscriptionId } = await subscribe(uid);

    const refused = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      payload: completed.body,
    });
    const response = await bff.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': completed.signature },
      payload: completed.body,
    });

    expect(refused.statusCode).toBe(400);
    expect(response.statusCode).toBe(200);
    await waitUntil(async () => (await subscriptionRow(subscriptionId)) !== undefined);
  });
});

describe('the subscription as Stripe says it is', () => {
  it('stores a new subscription from its checkout: plan, period, status and the account', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId } = await subscribe(uid, 'business', 'year');

    for (const event of eventsOf(customerId)) await pass(event);

    await waitUntil(async () => (await subscriptionRow(subscriptionId)) !== undefined);
    const atStripe = await local.stripe.subscriptions.retrieve(subscriptionId);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      uid,
      stripe_customer_id: customerId,
      plan: 'business',
      interval: 'year',
      status: 'active',
      cancel_at_period_end: false,
      past_due_since: null,
      current_period_end: new Date(atStripe.items.data[0]!.current_period_end * 1000),
      stripe_created_at: new Date(atStripe.created * 1000),
    });
    expect((await planStateOf(api.database.db, uid)).plan).toBe('business');
  });

  it('finds the account by its customer when the subscription names none', async () => {
    const uid = uniqueUid();
    const { customerId, completed, subscriptionId } = await subscribe(null);
    await recordCustomer(uid, customerId);

    await passAndHandle(completed);

    expect(await subscriptionRow(subscriptionId)).toMatchObject({ uid, plan: 'pro' });
  });

  it('cancels at Stripe a live subscription whose customer no account has, and stores nothing', async () => {
    const { subscriptionId } = await subscribe(null);

    const { outcome, warnings } = await syncLogged(subscriptionId);

    expect(outcome).toBe('unknown account');
    expect(await subscriptionRow(subscriptionId)).toBeUndefined();
    expect((await local.stripe.subscriptions.retrieve(subscriptionId)).status).toBe('canceled');
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({ subscriptionId, status: 'active' }),
        message: expect.stringContaining('cancelled at Stripe'),
      },
    ]);
  });

  it('recreates nothing for a deleted account when its events come late', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId, completed } = await subscribe(uid);
    await passAndHandle(completed);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ uid });
    // The account's deletion: the subscription cancelled at Stripe, then the billing rows deleted.
    await local.stripe.subscriptions.cancel(subscriptionId);
    await api.database.pool.query('delete from billing_subscriptions where uid = $1', [uid]);
    await api.database.pool.query('delete from billing_customers where uid = $1', [uid]);

    for (const event of eventsOf(customerId).filter((event) => event.id !== completed.id))
      await passAndHandle(event);

    expect(await subscriptionRow(subscriptionId)).toBeUndefined();
  });

  it('ends cancelling at the period’s end when the update comes before the creation', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId } = await subscribe(uid);
    await local.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const [updated] = await delivered(customerId, 'customer.subscription.updated');
    const [created] = await delivered(customerId, 'customer.subscription.created');
    expect(created!.object.cancel_at_period_end).toBe(false);

    await passAndHandle(updated!);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
    // The creation, late, says it renews; Stripe says otherwise, and Stripe is read.
    await passAndHandle(created!);

    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
    });
    expect((await planStateOf(api.database.db, uid)).plan).toBe('pro');
  });

  it('stays canceled when a stale update comes after the deletion', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId } = await subscribe(uid);
    await local.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const [updated] = await delivered(customerId, 'customer.subscription.updated');
    await local.stripe.subscriptions.cancel(subscriptionId);
    const [deleted] = await delivered(customerId, 'customer.subscription.deleted');

    await passAndHandle(deleted!);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'canceled' });
    await passAndHandle(updated!);

    expect(updated!.object.status).toBe('active');
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ status: 'canceled' });
    expect((await planStateOf(api.database.db, uid)).plan).toBe('free');
  });

  it('ends in Stripe’s state when all of a subscription’s events arrive at once, backwards', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId } = await subscribe(uid);
    await local.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    await local.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false });
    await delivered(customerId, 'customer.subscription.updated', 2);

    await Promise.all(
      eventsOf(customerId)
        .reverse()
        .map((event) => pass(event)),
    );
    await waitUntil(async () => {
      const ids = eventsOf(customerId).map((event) => event.id);
      const rows = await api.database.pool.query(
        'select 1 from webhook_deliveries where webhook_id = any($1) and processed_at is not null',
        [ids],
      );
      return rows.rowCount === ids.length;
    });

    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'active',
      cancel_at_period_end: false,
    });
  });

  it('never stores an older reading over a newer one when two reads of a subscription overlap', async () => {
    const uid = uniqueUid();
    const { subscriptionId } = await subscribe(uid);
    const log = { info: () => {}, warn: () => {} };
    // The first read is slow to come back: Stripe's answer, then a wait until the test lets it go.
    let firstReadDone!: () => void;
    const firstRead = new Promise<void>((resolve) => (firstReadDone = resolve));
    let letFirstGo!: () => void;
    const firstLetGo = new Promise<void>((resolve) => (letFirstGo = resolve));
    const slowStripe = {
      subscriptions: {
        retrieve: async (id: string) => {
          const answer = await local.stripe.subscriptions.retrieve(id);
          firstReadDone();
          await firstLetGo;
          return answer;
        },
      },
    } as unknown as Stripe;

    const slow = syncSubscription({ db: api.database.db, stripe: slowStripe, log }, subscriptionId);
    await firstRead;
    // Stripe changes after the first read; a second read sees the change.
    await local.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const quick = syncSubscription(
      { db: api.database.db, stripe: local.stripe, log },
      subscriptionId,
    );
    await Promise.race([quick, new Promise((resolve) => setTimeout(resolve, 1_000))]);
    letFirstGo();

    expect(await Promise.all([slow, quick])).toEqual(['stored', 'stored']);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({ cancel_at_period_end: true });
  });

  it('still follows a subscription whose price lost its lookup key to a new price, keeping its plan', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId, completed } = await subscribe(uid, 'business', 'year');
    await passAndHandle(completed);
    const [old] = (
      await local.stripe.prices.list({ lookup_keys: [priceLookupKey('business', 'year')] })
    ).data;
    // The plan's price goes up for new subscribers: its key moves to the new price.
    await local.stripe.prices.create({
      product: old!.product as string,
      currency: old!.currency,
      unit_amount: old!.unit_amount! + 6000,
      recurring: { interval: 'year' },
      lookup_key: priceLookupKey('business', 'year'),
      transfer_lookup_key: true,
    });
    await local.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true });
    const [updated] = await delivered(customerId, 'customer.subscription.updated');
    expect(
      (await local.stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.price.lookup_key,
    ).toBeNull();

    await passAndHandle(updated!);
    const { warnings } = await syncLogged(subscriptionId);

    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      plan: 'business',
      interval: 'year',
      status: 'active',
      cancel_at_period_end: true,
    });
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({ subscriptionId, plan: 'business' }),
        message: expect.stringContaining('plan kept as stored'),
      },
    ]);
  });

  it('keeps the plan through the grace period from the first failed renewal, and clears it once paid', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId, completed } = await subscribe(uid);
    await passAndHandle(completed);
    const failingCard = await local.control('POST', `customers/${customerId}/card`, {
      number: '4000 0000 0000 0341',
    });
    expect(failingCard.status).toBe(200);

    // The renewal fails.
    await local.control('POST', `customers/${customerId}/advance-clock`, { days: 31 });
    const [failed] = await delivered(customerId, 'invoice.payment_failed');
    const seenBefore = new Date();
    await passAndHandle(failed!);
    const pastDue = await subscriptionRow(subscriptionId);
    expect(pastDue).toMatchObject({ status: 'past_due' });
    expect(pastDue!.past_due_since!.getTime()).toBeGreaterThanOrEqual(seenBefore.getTime() - 1000);
    const state = await planStateOf(api.database.db, uid);
    expect(state.plan).toBe('pro');
    expect(state.graceEndsAt).toEqual(
      new Date(pastDue!.past_due_since!.getTime() + 7 * 86_400_000),
    );

    // Its retry fails too, and the same failure comes again: the grace period still starts at the first.
    await local.control('POST', `customers/${customerId}/advance-clock`, { days: 3 });
    const failures = await delivered(customerId, 'invoice.payment_failed', 2);
    await passAndHandle(failures[1]!);
    await pass(failed!);
    expect((await subscriptionRow(subscriptionId))!.past_due_since).toEqual(
      pastDue!.past_due_since,
    );

    // A working card, and the next retry pays.
    await local.control('POST', `customers/${customerId}/card`, { number: '4242 4242 4242 4242' });
    await local.control('POST', `customers/${customerId}/advance-clock`, { days: 2 });
    const paid = await delivered(customerId, 'invoice.paid', 2);
    await passAndHandle(paid[1]!);
    expect(await subscriptionRow(subscriptionId)).toMatchObject({
      status: 'active',
      past_due_since: null,
    });
    expect((await planStateOf(api.database.db, uid)).graceEndsAt).toBeNull();
  });

  it('gives no grace to a failed upgrade: the owner keeps the plan paid for, not the one refused', async () => {
    const uid = uniqueUid();
    const { customerId, subscriptionId, completed } = await subscribe(uid);
    await passAndHandle(completed);
    await local.control('POST', `customers/${customerId}/card`, { number: '4000 0000 0000 0341' });
    const [business] = (
      await local.stripe.prices.list({ lookup_keys: [priceLookupKey('business', 'month')] })
    ).data;
    const subscription = await local.stripe.subscriptions.retrieve(subscriptionId);

    // Changed without pending updates (as Stripe's Dashboard may): Stripe applies Business and the
    // subscription goes past due on the upgrade's invoice.
    await local.stripe.subscriptions.update(subscriptionId, {
      items: [{ id: subscription.items.data[0]!.id, price: business!.id }],
      proration_behavior: 'always_invoice',
    });
    const [failed] = await delivered(customerId, 'invoice.payment_failed');
    await passAndHandle(failed!);

    const state = await planStateOf(api.database.db, uid);
    expect(state.subscription).toMatchObject({ status: 'past_due', plan: 'pro' });
    expect(state.plan).toBe('pro');
    expect(state.graceEndsAt).toBeNull();
  });
});

describe('an upgrade', () => {
  it("audits the owner's stores again at once with the new plan's page limit", async () => {
    const owner = await registeredOwner(api);
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, { products: [{ id: 1, title: 'Linen shirt' }] });
    const first = await startAudit(seoDependencies(api), shopId, 'manual');
    const runs = async () =>
      (
        await api.database.pool.query<{ trigger: string; state: string; page_limit: number }>(
          'select trigger, state, page_limit from seo_audit_runs where shop_id = $1 order by started_at',
          [shopId],
        )
      ).rows;
    await waitUntil(async () => (await runs())[0]?.state === 'done');
    expect(first?.run.id).toBeDefined();

    const { completed } = await subscribe(owner.uid, 'pro');
    await passAndHandle(completed);

    expect(await runs()).toEqual([
      { trigger: 'manual', state: 'done', page_limit: planLimitsOf('free').limits.pagesAudited },
      expect.objectContaining({
        trigger: 'upgrade',
        page_limit: planLimitsOf('pro').limits.pagesAudited,
      }),
    ]);
  });

  it('imports again a store whose copy the old plan held in part, and leaves its audit to that import', async () => {
    const owner = await registeredOwner(api);
    const shopId = await connectedStore(api, owner);
    await seedStoreCopy(api, shopId, { products: [{ id: 1, title: 'Linen shirt' }] });
    // The Free plan's import stopped at its bound: the copy holds the store's products in part.
    await api.database.pool.query(
      `insert into catalog_sync_states (shop_id, phase, partial_kinds) values ($1, 'ready', '{products}')
       on conflict (shop_id) do update set phase = 'ready', partial_kinds = '{products}'`,
      [shopId],
    );

    const { completed } = await subscribe(owner.uid, 'pro');
    await passAndHandle(completed);

    const { rows } = await api.database.pool.query<{ phase: string }>(
      'select phase from catalog_sync_states where shop_id = $1',
      [shopId],
    );
    expect(['queued', 'importing']).toContain(rows[0]!.phase);
    const { rows: upgradeRuns } = await api.database.pool.query(
      `select 1 from seo_audit_runs where shop_id = $1 and trigger = 'upgrade'`,
      [shopId],
    );
    expect(upgradeRuns).toEqual([]);
  });
});

describe('a promotion code', () => {
  it('shows the price the owner paid for the period, after the discount, beside the plan’s', async () => {
    const uid = uniqueUid();
    const { completed } = await subscribe(uid, 'pro', 'month', 'WELCOME10');
    await passAndHandle(completed);

    const overview = await readBillingOverview(api.database.db, uid, {
      stores: [],
      pagesAudited: 0,
      blogPostsThisMonth: 0,
    });

    // Pro is 19 € a month; WELCOME10 takes 10 % off the first invoice: 17,10 € paid.
    expect(overview.subscription).toMatchObject({ plan: 'pro', discountedPriceCents: 1710 });
  });

  it('shows none without one', async () => {
    const uid = uniqueUid();
    const { completed } = await subscribe(uid, 'pro', 'month');
    await passAndHandle(completed);

    const overview = await readBillingOverview(api.database.db, uid, {
      stores: [],
      pagesAudited: 0,
      blogPostsThisMonth: 0,
    });

    expect(overview.subscription).toMatchObject({ plan: 'pro', discountedPriceCents: null });
  });
});
