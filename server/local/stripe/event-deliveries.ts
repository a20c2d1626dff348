import { createHmac } from 'node:crypto';
import { SignedDeliveries, type DeliveryRecord } from '../signed-deliveries.ts';
import type { StripeEvent } from './stripe-objects.ts';

/**
 * Event deliveries in Stripe's form: a POST of the event as JSON to each webhook endpoint, with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's whsec_
 * secret>`, signed afresh at every attempt. Anything but a 2xx within the timeout is retried later
 * with the same body; after the last retry the delivery fails (../signed-deliveries.ts sends and
 * retries).
 *
 * Unlike Stripe, which guarantees no order (events come late, twice, out of order), each endpoint
 * here receives its events one at a time, in the order they were made: local mode stays easy to
 * follow. The product must not count on it; its tests post the signed events to it out of order
 * themselves (tests/integration/billing-events.test.ts).
 */

export const eventResponseTimeoutMs = 10_000;
/** Stripe retries for three days; locally six attempts over about half a minute. */
export const defaultEventRetryDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000];

export interface WebhookEndpoint {
  url: string;
  /** whsec_…; signs the deliveries, never logged. */
  secret: string;
}

export interface EventDelivery extends DeliveryRecord {
  eventId: string;
  endpoint: string;
}

export function signatureHeader(secret: string, body: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

interface Queued {
  event: StripeEvent;
  delivery: EventDelivery;
}

export class EventDeliveries {
  private readonly deliveries = new Map<string, EventDelivery[]>();
  private readonly queues = new Map<WebhookEndpoint, Queued[]>();
  private readonly running = new Set<WebhookEndpoint>();
  private readonly sender: SignedDeliveries;
  private stopped = false;

  constructor(
    private readonly options: {
      endpoints: WebhookEndpoint[];
      retryDelaysMs: number[];
      log: (line: string) => void;
    },
  ) {
    for (const endpoint of options.endpoints) this.queues.set(endpoint, []);
    this.sender = new SignedDeliveries({
      responseTimeoutMs: eventResponseTimeoutMs,
      retryDelaysMs: options.retryDelaysMs,
      log: options.log,
    });
  }

  enqueue(event: StripeEvent) {
    const deliveries: EventDelivery[] = [];
    for (const endpoint of this.options.endpoints) {
      const delivery: EventDelivery = {
        eventId: event.id,
        endpoint: endpoint.url,
        state: 'pending',
        attempts: [],
      };
      deliveries.push(delivery);
      this.queues.get(endpoint)!.push({ event, delivery });
    }
    this.deliveries.set(event.id, deliveries);
    event.pending_webhooks = deliveries.length;
    for (const endpoint of this.options.endpoints) void this.drain(endpoint);
  }

  of(eventId: string): readonly EventDelivery[] {
    return this.deliveries.get(eventId) ?? [];
  }

  stop() {
    this.stopped = true;
    this.sender.stop();
  }

  /** Delivers the endpoint's queue in order, one event at a time. */
  private async drain(endpoint: WebhookEndpoint) {
    if (this.running.has(endpoint)) return;
    this.running.add(endpoint);
    try {
      const queue = this.queues.get(endpoint)!;
      while (!this.stopped && queue.length > 0) {
        const { event, delivery } = queue[0]!;
        await this.deliver(endpoint, event, delivery);
        queue.shift();
        if (delivery.state !== 'pending') event.pending_webhooks -= 1;
      }
    } finally {
      this.running.delete(endpoint);
    }
  }

  private deliver(endpoint: WebhookEndpoint, event: StripeEvent, delivery: EventDelivery) {
    const body = JSON.stringify(event, null, 2);
    const name = `Local Stripe: ${event.type} ${event.id}`;
    return this.sender.deliver({
      url: endpoint.url,
      body,
      // Signed afresh at every attempt: the signature holds the time it was made.
      headers: () => ({
        'Content-Type': 'application/json; charset=utf-8',
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'Stripe-Signature': signatureHeader(endpoint.secret, body, Math.floor(Date.now() / 1000)),
      }),
      record: delivery,
      said: {
        delivered: () => `${name} delivered to ${endpoint.url}`,
        failed: (outcome) =>
          `${name} to ${endpoint.url} failed after ${delivery.attempts.length} attempts (${outcome})`,
        retrying: (outcome, delay) =>
          `${name} to ${endpoint.url}: ${outcome}; retried in ${delay} ms`,
      },
    });
  }
}
