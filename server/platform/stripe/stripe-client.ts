import Stripe from 'stripe';

/** How the product reaches Stripe (server/config.ts, `stripe`). */
export interface StripeSettings {
  /** `sk_…` or a restricted `rk_…` key; never logged. */
  secretKey: string;
  /** The webhook endpoint's `whsec_…` secret, which signs every event; never logged. */
  webhookSecret: string;
  /** Whether Checkout works out tax itself (Stripe Tax). */
  automaticTax: boolean;
  /** Local mode: the local Stripe's address. Absent in production, where the SDK calls api.stripe.com. */
  apiUrl?: string;
}

/**
 * The API version the product is written against: the one this SDK release pins, stated here so that
 * an SDK upgrade that moves it is a visible change rather than a silent one.
 */
export const stripeApiVersion = '2026-10-28.endive';

/**
 * The Stripe SDK, pointed at Stripe or, in local mode, at the local Stripe through the SDK's own
 * host, port and protocol options: the calls are the same either way. Two retries on network
 * failures, each with the SDK's idempotency key, and no telemetry.
 */
export function createStripeClient(settings: StripeSettings): Stripe {
  const config: Stripe.StripeConfig = {
    apiVersion: stripeApiVersion,
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  };
  if (settings.apiUrl !== undefined) {
    const url = new URL(settings.apiUrl);
    config.host = url.hostname;
    config.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
    config.protocol = url.protocol === 'https:' ? 'https' : 'http';
  }
  return new Stripe(settings.secretKey, config);
}
