import { AppError } from '#shared/errors.ts';
import { isShopDomain } from '#shared/shop-domain.ts';
import type { Database } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import { isSignedWebhook } from '#server/platform/shopify/webhook-signature.ts';
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
 * attempt); a job finding it handled, or being handled by another job, does nothing. An event id
 * seen before for the topic (X-Shopify-Event-Id) is the same event under another webhook id, and is
 * treated as that delivery. The answer does not wait for the handler, so Shopify hears back at once;
 * when the job cannot be queued it is an error, so that Shopify sends the delivery again.
 *
 * The signature covers the body, not the headers: the headers are believed only where the body
 * cannot say. A body naming a store (`shop_domain`, `myshopify_domain`) other than the header's is
 * refused (400), nothing recorded. A triggered-at later than the receipt is taken as the receipt.
 * Of the body, only the fields the handlers read are recorded (fieldsHandlersRead).
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
  const namedInBody = shopDomainOfPayload(payload);
  if (namedInBody !== undefined && namedInBody.toLowerCase() !== shopDomain.toLowerCase()) {
    throw new AppError('invalid_request', 400, {
      message: 'The delivery’s header names another store than its signed body',
    });
  }

  const webhookId = header('x-shopify-webhook-id')!;
  const eventId = header('x-shopify-event-id');
  const deliveryId = await insertDelivery(deps.db, {
    provider: 'shopify',
    webhookId,
    eventId: eventId ?? null,
    topic,
    shopDomain,
    triggeredAt: triggeredAtOf(header('x-shopify-triggered-at'), new Date()),
    payload: privacyTopics.has(topic) ? null : fieldsHandlersRead(payload),
  });
  if (deliveryId !== undefined) {
    await deps.jobs.send(webhookDeliveryJob, { deliveryId });
    return 'recorded';
  }
  const unprocessedId = await findUnprocessedDeliveryId(
    deps.db,
    'shopify',
    webhookId,
    eventId === undefined ? undefined : { topic, eventId },
  );
  if (unprocessedId === undefined) return 'replayed';
  await deps.jobs.send(webhookDeliveryJob, { deliveryId: unprocessedId });
  return 'queued again';
}

/**
 * The store the signed body names, when it names one: `shop_domain` in the privacy topics,
 * `myshopify_domain` in the shop's own (app/uninstalled, shop/update). Not `domain`, the shop's
 * primary domain, which is usually not its myshopify.com one.
 */
function shopDomainOfPayload(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as { shop_domain?: unknown; myshopify_domain?: unknown };
  if (typeof fields.shop_domain === 'string') return fields.shop_domain;
  if (typeof fields.myshopify_domain === 'string') return fields.myshopify_domain;
  return undefined;
}

/**
 * The fields of a payload that the topics' handlers read, the only ones recorded: the resource's id
 * (`id`, `admin_graphql_api_id`), its `updated_at`, and the store it names (`shop_domain`,
 * `myshopify_domain`). A payload is Shopify's whole REST resource (a product with its variants and
 * media runs to megabytes), and the rest of it would sit in the table and the queue for nothing:
 * handlers read the record again from Shopify.
 */
const fieldsKept = [
  'id',
  'admin_graphql_api_id',
  'updated_at',
  'shop_domain',
  'myshopify_domain',
] as const;

function fieldsHandlersRead(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return {};
  const fields = payload as Record<string, unknown>;
  const kept: Record<string, unknown> = {};
  for (const name of fieldsKept) {
    const value = fields[name];
    if (typeof value === 'string' || typeof value === 'number') kept[name] = value;
  }
  return kept;
}

/**
 * When Shopify says the event happened, null when it did not say. Never later than the receipt: a
 * time to come is not one Shopify gave, and would make the delivery look newer than anything.
 */
function triggeredAtOf(header: string | undefined, receivedAt: Date): Date | null {
  const triggeredAt = new Date(header ?? '');
  if (Number.isNaN(triggeredAt.getTime())) return null;
  return triggeredAt > receivedAt ? receivedAt : triggeredAt;
}
