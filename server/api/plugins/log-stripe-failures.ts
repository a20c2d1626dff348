import type { FastifyInstance } from 'fastify';
import { stripeCallFailureOf } from '#server/areas/billing/index.ts';

/**
 * Logs what Stripe said when a call to it failed: the answer names no detail, the error reply
 * (server/http/error-replies.ts) logs only its code, and these details carry no secret
 * (server/areas/billing/stripe-failure.ts).
 */
export function logStripeFailures(app: FastifyInstance): void {
  app.addHook('onError', async (request, _reply, error) => {
    const failure = stripeCallFailureOf(error);
    if (failure !== undefined)
      request.log.warn({ stripeFailure: failure }, 'a call to Stripe failed');
  });
}
