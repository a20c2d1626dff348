import { createHmac } from 'node:crypto';
import type { StripeEvent } from './stripe-objects.ts';

/**
 * Event deliveries in Stripe's form: a POST of the event as JSON to each webhook endpoint, with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the endpoint's whsec_
 * secret>`, signed afresh at every attempt. Anything but a 2xx within the timeout is retried later
 * with the same body; after the last retry the delivery fails.
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

export interface DeliveryAttempt {
  at: string;
  status?: number;
  error?: string;
}

export interface EventDelivery {
  eventId: string;
  endpoint: string;
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
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
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(
    private readonly options: {
      endpoints: WebhookEndpoint[];
      retryDelaysMs: number[];
      log: (line: string) => void;
    },
  ) {
    for (const endpoint of options.endpoints) this.queues.set(endpoint, []);
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
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
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

  private async deliver(endpoint: WebhookEndpoint, event: StripeEvent, delivery: EventDelivery) {
    const body = JSON.stringify(event, null, 2);
    for (;;) {
      if (this.stopped) return;
      const attempt = await this.attempt(endpoint, body);
      delivery.attempts.push(attempt);
      if (this.stopped) return;
      if (attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300) {
        delivery.state = 'delivered';
        this.options.log(`Local Stripe: ${event.type} ${event.id} delivered to ${endpoint.url}`);
        return;
      }
      const outcome = attempt.status === undefined ? attempt.error : `HTTP ${attempt.status}`;
      const delay = this.options.retryDelaysMs[delivery.attempts.length - 1];
      if (delay === undefined) {
        delivery.state = 'failed';
        this.options.log(
          `Local Stripe: ${event.type} ${event.id} to ${endpoint.url} failed after ${delivery.attempts.length} attempts (${outcome})`,
        );
        return;
      }
      this.options.log(
        `Local Stripe: ${event.type} ${event.id} to ${endpoint.url}: ${outcome}; retried in ${delay} ms`,
      );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, delay);
        this.timers.add(timer);
      });
    }
  }

  private async attempt(endpoint: WebhookEndpoint, body: string): Promise<DeliveryAttempt> {
    const attempt: DeliveryAttempt = { at: new Date().toISOString() };
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), eventResponseTimeoutMs);
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'Stripe-Signature': signatureHeader(endpoint.secret, body, Math.floor(Date.now() / 1000)),
        },
        body,
        signal: controller.signal,
        redirect: 'manual',
      });
      attempt.status = response.status;
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      attempt.error = controller.signal.aborted
        ? `no answer within ${eventResponseTimeoutMs / 1000} s`
        : (error as Error).cause instanceof Error
          ? ((error as Error).cause as Error).message
          : (error as Error).message;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
    return attempt;
  }
}
