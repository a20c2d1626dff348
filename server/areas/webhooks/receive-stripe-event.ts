import type Stripe from 'stripe';
import { AppError } from '#shared/errors.ts';
import type { Database } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { ReceivedWebhook } from './receive-webhook.ts';
import { findUnprocessedDeliveryId, insertDelivery } from './webhook-deliveries-repository.ts';
import { webhookDeliveryJob } from './webhook-delivery-job.ts';

export interface ReceiveStripeEventDependencies {
  db: Database;
  jobs: JobQueue;
  /** The SDK, whose webhook helper checks the signature; it calls nothing at Stripe for that. */
  stripe: Stripe;
  /** The endpoint's `whsec_…` secret, which signs every event; never logged. */
  webhookSecret: string;
}

/**
 * How old a signed event may be, in seconds (the SDK's own default, stated so that it is not lost
 * to a call that leaves it out): an event replayed by someone who copied it is refused after that.
 */
export const stripeSignatureToleranceSeconds = 300;

/**
 * What the handler reads of the event's object, and nothing else: its type and id, and the
 * subscription it is about (server/areas/billing/stripe-event-handlers.ts). The subscription itself
 * is read back from Stripe, so the rest (a Checkout Session's or an invoice's customer name, email
 * and address) is never stored.
 */
function idsOf(object: Record<string, unknown>) {
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null;
  return {
    object: text(object.object),
    id: text(object.id),
    subscription: text(object.subscription),
    parent: {
      subscription_details: { subscription: text(parent?.subscription_details?.subscription) },
    },
  };
}

/**
 * An event from Stripe, as it arrived at `/webhooks/stripe`: checked, recorded once by its id, and
 * left to a job. The signature (`Stripe-Signature`, over the raw bytes, no older than five minutes) is
 * checked before anything is parsed or stored: missing or wrong, the answer is 400 and nothing is
 * kept. An event id seen before is Stripe sending it again: recorded already, and queued again only
 * if it is not handled yet, exactly as Shopify's deliveries are (receive-webhook.ts).
 */
export async function receiveStripeEvent(
  deps: ReceiveStripeEventDependencies,
  request: { signature: string | undefined; rawBody: Buffer },
): Promise<ReceivedWebhook> {
  if (request.signature === undefined || request.signature === '') {
    throw new AppError('webhook_signature_invalid', 400, {
      message: 'The request carries no Stripe-Signature header',
    });
  }
  let event: Stripe.Event;
  try {
    event = deps.stripe.webhooks.constructEvent(
      request.rawBody,
      request.signature,
      deps.webhookSecret,
      stripeSignatureToleranceSeconds,
    );
  } catch {
    // The SDK's error is not passed on: it carries the header and the body, which is not logged.
    throw new AppError('webhook_signature_invalid', 400, {
      message: 'The body does not carry a valid Stripe signature, or one older than five minutes',
    });
  }

  const object = event.data.object as unknown as Record<string, unknown>;
  const deliveryId = await insertDelivery(deps.db, {
    provider: 'stripe',
    webhookId: event.id,
    topic: event.type,
    shopDomain: null,
    triggeredAt: new Date(event.created * 1000),
    payload: {
      id: event.id,
      type: event.type,
      created: event.created,
      data: { object: idsOf(object) },
    },
  });
  if (deliveryId !== undefined) {
    await deps.jobs.send(webhookDeliveryJob, { deliveryId });
    return 'recorded';
  }
  const unprocessedId = await findUnprocessedDeliveryId(deps.db, 'stripe', event.id);
  if (unprocessedId === undefined) return 'replayed';
  await deps.jobs.send(webhookDeliveryJob, { deliveryId: unprocessedId });
  return 'queued again';
}
