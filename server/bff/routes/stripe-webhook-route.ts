import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import { apiBodyLimitBytes } from '../../../shared/constants.ts';
import { sendUpstreamFailure, type UpstreamApi } from '../upstream-api.ts';

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
  // The body stays bytes: its signature is over the bytes as Stripe sent them.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  fastify.post(
    '/webhooks/stripe',
    { bodyLimit: apiBodyLimitBytes, compress: false },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const headers: Record<string, string> = {
        'x-request-id': request.id,
        'x-forwarded-for': request.ip,
      };
      for (const name of forwardedHeaders) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      let response: Dispatcher.ResponseData;
      let body: string;
      try {
        response = await options.api.request({
          method: 'POST',
          path: '/webhooks/stripe',
          headers,
          body: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        });
        body = await response.body.text();
      } catch (error) {
        // Stripe sends the event again when it is not answered 2xx.
        sendUpstreamFailure(reply, error);
        return reply;
      }
      return reply
        .code(response.statusCode)
        .type(String(response.headers['content-type'] ?? 'application/json'))
        .send(body);
    },
  );
}
