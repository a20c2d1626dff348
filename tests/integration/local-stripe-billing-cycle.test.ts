import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';

/**
 * A subscription's life on the local Stripe after Checkout: the portal's changes of plan and
 * cancellation, renewals as the customer's clock moves on (paid, refused and retried, canceled at
 * period end), and event deliveries retried when the receiver fails.
 */

let local: TestStripe;
const prices: Record<string, Stripe.Price> = {};

beforeAll(async () => {
  local = await startTestStripe();
  const listed = await local.stripe.prices.list({
    lookup_keys: [
      'vitrine_pro_monthly',
      'vitrine_pro_yearly',
      'vitrine_business_monthly',
      'vitrine_business_yearly',
    ],
  });
  for (const price of listed.data) prices[price.lookup_key!] = price;
});
afterAll(async () => {
  await local?.stop();
});

/** A customer subscribed to Pro monthly through the hosted Checkout, and their subscription. */
async function subscribed(email: string, card = '4242 4242 4242 4242') {
  const customer = await local.stripe.customers.create({ email });
  const session = await local.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: prices.vitrine_pro_monthly!.id, quantity: 1 }],
    success_url: 'http://localhost:3000/billing/done',
  });
  expect((await local.pay(session.url!, { cardNumber: card })).status).toBe(303);
  const [subscription] = (await local.stripe.subscriptions.list({ customer: customer.id })).data;
  return { customer, subscription: subscription! };
}

async function portal(customerId: string, locale: 'en' | 'fr' = 'en') {
  return local.stripe.billingPortal.sessions.create({
    customer: customerId,
    return_url: 'http://localhost:3000/settings/billing',
    locale,
  });
}

function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

async function advance(customerId: string, days: number) {
  const answer = await local.control('POST', `customers/${customerId}/advance-clock`, { days });
  expect(answer.status).toBe(200);
}

async function eventTypes(customerId: string, after: number) {
  const { body } = await local.control('GET', `events?customer=${customerId}`);
  return (body as Array<{ event: Stripe.Event }>).slice(after).map((entry) => entry.event);
}

describe('the customer portal', () => {
  it('shows the plan, changes it with an updated event, and cancels at period end', async () => {
    const { customer, subscription } = await subscribed('portal@maison-exemple.fr');
    const session = await portal(customer.id);
    expect(session).toMatchObject({
      object: 'billing_portal.session',
      customer: customer.id,
      return_url: 'http://localhost:3000/settings/billing',
      locale: 'en',
    });
    expect(session.id).toMatch(/^bps_/);

    const page = await (await fetch(session.url)).text();
    expect(page).toContain('Vitrine Pro</strong> – €19.00 per month');
    expect(page).toMatch(/Renews on \d{1,2} \w+ \d{4}\./);
    expect(page).toContain('Visa ending in 4242');
    expect(page).toContain('href="http://localhost:3000/settings/billing"');
    expect(page).toContain('Paid');
    const before = (await eventTypes(customer.id, 0)).length;

    const changed = await postForm(`${session.url}/plan`, {
      price: prices.vitrine_business_monthly!.id,
    });
    expect(changed.status).toBe(303);
    const updated = await local.stripe.subscriptions.retrieve(subscription.id);
    expect(updated.items.data[0]!.price.id).toBe(prices.vitrine_business_monthly!.id);
    // Same interval: the period stays, the difference waits for the next invoice.
    expect(updated.items.data[0]!.current_period_end).toBe(
      subscription.items.data[0]!.current_period_end,
    );
    const [change] = await eventTypes(customer.id, before);
    expect(change).toMatchObject({ type: 'customer.subscription.updated' });
    expect(
      (change!.data.previous_attributes as { items: Stripe.ApiList<Stripe.SubscriptionItem> }).items
        .data[0]!.price.id,
    ).toBe(prices.vitrine_pro_monthly!.id);

    const canceled = await postForm(`${session.url}/cancel`, {});
    expect(canceled.headers.get('location')).toBe(`/p/session/${session.id}?notice=canceled`);
    const french = await (await fetch(`${(await portal(customer.id, 'fr')).url}`)).text();
    expect(french).toMatch(/Prend fin le \d{1,2} \p{L}+ \d{4}\./u);
    expect(french).toContain('Renouveler la formule');
    expect((await local.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(
      true,
    );

    const renewed = await postForm(`${session.url}/renew`, {});
    expect(renewed.status).toBe(303);
    expect((await local.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(
      false,
    );
  });

  it('moves to a yearly price with a new period invoiced at once', async () => {
    const { subscription } = await subscribed('yearly@maison-exemple.fr');
    const updated = await local.stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: prices.vitrine_pro_yearly!.id }],
      proration_behavior: 'create_prorations',
    });
    const item = updated.items.data[0]!;
    expect(new Date(item.current_period_end * 1000).getUTCFullYear()).toBe(
      new Date(item.current_period_start * 1000).getUTCFullYear() + 1,
    );
    const latest = await local.stripe.invoices.retrieve(updated.latest_invoice as string);
    expect(latest).toMatchObject({ billing_reason: 'subscription_update', status: 'paid' });
    // A year of Pro, less the unused month (nearly all of it).
    expect(latest.amount_paid).toBeGreaterThanOrEqual(19000 - 1900);
    expect(latest.amount_paid).toBeLessThan(19000 - 1800);
  });
});

