/**
 * Signed deliveries with retries, as the local Shopify delivers its webhooks
 * (shopify/webhook-deliveries.ts) and the local Stripe its events (stripe/event-deliveries.ts): a POST
 * of a JSON body with the platform's headers, signed as the platform signs; anything but a 2xx within
 * the platform's timeout is sent again after the next delay of its schedule, with the same body,
 * until the schedule runs out and the delivery fails. Each platform keeps its own signature scheme
 * (headers are built afresh at every attempt, so a timestamped signature is current), its own
 * timeout, schedule and wording, and decides itself whether deliveries run side by side or in turn.
 */

export interface DeliveryAttempt {
  at: string;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why no answer counted (timeout, refused connection). */
  error?: string;
}

/** What a delivery shows of itself; `deliver` updates it as attempts end. */
export interface DeliveryRecord {
  state: 'pending' | 'delivered' | 'failed';
  attempts: DeliveryAttempt[];
}

export interface SignedDelivery {
  url: string;
  body: string;
  /** The request's headers, signature included, for the attempt about to be sent. */
  headers(): Record<string, string>;
  record: DeliveryRecord;
  /** The log lines of a delivery's outcomes, in the platform's words. */
  said: {
    delivered(): string;
    failed(outcome: string): string;
    retrying(outcome: string, delayMs: number): string;
  };
  /** Hears how each attempt ended (true for a 2xx), once it has. */
  onAttempt?(delivered: boolean): void;
}

export interface SignedDeliveriesOptions {
  /** No attempt waits longer than this for an answer. */
  responseTimeoutMs: number;
  /** The waits before each retry; their count is the number of retries. */
  retryDelaysMs: readonly number[];
  log: (line: string) => void;
}

export class SignedDeliveries {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly inFlight = new Set<AbortController>();
  private stopped = false;

  constructor(private readonly options: SignedDeliveriesOptions) {}

  /**
   * Sends until the receiver takes the delivery or the schedule runs out; resolves then, and never
   * once stopped (what follows a stopped delivery must not run).
   */
  async deliver(delivery: SignedDelivery): Promise<void> {
    const { record } = delivery;
    for (;;) {
      if (this.stopped) return new Promise<void>(() => {});
      // Listed from the moment it is sent, without a status while under way.
      const attempt: DeliveryAttempt = { at: new Date().toISOString() };
      record.attempts.push(attempt);
      await this.attempt(delivery, attempt);
      if (this.stopped) return new Promise<void>(() => {});
      const delivered =
        attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;
      delivery.onAttempt?.(delivered);
      if (delivered) {
        record.state = 'delivered';
        this.options.log(delivery.said.delivered());
        return;
      }
      const outcome = attempt.status === undefined ? attempt.error! : `HTTP ${attempt.status}`;
      const delay = this.options.retryDelaysMs[record.attempts.length - 1];
      if (delay === undefined) {
        record.state = 'failed';
        this.options.log(delivery.said.failed(outcome));
        return;
      }
      this.options.log(delivery.said.retrying(outcome, delay));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          resolve();
        }, delay);
        this.timers.add(timer);
      });
    }
  }

  /** Cancels the retries to come and the attempts under way. */
  stop() {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const controller of this.inFlight) controller.abort();
  }

  private async attempt(delivery: SignedDelivery, attempt: DeliveryAttempt): Promise<void> {
    const controller = new AbortController();
    this.inFlight.add(controller);
    const timeout = setTimeout(() => controller.abort(), this.options.responseTimeoutMs);
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: delivery.headers(),
        body: delivery.body,
        signal: controller.signal,
        redirect: 'manual',
      });
      attempt.status = response.status;
      await response.body?.cancel().catch(() => {});
    } catch (error) {
      attempt.error = controller.signal.aborted
        ? `no answer within ${this.options.responseTimeoutMs / 1000} s`
        : (error as Error).cause instanceof Error
          ? ((error as Error).cause as Error).message
          : (error as Error).message;
    } finally {
      clearTimeout(timeout);
      this.inFlight.delete(controller);
    }
  }
}
