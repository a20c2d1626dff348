import type { FastifyInstance } from 'fastify';
import { apiBodyLimitBytes } from '#shared/constants.ts';
import type { UpstreamApi } from '../upstream-api.ts';
import { forwardWebhook, keepRawBodies } from '../webhook-forwarder.ts';

export interface StripeWebhookRouteOptions {
  /** The BFF's connections to the product API (upstream-api.ts). */
  api: UpstreamApi;
}

/** The headers of a Stripe event the API needs; nothing else of the request is passed on. */
const forwardedHeaders = ['content-type', 'stripe-signature'] as const;

/**
 * `POST /webhooks/stripe`, where Stripe delivers its events: forwarded as it came (raw body, its
 * signature header) to the API, which checks the signature. No session and no CSRF check: Stripe has
 * neither (the path is one of the BFF's server-to-server paths); the body is limited.
 */
export async function stripeWebhookRoute(
  fastify: FastifyInstance,
  options: StripeWebhookRouteOptions,
): Promise<void> {
  keepRawBodies(fastify);
  fastify.post(
    '/webhooks/stripe',
    { bodyLimit: apiBodyLimitBytes, compress: false },
    async (request, reply) =>
      forwardWebhook(options.api, request, reply, {
        path: '/webhooks/stripe',
        headers: forwardedHeaders,
      }),
  );
}
