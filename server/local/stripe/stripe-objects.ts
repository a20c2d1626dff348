import type Stripe from 'stripe';

/**
 * The objects the local Stripe holds, typed from stripe-node's own (API version 2026-10-28.endive).
 * Only the fields the product reads or a caller could notice are kept; the rest of Stripe's object is
 * left out rather than faked. Each object picks its fields from Stripe's type, so a kept field is
 * typed as Stripe types it and what the stand-in leaves out is what the Pick does not name; a field
 * declared again below holds less than Stripe's type allows (a value the stand-in always answers),
 * and the compiler checks it is still one Stripe's type accepts (the others, such as `id` or
 * `metadata`, are Stripe's as they are).
 */

/**
 * Stripe's `Full` object as the stand-in holds it: the `Kept` fields as Stripe types them, and the
 * `CutDown` ones, which hold less than Stripe's type requires (an object the stand-in cuts down in
 * turn, a part of one), declared by the interface that extends this. Both name fields of Stripe's
 * type; any other field of it is one the stand-in leaves out.
 */
type StandIn<Full, Kept extends keyof Full, CutDown extends Exclude<keyof Full, Kept>> = Pick<
  Full,
  Kept
> & { [Field in CutDown]: unknown };

export type Metadata = Record<string, string>;
export type Interval = 'month' | 'year';

export interface Product extends Pick<
  Stripe.Product,
  | 'id'
  | 'object'
  | 'active'
  | 'created'
  | 'description'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'type'
  | 'updated'
> {
  object: 'product';
  active: boolean;
  description: string | null;
  livemode: false;
  name: string;
  type: 'service';
  updated: number;
}

export interface Price extends StandIn<
  Stripe.Price,
  | 'id'
  | 'object'
  | 'active'
  | 'billing_scheme'
  | 'created'
  | 'currency'
  | 'livemode'
  | 'lookup_key'
  | 'metadata'
  | 'nickname'
  | 'recurring'
  | 'tax_behavior'
  | 'type'
  | 'unit_amount',
  'product' | 'unit_amount_decimal'
