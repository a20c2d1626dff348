import { AppError } from '../../../shared/errors.ts';
import { isShopDomain } from '../../../shared/shop-domain.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { isSignedWebhook } from '../../platform/shopify/webhook-signature.ts';
import { findUnprocessedDeliveryId, insertDelivery } from './webhook-deliveries-repository.ts';
import { webhookDeliveryJob } from './webhook-delivery-job.ts';
import { privacyTopics } from './webhook-delivery.ts';

export interface ReceiveWebhookDependencies {
  db: Database;
  jobs: JobQueue;
  /** The Shopify app's secret, which signs every delivery. */
  apiSecret: string;
}

/** The headers Shopify's library requires of a delivery; without them it cannot be checked or used. */
const requiredHeaders = [
  'x-shopify-hmac-sha256',
  'x-shopify-topic',
  'x-shopify-shop-domain',
  'x-shopify-webhook-id',
  'x-shopify-api-version',
] as const;

/**
 * `recorded`: new, and queued; `queued again`: recorded before but not yet handled (its job was lost
 * or ran out of attempts), and queued again; `replayed`: recorded and handled before.
 */
export type ReceivedWebhook = 'recorded' | 'queued again' | 'replayed';

/**
 * A delivery from Shopify, as it arrived: checked, recorded once, and left to a job. Nothing is
 * parsed or stored before the signature on the raw bytes is checked: missing headers are answered
 * 400, a bad signature 401, and neither leaves a trace. A webhook id seen before is Shopify sending
 * a delivery again: it is recorded already, and queued again if it is not handled yet (a process
 * that stopped before queueing its job, a queue that refused it, a handler that failed every
 * attempt); a job finding it handled, or being handled by another job, does nothing. The answer
 * does not wait for the handler, so Shopify hears back at once; when the job cannot be queued it is
 * an error, so that Shopify sends the delivery again.
 */
export async function receiveShopifyWebhook(
  deps: ReceiveWebhookDependencies,
  request: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer },
): Promise<ReceivedWebhook> {
  const header = (name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
  const missing = requiredHeaders.filter((name) => header(name) === undefined);
  if (missing.length > 0 || request.rawBody.length === 0) {
    throw new AppError('invalid_request', 400, {
      message: `Not a Shopify webhook: missing ${missing.length > 0 ? missing.join(', ') : 'body'}`,
    });
  }
  if (!isSignedWebhook(deps.apiSecret, request.rawBody, header('x-shopify-hmac-sha256')!)) {
    throw new AppError('webhook_signature_invalid', 401, {
      message: 'The body does not carry a valid Shopify signature',
    });
  }

  const topic = header('x-shopify-topic')!;
  const shopDomain = header('x-shopify-shop-domain')!;
  if (!isShopDomain(shopDomain)) {
    throw new AppError('invalid_shop_domain', 400, { message: 'The delivery names no store' });
  }
  let payload: unknown;
  try {
    payload = JSON.parse(request.rawBody.toString('utf8'));
  } catch (error) {
    throw new AppError('invalid_json', 400, { message: 'The body is not JSON', cause: error });
  }
  const triggeredAt = new Date(header('x-shopify-triggered-at') ?? '');

  const webhookId = header('x-shopify-webhook-id')!;
  const deliveryId = await insertDelivery(deps.db, {
    provider: 'shopify',
    webhookId,
    topic,
    shopDomain,
    triggeredAt: Number.isNaN(triggeredAt.getTime()) ? null : triggeredAt,
    payload: privacyTopics.has(topic) ? null : payload,
  });
  if (deliveryId !== undefined) {
    await deps.jobs.send(webhookDeliveryJob, { deliveryId });
    return 'recorded';
  }
  const unprocessedId = await findUnprocessedDeliveryId(deps.db, 'shopify', webhookId);
  if (unprocessedId === undefined) return 'replayed';
  await deps.jobs.send(webhookDeliveryJob, { deliveryId: unprocessedId });
  return 'queued again';
}
