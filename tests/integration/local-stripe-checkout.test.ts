import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStripe, type TestStripe } from '../support/local-stripe.ts';

/**
 * Checkout on the local Stripe as a customer goes through it: a session made with the SDK, its
 * hosted page filled in and posted, the subscription that results, and the events delivered to the
 * receiver, each verified as the product will verify it (stripe.webhooks.constructEvent).
 */

let local: TestStripe;
let proMonthly: Stripe.Price;

beforeAll(async () => {
  local = await startTestStripe();
  proMonthly = (await local.stripe.prices.list({ lookup_keys: ['vitrine_pro_monthly'] })).data[0]!;
});
afterAll(async () => {
  await local?.stop();
});

async function newSession(
  customer: Stripe.Customer,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
) {
  return local.stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: proMonthly.id, quantity: 1 }],
    success_url: 'http://localhost:3000/billing/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pricing',
    client_reference_id: 'firebase-uid-7',
    metadata: { uid: 'firebase-uid-7' },
    subscription_data: { metadata: { uid: 'firebase-uid-7' } },
    ...extra,
  });
}

describe('Checkout', () => {
  it('subscribes with 4242, redirects to success_url and delivers signed events', async () => {
    const customer = await local.stripe.customers.create({ email: 'camille@maison-exemple.fr' });
    const session = await newSession(customer, { locale: 'en' });
    expect(session.url).toBe(`${local.url}/c/pay/${session.id}`);
    expect(session.id).toMatch(/^cs_test_/);

    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<html lang="en">');
    expect(page).toContain('Subscribe to Vitrine Pro');
    expect(page).toContain('€19.00 per month');
    expect(page).toMatch(/<label for="cardNumber">Card number<\/label>/);
    expect(page).toMatch(/id="email"[^>]*value="camille@maison-exemple.fr"[^>]*readonly/);
    expect(page).toContain('href="http://localhost:3000/pricing"');

    const paid = await local.pay(session.url!);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(
      `http://localhost:3000/billing/done?session=${session.id}`,
    );

    const completed = await local.stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription'],
    });
    expect(completed).toMatchObject({ status: 'complete', payment_status: 'paid' });
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription).toMatchObject({
      object: 'subscription',
      status: 'active',
      customer: customer.id,
      cancel_at_period_end: false,
      metadata: { uid: 'firebase-uid-7' },
    });
    const [item] = subscription.items.data;
    expect(subscription.items.data).toHaveLength(1);
    expect(item).toMatchObject({ price: { id: proMonthly.id }, quantity: 1 });
    const start = new Date(item!.current_period_start * 1000);
    const end = new Date(item!.current_period_end * 1000);
    expect(Math.abs(item!.current_period_start - Date.now() / 1000)).toBeLessThan(60);
    expect((end.getUTCMonth() - start.getUTCMonth() + 12) % 12).toBe(1);
    expect(subscription).not.toHaveProperty('current_period_end');

    const invoices = await local.stripe.invoices.list({ customer: customer.id });
    expect(invoices.data).toHaveLength(1);
    expect(invoices.data[0]).toMatchObject({
      status: 'paid',
      amount_paid: 1900,
      billing_reason: 'subscription_create',
      parent: { subscription_details: { subscription: subscription.id } },
    });

    const events = await local.deliveredEvents(customer.id, 5);
    expect(events.map((entry) => entry.event.type)).toEqual([
      'customer.created',
      'customer.subscription.created',
      'invoice.paid',
      'invoice.payment_succeeded',
      'checkout.session.completed',
    ]);
    for (const entry of events) expect(entry.deliveries[0]).toMatchObject({ state: 'delivered' });

    // What reached the receiver passes the SDK's own signature check, and nothing else does.
    const deliveredIds = new Set(events.map((entry) => entry.event.id));
    const mine = local.received.filter((received) =>
      deliveredIds.has((JSON.parse(received.body) as Stripe.Event).id),
    );
    expect(mine).toHaveLength(5);
    for (const received of mine) {
      const event = local.stripe.webhooks.constructEvent(
        received.body,
        received.headers['stripe-signature'] as string,
        local.webhookSecret,
      );
      expect(event).toMatchObject({
        object: 'event',
        livemode: false,
        api_version: Stripe.API_VERSION,
      });
      expect(() =>
        local.stripe.webhooks.constructEvent(
          received.body.replace('"livemode": false', '"livemode": true'),
          received.headers['stripe-signature'] as string,
          local.webhookSecret,
        ),
      ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    }
    const completedEvent = events.at(-1)!.event.data.object as Stripe.Checkout.Session;
    expect(completedEvent).toMatchObject({
      id: session.id,
      subscription: subscription.id,
      client_reference_id: 'firebase-uid-7',
    });

    // The page of a paid session says so instead of taking a second payment.
    const again = await fetch(`${local.url}/c/pay/${session.id}`);
    expect(again.status).toBe(410);
  });

  it('declines 4000 0000 0000 0341 in French and creates nothing', async () => {
    const customer = await local.stripe.customers.create({ email: 'refus@maison-exemple.fr' });
    const session = await newSession(customer, { locale: 'fr' });
    const page = await (await fetch(session.url!)).text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('S’abonner à Vitrine Pro');
    expect(page).toContain('19,00\u00a0€ par mois');

    const declined = await local.pay(session.url!, { cardNumber: '4000000000000341' });
    expect(declined.status).toBe(402);
    const text = await declined.text();
    expect(text).toContain('Votre carte a été refusée.');
    expect(text).toContain('value="Camille Martin"');

    const subscriptions = await local.stripe.subscriptions.list({
      customer: customer.id,
      status: 'all',
    });
    expect(subscriptions.data).toEqual([]);
    expect((await local.stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
    expect((await local.stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it("lists a customer's open sessions and expires one, whose page then refuses payment", async () => {
    const customer = await local.stripe.customers.create({ email: 'deux@maison-exemple.fr' });
    const older = await newSession(customer, { locale: 'fr' });
    const newer = await newSession(customer);
    const other = await newSession(
      await local.stripe.customers.create({ email: 'autre@maison-exemple.fr' }),
    );

    const open = await local.stripe.checkout.sessions.list({
      customer: customer.id,
      status: 'open',
    });
    expect(open.data.map((session) => session.id)).toEqual([newer.id, older.id]);

    const expired = await local.stripe.checkout.sessions.expire(older.id);
    expect(expired).toMatchObject({ id: older.id, status: 'expired', url: null });
    const stillOpen = await local.stripe.checkout.sessions.list({
      customer: customer.id,
      status: 'open',
    });
    expect(stillOpen.data.map((session) => session.id)).toEqual([newer.id]);
    expect(
      (await local.stripe.checkout.sessions.list({ customer: customer.id, status: 'expired' }))
        .data,
    ).toHaveLength(1);

    const refused = await local.pay(older.url!);
    expect(refused.status).toBe(410);
    const page = await refused.text();
    expect(page).toContain('Cette session de paiement a expiré.');
    expect(page).toContain('rien n’a été débité');
    expect(
      (await local.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data,
    ).toEqual([]);
    // An expired session cannot be expired again, as at Stripe.
    await expect(local.stripe.checkout.sessions.expire(older.id)).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
    });
    expect((await local.stripe.checkout.sessions.retrieve(other.id)).status).toBe('open');
  });

  it('explains each field it refuses, and an unknown promotion code', async () => {
    const customer = await local.stripe.customers.create({ email: 'fields@maison-exemple.fr' });
    const session = await newSession(customer, { allow_promotion_codes: true });
    const page = await (
      await fetch(session.url!, { headers: { 'Accept-Language': 'fr-FR' } })
    ).text();
    expect(page).toContain('<html lang="fr">');
    expect(page).toContain('<label for="promotionCode">Code promotionnel</label>');

    const refused = await local.pay(
      session.url!,
      {
        cardNumber: '1234 5678 9012 3456',
        cardExpiry: '01 / 20',
        cardCvc: '',
        cardholderName: ' ',
        promotionCode: 'NOPE',
      },
      'en-GB',
    );
    expect(refused.status).toBe(400);
    const text = await refused.text();
    for (const message of [
      'Your card number is invalid.',
      'Your card&#39;s expiration date is in the past.',
      'Your card&#39;s security code is incomplete.',
      'Enter the cardholder&#39;s name.',
      'This code is invalid.',
    ])
      expect(text).toContain(message);
    expect(text).toMatch(
      /id="cardNumber"[^>]*aria-invalid="true" aria-describedby="cardNumber-error"/,
    );
    expect(
      (await local.stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data,
    ).toEqual([]);
  });

  it('takes 10 % off the first invoice with WELCOME10, and makes the customer when there was none', async () => {
    const session = await local.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'nouveau@maison-exemple.fr',
      line_items: [{ price: proMonthly.id, quantity: 1 }],
      success_url: 'http://localhost:3000/billing/done',
      allow_promotion_codes: true,
    });
    expect(session.customer).toBeNull();
    const paid = await local.pay(session.url!, { promotionCode: 'welcome10' });
    expect(paid.status).toBe(303);
    const completed = await local.stripe.checkout.sessions.retrieve(session.id);
    expect(completed).toMatchObject({
      amount_total: 1710,
      total_details: { amount_discount: 190 },
      customer: expect.stringMatching(/^cus_/),
    });
    const customer = (await local.stripe.customers.retrieve(
      completed.customer as string,
    )) as Stripe.Customer;
    expect(customer.email).toBe('nouveau@maison-exemple.fr');
    const [invoice] = (await local.stripe.invoices.list({ customer: customer.id })).data;
    expect(invoice).toMatchObject({ amount_paid: 1710, subtotal: 1900, status: 'paid' });
  });
});