> {
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  currency: string;
  livemode: false;
  lookup_key: string | null;
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

export interface Address extends Pick<
  Stripe.Address,
  'city' | 'country' | 'line1' | 'line2' | 'postal_code' | 'state'
> {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface Customer extends Pick<
  Stripe.Customer,
  | 'id'
  | 'object'
  | 'address'
  | 'balance'
  | 'created'
  | 'currency'
  | 'default_source'
  | 'delinquent'
  | 'description'
  | 'email'
  | 'invoice_prefix'
  | 'invoice_settings'
  | 'livemode'
  | 'metadata'
  | 'name'
  | 'next_invoice_sequence'
  | 'phone'
  | 'preferred_locales'
  | 'shipping'
  | 'tax_exempt'
  | 'test_clock'
> {
  object: 'customer';
  address: Address | null;
  balance: number;
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
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface PaymentMethod extends StandIn<
  Stripe.PaymentMethod,
  'id' | 'object' | 'created' | 'customer' | 'livemode' | 'metadata' | 'type',
  'card' | 'billing_details'
> {
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
  customer: string;
  livemode: false;
  type: 'card';
}

export interface SubscriptionItem extends StandIn<
  Stripe.SubscriptionItem,
  | 'id'
  | 'object'
  | 'created'
  | 'current_period_end'
  | 'current_period_start'
  | 'discounts'
  | 'metadata'
  | 'quantity'
  | 'subscription'
  | 'tax_rates',
  'price'
> {
  object: 'subscription_item';
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
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

export interface Subscription extends StandIn<
  Stripe.Subscription,
  | 'id'
  | 'object'
  | 'automatic_tax'
  | 'billing_cycle_anchor'
  | 'cancel_at'
  | 'cancel_at_period_end'
  | 'canceled_at'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'days_until_due'
  | 'default_payment_method'
  | 'description'
  | 'discounts'
  | 'ended_at'
  | 'livemode'
  | 'metadata'
  | 'pause_collection'
  | 'schedule'
  | 'start_date'
  | 'status'
  | 'test_clock'
  | 'trial_end'
  | 'trial_start',
  'cancellation_details' | 'items' | 'latest_invoice' | 'pending_update'
> {
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
export interface PendingUpdate extends StandIn<
  Stripe.Subscription.PendingUpdate,
  | 'billing_cycle_anchor'
  | 'cancel_at_period_end'
  | 'discount'
  | 'discounts'
  | 'expires_at'
  | 'metadata'
  | 'trial_end'
  | 'trial_from_plan',
  'subscription_items'
> {
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

export interface InvoiceLine extends StandIn<
  Stripe.InvoiceLineItem,
  | 'id'
  | 'object'
  | 'amount'
  | 'currency'
  | 'description'
  | 'discount_amounts'
  | 'invoice'
  | 'livemode'
  | 'metadata'
  | 'parent'
  | 'period'
  | 'quantity',
  'pricing'
> {
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discount_amounts: Array<{ amount: number; discount: string }>;
  invoice: string;
  livemode: false;
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

export interface Invoice extends StandIn<
  Stripe.Invoice,
  | 'id'
  | 'object'
  | 'amount_due'
  | 'amount_paid'
  | 'amount_remaining'
  | 'attempt_count'
  | 'attempted'
  | 'billing_reason'
  | 'collection_method'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_email'
  | 'customer_name'
  | 'default_payment_method'
  | 'discounts'
  | 'ending_balance'
  | 'hosted_invoice_url'
  | 'invoice_pdf'
  | 'livemode'
  | 'metadata'
  | 'next_payment_attempt'
  | 'number'
  | 'period_end'
  | 'period_start'
  | 'starting_balance'
  | 'status'
  | 'status_transitions'
  | 'subtotal'
  | 'total'
  | 'total_discount_amounts',
  'automatic_tax' | 'lines' | 'parent'
> {
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  automatic_tax: { enabled: boolean; status: 'complete' | null };
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
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

export interface CheckoutSession extends StandIn<
  Stripe.Checkout.Session,
  | 'id'
  | 'object'
  | 'allow_promotion_codes'
  | 'amount_subtotal'
  | 'amount_total'
  | 'automatic_tax'
  | 'billing_address_collection'
  | 'cancel_url'
  | 'client_reference_id'
  | 'created'
  | 'currency'
  | 'customer'
  | 'customer_creation'
  | 'customer_email'
  | 'discounts'
  | 'expires_at'
  | 'livemode'
  | 'locale'
  | 'metadata'
  | 'mode'
  | 'payment_method_types'
  | 'payment_status'
  | 'status'
  | 'success_url'
  | 'total_details'
  | 'ui_mode'
  | 'url',
  'subscription' | 'invoice' | 'customer_details'
> {
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

export interface PortalSession extends Pick<
  Stripe.BillingPortal.Session,
  | 'id'
  | 'object'
  | 'configuration'
  | 'created'
  | 'customer'
  | 'flow'
  | 'livemode'
  | 'locale'
  | 'on_behalf_of'
  | 'return_url'
  | 'url'
> {
  object: 'billing_portal.session';
  configuration: string;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface PromotionCode extends Pick<
  Stripe.PromotionCode,
  'id' | 'object' | 'active' | 'code'
> {
  object: 'promotion_code';
  active: boolean;
  code: string;
  /**
   * Not a field of Stripe's promotion code at this API version (its coupon is under `promotion`):
   * the stand-in answers the older shape.
   */
  coupon: { id: string; object: 'coupon'; duration: 'once'; percent_off: number; name: string };
}

export interface StripeEvent extends StandIn<
  Stripe.Event,
  'id' | 'object' | 'api_version' | 'created' | 'livemode' | 'pending_webhooks' | 'request',
  'type' | 'data'
> {
  object: 'event';
  api_version: string;
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
