import Fastify from 'fastify';
import { paidPlanIds, priceLookupKey } from '#shared/billing.ts';
import { plans, yearlyPriceCents } from '#shared/plans.ts';
import {
  defaultEventRetryDelaysMs,
  EventDeliveries,
  type WebhookEndpoint,
} from './event-deliveries.ts';
import { hostedRoutes } from './hosted-routes.ts';
import { localControls } from './local-controls.ts';
import { LocalStripeState } from './local-stripe-state.ts';
import { stripeRoutes } from './stripe-routes.ts';

/**
 * The local Stripe: a server of our own that answers the part of Stripe's API the product calls
 * (products and prices, customers, Checkout and portal sessions, subscriptions, invoices, events)
 * with Stripe's paths, objects, ids and errors, hosts the Checkout and portal pages, and delivers
 * signed events to the product's endpoint with retries. It starts with Vitrine's catalogue (one
 * product per paid plan, a monthly and a yearly price each, found by lookup key) and the promotion
 * code WELCOME10. Its state lives in memory and starts afresh with it. Local mode and the tests
 * start it; production never loads it.
 */

export interface LocalStripeOptions {
  /** 0: any free port. */
  port: number;
  /** The secret key callers must give (sk_test_…). */
  secretKey: string;
  /** Where events are delivered, each signed with its own secret. */
  webhookEndpoints: WebhookEndpoint[];
  /** Event retry delays in ms (Stripe: three days; local default 1 s, 2 s, 4 s, 8 s, 16 s). */
  eventRetryDelaysMs?: number[];
  log?: (line: string) => void;
}

export interface LocalStripe {
  readonly url: string;
  stop(): Promise<void>;
}

export const seededPromotionCode = { code: 'WELCOME10', percentOff: 10 } as const;

export async function startLocalStripe(options: LocalStripeOptions): Promise<LocalStripe> {
  const log = options.log ?? (() => {});
  let url = '';
  const deliveries = new EventDeliveries({
    endpoints: options.webhookEndpoints,
    retryDelaysMs: options.eventRetryDelaysMs ?? defaultEventRetryDelaysMs,
    log,
  });
  const state = new LocalStripeState({
    url: () => url,
    onEvent: (event) => deliveries.enqueue(event),
    log,
  });
  seedCatalogue(state);

  const app = Fastify({ logger: false, bodyLimit: 1024 * 1024 });
  // Kept as text: the API parses Stripe's bracket notation itself, and compares the raw body of
  // requests sent again under the same Idempotency-Key.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, body),
  );
  await app.register(stripeRoutes(state, options.secretKey));
  await app.register(hostedRoutes(state));
  await app.register(localControls(state, deliveries));
  app.get('/', async () => ({
    api: `${url}/v1`,
    prices: [...state.prices.values()].map((price) => ({
      id: price.id,
      lookup_key: price.lookup_key,
    })),
    promotionCodes: [seededPromotionCode.code],
    webhookEndpoints: options.webhookEndpoints.map((endpoint) => endpoint.url),
    controls: `${url}/local/events`,
  }));

  await app.listen({ port: options.port, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : options.port}`;

  return {
    url,
    async stop() {
      deliveries.stop();
      await app.close();
    },
  };
}

/** Vitrine's paid plans as Stripe products, with their monthly and yearly prices in euros. */
function seedCatalogue(state: LocalStripeState) {
  for (const planId of paidPlanIds) {
    const plan = plans.find((candidate) => candidate.id === planId)!;
    const name = `Vitrine ${planId.charAt(0).toUpperCase()}${planId.slice(1)}`;
    const product = state.createProduct({ name, metadata: { plan: planId } });
    state.createPrice({
      product: product.id,
      currency: plan.currency.toLowerCase(),
      unitAmount: plan.monthlyPriceCents,
      interval: 'month',
      lookupKey: priceLookupKey(planId, 'month'),
      nickname: `${name} monthly`,
    });
    state.createPrice({
      product: product.id,
      currency: plan.currency.toLowerCase(),
      unitAmount: yearlyPriceCents(plan),
      interval: 'year',
      lookupKey: priceLookupKey(planId, 'year'),
      nickname: `${name} yearly`,
    });
  }
  state.createPromotionCode(seededPromotionCode.code, seededPromotionCode.percentOff);
}
