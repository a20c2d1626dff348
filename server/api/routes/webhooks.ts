import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import * as z from 'zod/mini';
import { apiBodyLimitBytes, shopifyWebhookBodyLimitBytes } from '#shared/constants.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import {
  receiveStripeEvent,
  receiveShopifyWebhook,
  type ReceivedWebhook,
} from '#server/areas/webhooks/index.ts';
import { shopifyWebhookPath } from '#server/platform/shopify/shopify-app.ts';
import { describedAs, errorResponses } from './error-responses.ts';

export interface WebhookRoutesOptions {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** The Shopify app's secret, which signs every delivery; without it, no Shopify route. */
  shopifyApiSecret?: string;
  /** Vitrine's Stripe account and its endpoint's signing secret; without them, no Stripe route. */
  stripe?: { client: Stripe; webhookSecret: string };
}

const receivedSchema = z.object({ received: z.boolean() });

function logOutcome(log: { info(message: string): void }, outcome: ReceivedWebhook): void {
  if (outcome === 'replayed') log.info('webhook already handled; nothing done');
  if (outcome === 'queued again') log.info('webhook recorded before, queued again');
}

function rawBodyOf(body: unknown): Buffer {
  return Buffer.isBuffer(body) ? body : Buffer.alloc(0);
}

/**
 * Webhooks from Shopify and Stripe, forwarded by the BFF as they came. No ID token: the signature on
 * the raw body says who sent it, so the body is kept as bytes (this scope has no JSON parser) and
 * checked before it is read.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const { shopifyApiSecret, stripe } = options;
  if (shopifyApiSecret !== undefined) {
    app.post(
      shopifyWebhookPath,
      {
        // A product's delivery runs to several MB: the bound is Shopify's, not the API's.
        bodyLimit: shopifyWebhookBodyLimitBytes,
        schema: {
          summary: 'Receive a Shopify webhook',
          description:
            'Checked (`X-Shopify-Hmac-Sha256` over the raw body), recorded once per `X-Shopify-Webhook-Id`, answered at once; a job handles it. A replay is answered 200; it queues the delivery again if it is not handled yet.',
          tags: ['webhooks'],
          response: {
            200: describedAs(receivedSchema, 'Recorded, or recorded before'),
            ...errorResponses([400, 401, 413, 500, 503], {
              400: 'Missing Shopify headers or body (`invalid_request`), a shop that is not one (`invalid_shop_domain`), or a body that is not JSON (`invalid_json`)',
              401: 'The signature does not match the body (`webhook_signature_invalid`); nothing is recorded',
              413: `Body larger than ${shopifyWebhookBodyLimitBytes / 1024 / 1024} MB (\`payload_too_large\`)`,
            }),
          },
        },
      },
      async (request) => {
        const outcome = await receiveShopifyWebhook(
          { db: options.database.db, jobs: options.jobs, apiSecret: shopifyApiSecret },
          { headers: request.headers, rawBody: rawBodyOf(request.body) },
        );
        logOutcome(request.log, outcome);
        return { received: true };
      },
    );
  }

  if (stripe !== undefined) {
    app.post(
      '/webhooks/stripe',
      {
        bodyLimit: apiBodyLimitBytes,
        schema: {
          summary: 'Receive a Stripe event',
          description:
            'Checked (`Stripe-Signature` over the raw body, no older than 300 s), recorded once per event id, answered at once; a job reads the subscription it is about back from Stripe. A replay is answered 200; it queues the event again if it is not handled yet.',
          tags: ['webhooks'],
          response: {
            200: describedAs(receivedSchema, 'Recorded, or recorded before'),
            ...errorResponses([400, 413, 500, 503], {
              400: 'No `Stripe-Signature`, one that does not match the body, or one older than 300 s (`webhook_signature_invalid`); nothing is recorded',
              413: `Body larger than ${apiBodyLimitBytes / 1024 / 1024} MB (\`payload_too_large\`)`,
            }),
          },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        const outcome = await receiveStripeEvent(
          {
            db: options.database.db,
            jobs: options.jobs,
            stripe: stripe.client,
            webhookSecret: stripe.webhookSecret,
          },
          {
            signature: typeof signature === 'string' ? signature : undefined,
            rawBody: rawBodyOf(request.body),
          },
        );
        logOutcome(request.log, outcome);
        return { received: true };
      },
    );
  }
};
