import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Whether a webhook's body was signed by Shopify: `X-Shopify-Hmac-Sha256` is the base64 HMAC-SHA256
 * of the raw body, bytes as they came, under the app's secret. Compared in constant time, before the
 * body is parsed or anything is stored.
 */
export function isSignedWebhook(apiSecret: string, rawBody: Buffer, hmacHeader: string): boolean {
  if (!/^[A-Za-z0-9+/]{43}=$/.test(hmacHeader)) return false;
  const expected = createHmac('sha256', apiSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(hmacHeader, 'base64'));
}
