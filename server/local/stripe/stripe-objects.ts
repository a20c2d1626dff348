/**
 * The objects the local Stripe holds, with Stripe's field names (API version 2026-10-28.endive, as
 * stripe-node 23 types them). Only the fields the product reads or a caller could notice are kept;
 * the rest of Stripe's object is left out rather than faked.
 */

export type Metadata = Record<string, string>;
export type Interval = 'month' | 'year';

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  name: string;
  type: 'service';
  updated: number;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string | Product;
  recurring: {
    interval: Interval;
    interval_count: number;
    meter: null;
    trial_period_days: null;
    usage_type: 'licensed';
  } | null;
  tax_behavior: 'unspecified' | 'exclusive' | 'inclusive';
  type: 'recurring' | 'one_time';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  billing_details: { email: string | null; name: string | null };
  card: {
    brand: 'visa';
    country: 'US';
    exp_month: number;
    exp_year: number;
    funding: 'credit';
    last4: string;
  };
  created: number;
  customer: string;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export type SubscriptionStatus =
  | 'incomplete'
  | 'incomplete_expired'
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'canceled'
  | 'unpaid'
  | 'paused';

export interface ListObject<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  total_count?: number;
  url: string;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  automatic_tax: { disabled_reason: null; enabled: boolean; liability: { type: 'self' } | null };
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: {
    comment: string | null;
    feedback: null;
    reason: 'cancellation_requested' | 'payment_failed' | null;
  };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string | Customer;
  days_until_due: null;
  default_payment_method: string | null;
  description: null;
  discounts: string[];
  ended_at: number | null;
  items: ListObject<SubscriptionItem>;
  latest_invoice: string | Invoice | null;
  livemode: false;
  metadata: Metadata;
  pause_collection: null;
  /** A change held until its invoice is paid (payment_behavior=pending_if_incomplete). */
  pending_update: PendingUpdate | null;
  schedule: null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

/**
 * What a subscription becomes once the invoice of a change made with pending_if_incomplete is paid,
 * until `expires_at` (Stripe's `pending_update`, with the fields this API version has).
 */
export interface PendingUpdate {
  billing_cycle_anchor: number | null;
  cancel_at_period_end: boolean | null;
  discount: null;
  discounts: null;
  expires_at: number;
  metadata: Metadata | null;
  subscription_items: SubscriptionItem[] | null;
  trial_end: null;
  trial_from_plan: null;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: Array<{ amount: number; discount: string }>;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { end: number; start: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'uncollectible' | 'void';

export interface Invoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  automatic_tax: { enabled: boolean; status: 'complete' | null };
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string | Customer;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: null;
  discounts: string[];
  ending_balance: number;
  hosted_invoice_url: string;
  invoice_pdf: null;
  lines: ListObject<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string | Subscription };
  };
  period_end: number;
  period_start: number;
  starting_balance: number;
  status: InvoiceStatus;
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: number | null;
    paid_at: number | null;
    voided_at: number | null;
  };
  subtotal: number;
  total: number;
  total_discount_amounts: Array<{ amount: number; discount: string }>;
}

export type CheckoutLocale = string;

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  allow_promotion_codes: boolean | null;
  amount_subtotal: number;
  amount_total: number;
  automatic_tax: {
    enabled: boolean;
    liability: { type: 'self' } | null;
    provider: 'stripe' | null;
    status: 'complete' | 'requires_location_inputs' | null;
  };
  billing_address_collection: 'auto' | 'required' | null;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | Customer | null;
  customer_creation: 'always' | null;
  customer_details: {
    address: Address | null;
    email: string | null;
    name: string | null;
    tax_exempt: 'none';
  } | null;
  customer_email: string | null;
  discounts: Array<{ coupon: string | null; promotion_code: string | null }>;
  expires_at: number;
  invoice: string | Invoice | null;
  livemode: false;
  locale: CheckoutLocale | null;
  metadata: Metadata;
  mode: 'subscription';
  payment_method_types: ['card'];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | Subscription | null;
  success_url: string | null;
  total_details: { amount_discount: number; amount_shipping: number; amount_tax: number };
  ui_mode: 'hosted_page';
  url: string | null;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface PromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  coupon: { id: string; object: 'coupon'; duration: 'once'; percent_off: number; name: string };
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export function list<T>(data: T[], url: string, hasMore = false): ListObject<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

/** A copy a caller may hold or change without touching the stored object. */
export function snapshot<T>(value: T): T {
  return structuredClone(value);
}
