/**
 * A local Stripe for one test file (server/local/stripe/local-stripe.ts), on a free port, with local
 * mode's account, quick event retries, and a small HTTP receiver standing in for the product's
 * `/webhooks/stripe`. Its whole API:
 *
 *   const local = await startTestStripe();
 *   local.url                    the server, e.g. http://127.0.0.1:41234
 *   local.stripe                 the real stripe SDK pointed at it (host, port, protocol http)
 *   local.secretKey, local.webhookSecret
 *   local.received               what the receiver was sent: { headers, body } in order of arrival
 *   local.answers                statuses the receiver answers with, in turn (200 once run out)
 *   await local.control('POST', 'customers/cus_…/advance-clock', { days: 31 })
 *                                a `/local/…` control: { status, body }
 *   await local.deliveredEvents(customerId, count)
 *                                waits until `count` events of the customer are all delivered
 *   await local.pay(sessionUrl, fields?)
 *                                POSTs the hosted Checkout form (4242 by default): the Response
 *   await local.stop()
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { localStripeAccount } from '#server/config.ts';
import type { EventDelivery } from '#server/local/stripe/event-deliveries.ts';
import { startLocalStripe, type LocalStripe } from '#server/local/stripe/local-stripe.ts';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface LocalEvent {
  event: Stripe.Event;
  deliveries: EventDelivery[];
}

export interface TestStripe {
  url: string;
  stripe: Stripe;
  secretKey: string;
  webhookSecret: string;
  received: Received[];
  answers: number[];
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  deliveredEvents(customerId: string, count: number): Promise<LocalEvent[]>;
  pay(sessionUrl: string, fields?: Record<string, string>, language?: string): Promise<Response>;
  stop(): Promise<void>;
}

export const payingCard = {
  email: 'owner@maison-exemple.fr',
  cardNumber: '4242 4242 4242 4242',
  cardExpiry: '12 / 34',
  cardCvc: '123',
  cardholderName: 'Camille Martin',
};

export async function startTestStripe(
  options: { eventRetryDelaysMs?: number[] } = {},
): Promise<TestStripe> {
  const received: Received[] = [];
  const answers: number[] = [];
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      response.statusCode = answers.shift() ?? 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  let local: LocalStripe;
  try {
    local = await startLocalStripe({
      port: 0,
      secretKey: localStripeAccount.secretKey,
      webhookEndpoints: [
        { url: `${receiverUrl}/webhooks/stripe`, secret: localStripeAccount.webhookSecret },
      ],
      eventRetryDelaysMs: options.eventRetryDelaysMs ?? [100, 200, 400],
    });
  } catch (error) {
    await new Promise((resolve) => receiver.close(resolve));
    throw error;
  }
  const address = new URL(local.url);
  const stripe = new Stripe(localStripeAccount.secretKey, {
    host: address.hostname,
    port: Number(address.port),
    protocol: 'http',
    maxNetworkRetries: 0,
    telemetry: false,
  });

  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${local.url}/local/${path}`, {
      method,
      ...(body !== undefined && {
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      }),
    });
    return { status: response.status, body: (await response.json()) as unknown };
  };

  return {
    url: local.url,
    stripe,
    secretKey: localStripeAccount.secretKey,
    webhookSecret: localStripeAccount.webhookSecret,
    received,
    answers,
    control,
    async deliveredEvents(customerId, count) {
      for (let attempt = 0; attempt < 500; attempt++) {
        const { body } = await control('GET', `events?customer=${customerId}`);
        const events = body as LocalEvent[];
        if (
          events.length >= count &&
          events.every((entry) =>
            entry.deliveries.every((delivery) => delivery.state !== 'pending'),
          )
        )
          return events;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`${count} delivered events of ${customerId} never came`);
    },
    async pay(sessionUrl, fields = {}, language = 'en') {
      return fetch(sessionUrl, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Accept-Language': language,
        },
        body: new URLSearchParams({ ...payingCard, ...fields }).toString(),
        redirect: 'manual',
      });
    },
    async stop() {
      await local.stop();
      await new Promise((resolve) => receiver.close(resolve));
    },
  };
}
