import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { apiBodyLimitBytes } from '../../../shared/constants.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { receiveShopifyWebhook } from '../../areas/webhooks/receive-webhook.ts';
import { describedAs, errorResponses } from './error-responses.ts';

export interface WebhookRoutesOptions {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** The Shopify app's secret, which signs every delivery. */
  shopifyApiSecret: string;
}

/**
 * Webhooks from Shopify, forwarded by the BFF as they came. No ID token: the signature on the raw
 * body says who sent it, so the body is kept as bytes (this scope has no JSON parser) and checked
 * before it is read.
 */
export const webhookRoutes: FastifyPluginAsyncZod<WebhookRoutesOptions> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/shopify',
    {
      bodyLimit: apiBodyLimitBytes,
      schema: {
        summary: 'Receive a Shopify webhook',
        description:
          'Checked (`X-Shopify-Hmac-Sha256` over the raw body), recorded once per `X-Shopify-Webhook-Id`, answered at once; a job handles it. A replay is answered 200; it queues the delivery again if it is not handled yet.',
        tags: ['webhooks'],
        response: {
          200: describedAs(z.object({ received: z.boolean() }), 'Recorded, or recorded before'),
          ...errorResponses([400, 401, 413, 500, 503], {
            400: 'Missing Shopify headers or body (`invalid_request`), a shop that is not one (`invalid_shop_domain`), or a body that is not JSON (`invalid_json`)',
            401: 'The signature does not match the body (`webhook_signature_invalid`); nothing is recorded',
            413: `Body larger than ${apiBodyLimitBytes / 1024 / 1024} MB (\`payload_too_large\`)`,
          }),
        },
      },
    },
    async (request) => {
      const outcome = await receiveShopifyWebhook(
        { db: options.database.db, jobs: options.jobs, apiSecret: options.shopifyApiSecret },
        {
          headers: request.headers,
          rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        },
      );
      if (outcome === 'replayed') request.log.info('webhook already handled; nothing done');
      if (outcome === 'queued again') request.log.info('webhook recorded before, queued again');
      return { received: true };
    },
  );
};
