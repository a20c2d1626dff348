import { createHmac, randomUUID } from 'node:crypto';
import { SignedDeliveries, type DeliveryRecord } from '../signed-deliveries.ts';

/**
 * Webhook deliveries as Shopify makes them: a POST of the JSON payload, signed with the app's secret
 * (`X-Shopify-Hmac-Sha256`, base64 HMAC-SHA256 of the raw body), with the topic, shop, API version,
 * webhook id, event id and trigger time in Shopify's headers. Anything but a 2xx within the timeout is
 * retried later with the same body and the same webhook id; after the last retry the delivery fails
 * (../signed-deliveries.ts sends and retries).
 */

export const webhookResponseTimeoutMs = 5_000;
/**
 * Shopify deletes a subscription made through the Admin API once this many deliveries to it in a row
 * have failed, retries included: a delivery that spends all its retries removes it, as does a run of
 * failures spread over several deliveries. A 2xx starts the count again.
 */
export const failedAttemptsRemovingSubscription = 8;
/** Shopify retries 8 times over 4 hours; locally the same count, in seconds rather than hours. */
export const defaultWebhookRetryDelaysMs = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000];

export interface WebhookDelivery extends DeliveryRecord {
  webhookId: string;
  eventId: string;
  topic: string;
  shopDomain: string;
  uri: string;
  apiVersion: string;
  triggeredAt: string;
  payload: unknown;
}

export interface DeliveryRequest {
  topic: string;
  shopDomain: string;
  uri: string;
  apiVersion: string;
  payload: unknown;
}

export function webhookSignature(apiSecret: string, body: string | Buffer): string {
  return createHmac('sha256', apiSecret).update(body).digest('base64');
}

export class WebhookDeliveries {
  private readonly deliveries: WebhookDelivery[] = [];
  private readonly sender: SignedDeliveries;

  constructor(
    private readonly options: {
      apiSecret: string;
      retryDelaysMs: number[];
      log: (line: string) => void;
      /** How many deliveries are kept for `_local/api/webhook-deliveries`. */
      keep?: number;
    },
  ) {
    this.sender = new SignedDeliveries({
      responseTimeoutMs: webhookResponseTimeoutMs,
      retryDelaysMs: options.retryDelaysMs,
      log: options.log,
    });
  }

  /** `onAttempt` hears how each attempt ended (true for a 2xx), once it has. */
  deliver(request: DeliveryRequest, onAttempt?: (delivered: boolean) => void): WebhookDelivery {
    const delivery: WebhookDelivery = {
      ...request,
      webhookId: randomUUID(),
      eventId: randomUUID(),
      triggeredAt: new Date().toISOString(),
      state: 'pending',
      attempts: [],
    };
    this.deliveries.push(delivery);
    const keep = this.options.keep ?? 1000;
    if (this.deliveries.length > keep) this.deliveries.splice(0, this.deliveries.length - keep);
    const body = JSON.stringify(request.payload);
    // The same body, signature and webhook id at every attempt, as Shopify retries.
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'Shopify-Captain-Hook',
      'X-Shopify-Topic': delivery.topic,
      'X-Shopify-Hmac-Sha256': webhookSignature(this.options.apiSecret, body),
      'X-Shopify-Shop-Domain': delivery.shopDomain,
      'X-Shopify-API-Version': delivery.apiVersion,
      'X-Shopify-Webhook-Id': delivery.webhookId,
      'X-Shopify-Triggered-At': delivery.triggeredAt,
      'X-Shopify-Event-Id': delivery.eventId,
    };
    void this.sender.deliver({
      url: delivery.uri,
      body,
      headers: () => headers,
      record: delivery,
      said: {
        delivered: () =>
          `Webhook ${delivery.topic} for ${delivery.shopDomain} delivered to ${delivery.uri}`,
        failed: (outcome) =>
          `Webhook ${delivery.topic} for ${delivery.shopDomain} failed after ${delivery.attempts.length} attempts (${outcome})`,
        retrying: (outcome, delay) =>
          `Webhook ${delivery.topic} to ${delivery.uri}: ${outcome}; retried in ${delay} ms`,
      },
      ...(onAttempt !== undefined && { onAttempt }),
    });
    return delivery;
  }

  list(): readonly WebhookDelivery[] {
    return this.deliveries;
  }

  /** Cancels the retries to come and the attempts under way. */
  stop() {
    this.sender.stop();
  }
}