describe('renewals on the customer’s clock', () => {
  it('renews a paid period, then cancels at period end with a deleted event', async () => {
    const { customer, subscription } = await subscribed('renew@maison-exemple.fr');
    const firstEnd = subscription.items.data[0]!.current_period_end;
    const before = (await eventTypes(customer.id, 0)).length;

    await advance(customer.id, 32);
    const renewed = await local.stripe.subscriptions.retrieve(subscription.id, {
      expand: ['latest_invoice', 'items.data.price.product'],
    });
    expect(renewed.status).toBe('active');
    expect(renewed.latest_invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_cycle',
      period_start: firstEnd,
    });
    expect(renewed.items.data[0]!.price.product).toMatchObject({ name: 'Vitrine Pro' });
    expect(renewed.items.data[0]!.current_period_start).toBe(firstEnd);
    const renewal = await eventTypes(customer.id, before);
    expect(renewal.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.paid',
      'invoice.payment_succeeded',
    ]);
    expect(renewal[0]!.created).toBe(firstEnd);

    await local.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const afterCancel = (await eventTypes(customer.id, 0)).length;
    await advance(customer.id, 31);
    const ended = await local.stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({
      status: 'canceled',
      ended_at: renewed.items.data[0]!.current_period_end,
    });
    expect((await eventTypes(customer.id, afterCancel)).map((event) => event.type)).toEqual([
      'customer.subscription.deleted',
    ]);
    expect((await local.stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect(
      (await local.stripe.subscriptions.list({ customer: customer.id, status: 'canceled' })).data,
    ).toHaveLength(1);
  });

  it('goes past due when the renewal is refused, unpaid after the last retry, and active with a new card', async () => {
    const { customer, subscription } = await subscribed('failing@maison-exemple.fr');
    const card = await local.control('POST', `customers/${customer.id}/card`, {
      number: '4000 0000 0000 0341',
    });
    expect(card.body).toMatchObject({ card: { last4: '0341', failsCharges: true } });
    const before = (await eventTypes(customer.id, 0)).length;

    await advance(customer.id, 31);
    expect((await local.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    const failure = await eventTypes(customer.id, before);
    expect(failure.map((event) => event.type)).toEqual([
      'customer.subscription.updated',
      'invoice.payment_failed',
      'customer.subscription.updated',
    ]);
    expect(failure[2]!.data).toMatchObject({
      object: { status: 'past_due' },
      previous_attributes: { status: 'active' },
    });
    const [open] = (await local.stripe.invoices.list({ customer: customer.id, status: 'open' }))
      .data;
    expect(open).toMatchObject({ attempt_count: 1, billing_reason: 'subscription_cycle' });
    expect(open!.next_payment_attempt).toBe(open!.created + 3 * 24 * 3600);

    // Retries at +3 and +5 days fail and leave it past due; the one at +7 makes it unpaid.
    await advance(customer.id, 5);
    expect((await local.stripe.subscriptions.retrieve(subscription.id)).status).toBe('past_due');
    expect((await local.stripe.invoices.retrieve(open!.id)).attempt_count).toBe(3);
    await advance(customer.id, 2);
    const unpaid = await local.stripe.subscriptions.retrieve(subscription.id);
    expect(unpaid.status).toBe('unpaid');
    const lastInvoice = await local.stripe.invoices.retrieve(open!.id);
    expect(lastInvoice).toMatchObject({ attempt_count: 4, next_payment_attempt: null });

    // A card given in the portal pays the open invoice at once.
    const session = await portal(customer.id);
    const warning = await (await fetch(session.url)).text();
    expect(warning).toContain('Payment failed several times');
    const updated = await postForm(`${session.url}/card`, {
      cardNumber: '4242424242424242',
      cardExpiry: '12/34',
      cardCvc: '123',
      cardholderName: 'Camille Martin',
    });
    expect(updated.status).toBe(303);
    expect((await local.stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await local.stripe.invoices.retrieve(open!.id)).status).toBe('paid');
  });

  it('cancels at once on DELETE with a deleted event', async () => {
    const { customer, subscription } = await subscribed('delete@maison-exemple.fr');
    const canceled = await local.stripe.subscriptions.cancel(subscription.id);
    expect(canceled).toMatchObject({ status: 'canceled', ended_at: expect.any(Number) });
    const events = await eventTypes(customer.id, 0);
    expect(events.at(-1)).toMatchObject({ type: 'customer.subscription.deleted' });
  });
});

describe('deliveries', () => {
  it('retries an event the receiver answered 500, with the same event signed afresh', async () => {
    const customer = await local.stripe.customers.create({ email: 'retry@maison-exemple.fr' });
    await local.deliveredEvents(customer.id, 1);
    const receivedBefore = local.received.length;
    local.answers.push(500);
    await local.stripe.customers.update(customer.id, { name: 'Retried' });
    const [, updated] = await local.deliveredEvents(customer.id, 2);
    expect(updated!.event.type).toBe('customer.updated');
    expect(updated!.deliveries[0]).toMatchObject({
      state: 'delivered',
      attempts: [{ status: 500 }, { status: 200 }],
    });
    const attempts = local.received.slice(receivedBefore);
    expect(attempts).toHaveLength(2);
    for (const attempt of attempts) {
      const event = local.stripe.webhooks.constructEvent(
        attempt.body,
        attempt.headers['stripe-signature'] as string,
        local.webhookSecret,
      );
      expect(event.id).toBe(updated!.event.id);
    }
  });
});
