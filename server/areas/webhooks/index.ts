/**
 * What the webhooks area offers the other areas and the wiring (server/api, server/bff,
 * the composition root): lint refuses their imports of any other file of this folder.
 */
export { receiveStripeEvent } from './receive-stripe-event.ts';
export { receiveShopifyWebhook } from './receive-webhook.ts';
export type { ReceivedWebhook } from './receive-webhook.ts';
export {
  webhookDeliveryJob,
  webhookDeliveryPurgeJob,
  webhookDeliverySweepJob,
} from './webhook-delivery-job.ts';
export type { StripeEventHandler, WebhookHandlers } from './webhook-delivery.ts';
