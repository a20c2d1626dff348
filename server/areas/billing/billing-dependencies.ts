import type Stripe from 'stripe';
import type { Database } from '#server/db/database.ts';
import type { PriceCatalog } from './price-catalog.ts';

/** What Checkout is told besides the plan: where the owner comes back, and whether tax is added. */
export interface CheckoutSettings {
  /** The product's public address, where Stripe sends the owner back (`/subscription`). */
  publicUrl: string;
  /** Whether Checkout works out tax itself (Stripe Tax set up on the account). */
  automaticTax: boolean;
}

/** What the billing area's calls to Stripe need; built once by the composition root. */
export interface BillingDependencies {
  db: Database;
  stripe: Stripe;
  prices: PriceCatalog;
  settings: CheckoutSettings;
}
