import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { EventDeliveries } from './event-deliveries.ts';
import { checkCardNumber, type LocalStripeState } from './local-stripe-state.ts';
import { StripeApiError } from './stripe-errors.ts';

/**
 * The local Stripe's own controls, for tests and for people, under `/local/`, JSON, no key (Stripe
 * has test clocks and test cards for the same needs):
 *
 * - `GET /local/customers/:id`: the customer, their clock, their saved card and subscriptions;
 * - `POST /local/customers/:id/advance-clock` `{ days }`: moves that customer's time on, and lets
 *   renewals, payment retries and cancellations at period end happen on the way, in order;
 * - `POST /local/customers/:id/card` `{ number }`: saves a test card (4242 4242 4242 4242 pays,
 *   4000 0000 0000 0341 fails every charge) without retrying anything;
 * - `GET /local/events?customer=cus_…&type=…`: the events, oldest first, each with its deliveries
 *   (state pending, delivered or failed, and every attempt), for a test to wait on.
 */

const advanceSchema = z.object({ days: z.number().positive().max(3660) }).strict();
const cardSchema = z.object({ number: z.string().min(1) }).strict();

function parseBody<T>(
  schema: z.ZodType<T>,
  request: FastifyRequest,
  reply: FastifyReply,
): T | undefined {
  const parsed = schema.safeParse(request.body ?? {});
  if (parsed.success) return parsed.data;
  void reply.code(400).send({
    error: 'invalid_body',
    problems: parsed.error.issues.map(
      (issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`,
    ),
  });
  return undefined;
}

export function localControls(state: LocalStripeState, deliveries: EventDeliveries) {
  return async (app: FastifyInstance) => {
    app.setErrorHandler((error, _request, reply) => {
      if (error instanceof StripeApiError) return reply.code(error.status).send(error.toJSON());
      throw error;
    });

    const customerView = (id: string) => {
      const record = state.customerRecord(id);
      const card = state.savedCard(id);
      return {
        customer: record.customer,
        now: state.now(id),
        clockOffsetSeconds: record.clockOffset,
        card:
          card === undefined
            ? null
            : { last4: card.card.last4, failsCharges: record.cardFailsCharges },
        subscriptions: state.subscriptionsOf(id),
      };
    };

    app.get<{ Params: { id: string } }>('/local/customers/:id', async (request) =>
      customerView(request.params.id),
    );

    app.post<{ Params: { id: string } }>(
      '/local/customers/:id/advance-clock',
      async (request, reply) => {
        const body = parseBody(advanceSchema, request, reply);
        if (body === undefined) return reply;
        state.advanceClock(request.params.id, Math.round(body.days * 24 * 3600));
        return customerView(request.params.id);
      },
    );

    app.post<{ Params: { id: string } }>('/local/customers/:id/card', async (request, reply) => {
      const body = parseBody(cardSchema, request, reply);
      if (body === undefined) return reply;
      state.customerRecord(request.params.id);
      const check = checkCardNumber(body.number);
      if (check.outcome !== 'valid')
        return reply.code(400).send({
          error: 'invalid_card',
          problems: [
            check.outcome === 'declined'
              ? 'number: this test card is declined'
              : 'number: not a test card the local Stripe knows',
          ],
        });
      const now = new Date(state.now(request.params.id) * 1000);
      state.saveCard(request.params.id, {
        last4: check.last4,
        failsCharges: check.failsCharges,
        expMonth: 12,
        expYear: now.getUTCFullYear() + 3,
      });
      return customerView(request.params.id);
    });

    app.get<{ Querystring: { customer?: string; type?: string } }>(
      '/local/events',
      async (request) => {
        const { customer, type } = request.query;
        const events = customer === undefined ? state.events : state.eventsOfCustomer(customer);
        return events
          .filter((event) => type === undefined || event.type === type)
          .map((event) => ({ event, deliveries: deliveries.of(event.id) }));
      },
    );
  };
}
