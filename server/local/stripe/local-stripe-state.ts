import { StripeApiError, invalidParameter, noSuch } from './stripe-errors.ts';
import { randomToken, stripeId } from './stripe-ids.ts';
import {
  list,
  snapshot,
  type Address,
  type CheckoutSession,
  type Customer,
  type Interval,
  type Invoice,
  type InvoiceLine,
  type Metadata,
  type PaymentMethod,
  type PortalSession,
  type Price,
  type Product,
  type PromotionCode,
  type StripeEvent,
  type Subscription,
} from './stripe-objects.ts';

/**
 * What the local Stripe holds, in memory, and what changes it: customers with a clock each (as
 * Stripe's test clocks), their cards, Checkout and portal sessions, subscriptions and their
 * invoices, and the events every change produces, handed to the deliveries as they happen.
 *
 * Renewals follow Stripe's subscription life: at a period's end an invoice for the next period is
 * charged to the saved card; a refused charge makes the subscription past_due and is retried 3, 5
 * and 7 days after the first failure, after which the subscription is unpaid. A subscription set to
 * cancel at its period's end is canceled then.
 */

export const apiVersion = '2026-10-28.endive';

/** Days after a renewal's first refused charge when Stripe's Smart Retries try again (local schedule). */
export const paymentRetryDays = [3, 5, 7] as const;

const day = 24 * 3600;

/**
 * How long a pending update waits for its invoice to be paid: 23 hours, or less when the period (or
 * a trial) ends sooner (Stripe's pending updates reference).
 */
const pendingUpdateLifetime = 23 * 3600;

/** Test cards as Stripe documents them: 4242… always pays, 0341 attaches but every charge fails. */
export type CardCheck =
  | { outcome: 'valid'; last4: string; failsCharges: boolean }
  | { outcome: 'declined' }
  | { outcome: 'invalid' };

export function checkCardNumber(number: string): CardCheck {
  const digits = number.replace(/[\s-]/g, '');
  if (digits === '4242424242424242')
    return { outcome: 'valid', last4: '4242', failsCharges: false };
  if (digits === '4000000000000341') return { outcome: 'valid', last4: '0341', failsCharges: true };
  if (digits === '4000000000000002') return { outcome: 'declined' };
  return { outcome: 'invalid' };
}

/** The same day of the next month or year, on the month's last day when it has no such day. */
export function addInterval(timestamp: number, interval: Interval): number {
  const date = new Date(timestamp * 1000);
  const day = date.getUTCDate();
  const target = new Date(date);
  target.setUTCDate(1);
  if (interval === 'month') target.setUTCMonth(target.getUTCMonth() + 1);
  else target.setUTCFullYear(target.getUTCFullYear() + 1);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

export interface RequestInfo {
  id: string;
  idempotencyKey: string | null;
}

interface CustomerRecord {
  customer: Customer;
  /** Seconds this customer's clock is ahead of the machine's. */
  clockOffset: number;
  /** The saved card's charges all fail (4000 0000 0000 0341). */
  cardFailsCharges: boolean;
}

interface SubscriptionRecord {
  subscription: Subscription;
  /** Proration lines waiting for the next invoice. */
  pendingLines: Array<Omit<InvoiceLine, 'id' | 'invoice'>>;
  /** When the renewal charge first failed, for the retry schedule. */
  firstFailureAt: number | null;
}

interface SessionRecord {
  session: CheckoutSession;
  priceId: string;
  quantity: number;
  subscriptionMetadata: Metadata;
  /** customer_update[address]=auto: the address entered in Checkout is saved on the customer. */
  saveAddress: boolean;
}

export interface CheckoutPayment {
  email: string;
  cardholderName: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  promotionCode?: string;
  country?: string;
}

export class LocalStripeState {
  readonly products = new Map<string, Product>();
  readonly prices = new Map<string, Price>();
  readonly customers = new Map<string, CustomerRecord>();
  readonly paymentMethods = new Map<string, PaymentMethod>();
  readonly subscriptions = new Map<string, SubscriptionRecord>();
  readonly invoices = new Map<string, Invoice>();
  readonly checkoutSessions = new Map<string, SessionRecord>();
  readonly portalSessions = new Map<string, PortalSession>();
  readonly promotionCodes = new Map<string, PromotionCode>();
  readonly events: StripeEvent[] = [];
  private readonly eventsById = new Map<string, StripeEvent>();
  private readonly eventCustomers = new Map<string, string>();

  constructor(
    private readonly options: {
      /** The local Stripe's address, for the hosted pages' URLs. */
      url: () => string;
      /** Called with each event as it is made, in order. */
      onEvent: (event: StripeEvent) => void;
      log: (line: string) => void;
    },
  ) {}

  // --- Time -------------------------------------------------------------------------------------

  machineNow(): number {
    return Math.floor(Date.now() / 1000);
  }

  /** A customer's time: the machine's, moved on by advance-clock. */
  now(customerId?: string | null): number {
    const record = customerId == null ? undefined : this.customers.get(customerId);
    return this.machineNow() + (record?.clockOffset ?? 0);
  }

  // --- Events -----------------------------------------------------------------------------------

  emit(
    type: string,
    object: { id: string },
    customerId: string | null,
    at: number,
    previous?: Record<string, unknown>,
    request?: RequestInfo,
  ): StripeEvent {
    const event: StripeEvent = {
      id: stripeId('evt', 24),
      object: 'event',
      api_version: apiVersion,
      created: at,
      data: {
        object: snapshot(object),
        ...(previous !== undefined && { previous_attributes: snapshot(previous) }),
      },
      livemode: false,
      pending_webhooks: 0,
      request: { id: request?.id ?? null, idempotency_key: request?.idempotencyKey ?? null },
      type,
    };
    this.events.push(event);
    this.eventsById.set(event.id, event);
    if (customerId !== null) this.eventCustomers.set(event.id, customerId);
    this.options.onEvent(event);
    return event;
  }

  event(id: string): StripeEvent {
    const event = this.eventsById.get(id);
    if (event === undefined) throw noSuch('event', id);
    return event;
  }

  eventsOfCustomer(customerId: string): StripeEvent[] {
    return this.events.filter((event) => this.eventCustomers.get(event.id) === customerId);
  }

  // --- Catalogue --------------------------------------------------------------------------------

  createProduct(fields: {
    id?: string;
    name: string;
    description?: string;
    metadata?: Metadata;
    active?: boolean;
  }): Product {
    const id = fields.id ?? stripeId('prod', 14);
    if (this.products.has(id))
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Product already exists.`,
        'resource_already_exists',
        'id',
      );
    const now = this.machineNow();
    const product: Product = {
      id,
      object: 'product',
      active: fields.active ?? true,
      created: now,
      description: fields.description ?? null,
      livemode: false,
      metadata: fields.metadata ?? {},
      name: fields.name,
      type: 'service',
      updated: now,
    };
    this.products.set(id, product);
    return product;
  }

  product(id: string, param = 'id'): Product {
    const product = this.products.get(id);
    if (product === undefined) throw noSuch('product', id, param);
    return product;
  }

  createPrice(fields: {
    product: string;
    currency: string;
    unitAmount: number;
    interval?: Interval;
    lookupKey?: string;
    transferLookupKey?: boolean;
    nickname?: string;
    metadata?: Metadata;
    active?: boolean;
  }): Price {
    this.product(fields.product, 'product');
    if (fields.lookupKey !== undefined) {
      const holder = this.priceByLookupKey(fields.lookupKey);
      if (holder !== undefined) {
        if (fields.transferLookupKey !== true)
          throw invalidParameter(
            'lookup_key',
            `A price (\`${holder.id}\`) already uses that lookup key.`,
          );
        holder.lookup_key = null;
        // A subscription shows its price as it is now: the key is gone from theirs too.
        for (const { subscription } of this.subscriptions.values())
          for (const item of subscription.items.data)
            if (item.price.id === holder.id) item.price.lookup_key = null;
      }
    }
    const price: Price = {
      id: stripeId('price', 24),
      object: 'price',
      active: fields.active ?? true,
      billing_scheme: 'per_unit',
      created: this.machineNow(),
      currency: fields.currency,
      livemode: false,
      lookup_key: fields.lookupKey ?? null,
      metadata: fields.metadata ?? {},
      nickname: fields.nickname ?? null,
      product: fields.product,
      recurring:
        fields.interval === undefined
          ? null
          : {
              interval: fields.interval,
              interval_count: 1,
              meter: null,
              trial_period_days: null,
              usage_type: 'licensed',
            },
      tax_behavior: 'unspecified',
      type: fields.interval === undefined ? 'one_time' : 'recurring',
      unit_amount: fields.unitAmount,
      unit_amount_decimal: String(fields.unitAmount),
    };
    this.prices.set(price.id, price);
    return price;
  }

  price(id: string, param = 'id'): Price {
    const price = this.prices.get(id);
    if (price === undefined) throw noSuch('price', id, param);
    return price;
  }

  priceByLookupKey(key: string): Price | undefined {
    return [...this.prices.values()].find((price) => price.lookup_key === key);
  }

  productName(price: Price): string {
    const productId = typeof price.product === 'string' ? price.product : price.product.id;
    return this.products.get(productId)?.name ?? productId;
  }

  createPromotionCode(code: string, percentOff: number): PromotionCode {
    const promotion: PromotionCode = {
      id: stripeId('promo', 24),
      object: 'promotion_code',
      active: true,
      code,
      coupon: {
        id: randomToken(8),
        object: 'coupon',
        duration: 'once',
        percent_off: percentOff,
        name: `${percentOff} % off`,
      },
    };
    this.promotionCodes.set(code.toUpperCase(), promotion);
    return promotion;
  }

  // --- Customers --------------------------------------------------------------------------------

  createCustomer(
    fields: {
      email?: string;
      name?: string;
      preferredLocales?: string[];
      metadata?: Metadata;
      address?: Address;
      description?: string;
      phone?: string;
    },
    request?: RequestInfo,
  ): Customer {
    const id = stripeId('cus', 14);
    const customer: Customer = {
      id,
      object: 'customer',
      address: fields.address ?? null,
      balance: 0,
      created: this.machineNow(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: fields.description ?? null,
      email: fields.email ?? null,
      invoice_prefix: randomToken(8).toUpperCase(),
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: fields.metadata ?? {},
      name: fields.name ?? null,
      next_invoice_sequence: 1,
      phone: fields.phone ?? null,
      preferred_locales: fields.preferredLocales ?? [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
    this.customers.set(id, { customer, clockOffset: 0, cardFailsCharges: false });
    this.emit('customer.created', customer, id, customer.created, undefined, request);
    return customer;
  }

  customerRecord(id: string, param = 'id'): CustomerRecord {
    const record = this.customers.get(id);
    if (record === undefined) throw noSuch('customer', id, param);
    return record;
  }

  updateCustomer(
    id: string,
    changes: Partial<Pick<Customer, 'email' | 'name' | 'preferred_locales' | 'address'>> & {
      metadata?: Metadata;
      description?: string;
      phone?: string;
    },
    request?: RequestInfo,
  ): Customer {
    const { customer } = this.customerRecord(id);
    const previous: Record<string, unknown> = {};
    for (const key of [
      'email',
      'name',
      'preferred_locales',
      'address',
      'description',
      'phone',
    ] as const) {
      if (
        changes[key] !== undefined &&
        JSON.stringify(changes[key]) !== JSON.stringify(customer[key])
      ) {
        previous[key] = customer[key];
        (customer as unknown as Record<string, unknown>)[key] = changes[key];
      }
    }
    if (changes.metadata !== undefined) {
      const metadata = { ...customer.metadata };
      for (const [key, value] of Object.entries(changes.metadata)) {
        if (value === '') delete metadata[key];
        else metadata[key] = value;
      }
      if (JSON.stringify(metadata) !== JSON.stringify(customer.metadata)) {
        previous.metadata = customer.metadata;
        customer.metadata = metadata;
      }
    }
    if (Object.keys(previous).length > 0)
      this.emit('customer.updated', customer, id, this.now(id), previous, request);
    return customer;
  }

  /** Saves a card as the customer's default payment method; its outcome must be 'valid'. */
  saveCard(
    customerId: string,
    card: {
      last4: string;
      failsCharges: boolean;
      expMonth: number;
      expYear: number;
      name?: string;
    },
  ): PaymentMethod {
    const record = this.customerRecord(customerId);
    const paymentMethod: PaymentMethod = {
      id: stripeId('pm', 24),
      object: 'payment_method',
      billing_details: { email: record.customer.email, name: card.name ?? null },
      card: {
        brand: 'visa',
        country: 'US',
        exp_month: card.expMonth,
        exp_year: card.expYear,
        funding: 'credit',
        last4: card.last4,
      },
      created: this.now(customerId),
      customer: customerId,
      livemode: false,
      metadata: {},
      type: 'card',
    };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    record.cardFailsCharges = card.failsCharges;
    record.customer.invoice_settings.default_payment_method = paymentMethod.id;
    for (const { subscription } of this.subscriptions.values())
      if (subscription.customer === customerId && subscription.status !== 'canceled')
        subscription.default_payment_method = paymentMethod.id;
    return paymentMethod;
  }

  savedCard(customerId: string): PaymentMethod | undefined {
    const id = this.customerRecord(customerId).customer.invoice_settings.default_payment_method;
    return id === null ? undefined : this.paymentMethods.get(id);
  }

  // --- Checkout ---------------------------------------------------------------------------------

  createCheckoutSession(fields: {
    customer?: string;
    customerEmail?: string;
    priceId: string;
    quantity: number;
    successUrl: string;
    cancelUrl?: string;
    locale?: string;
    allowPromotionCodes: boolean;
    automaticTax: boolean;
    saveAddress: boolean;
    clientReferenceId?: string;
    metadata: Metadata;
    subscriptionMetadata: Metadata;
  }): CheckoutSession {
    const price = this.prices.get(fields.priceId)!;
    const now = this.now(fields.customer);
    const id = `cs_test_${randomToken(58)}`;
    const customer =
      fields.customer === undefined ? undefined : this.customerRecord(fields.customer).customer;
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      allow_promotion_codes: fields.allowPromotionCodes,
      amount_subtotal: price.unit_amount * fields.quantity,
      amount_total: price.unit_amount * fields.quantity,
      automatic_tax: {
        enabled: fields.automaticTax,
        liability: fields.automaticTax ? { type: 'self' } : null,
        provider: fields.automaticTax ? 'stripe' : null,
        status: fields.automaticTax ? 'requires_location_inputs' : null,
      },
      billing_address_collection: null,
      cancel_url: fields.cancelUrl ?? null,
      client_reference_id: fields.clientReferenceId ?? null,
      created: now,
      currency: price.currency,
      customer: fields.customer ?? null,
      customer_creation: fields.customer === undefined ? 'always' : null,
      customer_details: null,
      customer_email: fields.customerEmail ?? null,
      discounts: [],
      expires_at: now + day,
      invoice: null,
      livemode: false,
      locale: fields.locale ?? null,
      metadata: fields.metadata,
      mode: 'subscription',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: fields.successUrl,
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      ui_mode: 'hosted_page',
      url: `${this.options.url()}/c/pay/${id}`,
    };
    if (customer !== undefined) session.customer_email = customer.email;
    this.checkoutSessions.set(id, {
      session,
      priceId: fields.priceId,
      quantity: fields.quantity,
      subscriptionMetadata: fields.subscriptionMetadata,
      saveAddress: fields.saveAddress,
    });
    return session;
  }

  checkoutSession(id: string): SessionRecord {
    const record = this.checkoutSessions.get(id);
    if (record === undefined) throw noSuch('checkout.session', id, 'session');
    if (
      record.session.status === 'open' &&
      this.now(sessionCustomer(record.session)) >= record.session.expires_at
    ) {
      record.session.status = 'expired';
      record.session.url = null;
    }
    return record;
  }

  /** The sessions, newest first, with those past their expiry marked expired as they are read. */
  checkoutSessionsList(): CheckoutSession[] {
    return [...this.checkoutSessions.keys()]
      .reverse()
      .map((id) => this.checkoutSession(id).session)
      .sort((left, right) => right.created - left.created);
  }

  /**
   * Expires an open session now, as Stripe's `POST /v1/checkout/sessions/:id/expire` does: its page
   * refuses payment from then on, and Stripe sends `checkout.session.expired`. Only an open session
   * can be expired.
   */
  expireCheckoutSession(id: string, request?: RequestInfo): CheckoutSession {
    const { session } = this.checkoutSession(id);
    if (session.status !== 'open')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
        undefined,
      );
    session.status = 'expired';
    session.url = null;
    this.emit(
      'checkout.session.expired',
      session,
      sessionCustomer(session),
      this.now(sessionCustomer(session)),
      undefined,
      request,
    );
    return session;
  }

  promotionCode(code: string): PromotionCode | undefined {
    const promotion = this.promotionCodes.get(code.trim().toUpperCase());
    return promotion?.active === true ? promotion : undefined;
  }

  /**
   * Pays an open session with a card that checkCardNumber found valid: the customer (made if the
   * session had none), the subscription and its first invoice, paid, then the events Stripe sends.
   */
  completeCheckout(sessionId: string, payment: CheckoutPayment): CheckoutSession {
    const record = this.checkoutSession(sessionId);
    const { session } = record;
    const card = checkCardNumber(payment.cardNumber);
    if (card.outcome !== 'valid' || session.status !== 'open')
      throw new Error('completeCheckout needs an open session and a valid card');
    let customerId = sessionCustomer(session);
    if (customerId === null) {
      customerId = this.createCustomer({ email: payment.email, name: payment.cardholderName }).id;
      session.customer = customerId;
    }
    const customerRecord = this.customerRecord(customerId);
    if (payment.country !== undefined && record.saveAddress) {
      this.updateCustomer(customerId, {
        address: {
          city: null,
          country: payment.country,
          line1: null,
          line2: null,
          postal_code: null,
          state: null,
        },
      });
    }
    const paymentMethod = this.saveCard(customerId, {
      last4: card.last4,
      failsCharges: card.failsCharges,
      expMonth: payment.expMonth,
      expYear: payment.expYear,
      name: payment.cardholderName,
    });
    const now = this.now(customerId);
    const price = this.price(record.priceId);
    const promotion =
      payment.promotionCode === undefined ? undefined : this.promotionCode(payment.promotionCode);

    const subscriptionId = stripeId('sub', 24);
    const interval = price.recurring!.interval;
    const subscription: Subscription = {
      id: subscriptionId,
      object: 'subscription',
      automatic_tax: {
        disabled_reason: null,
        enabled: session.automatic_tax.enabled,
        liability: session.automatic_tax.enabled ? { type: 'self' } : null,
      },
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: customerId,
      days_until_due: null,
      default_payment_method: paymentMethod.id,
      description: null,
      discounts: [],
      ended_at: null,
      items: list(
        [
          {
            id: stripeId('si', 14),
            object: 'subscription_item',
            created: now,
            current_period_end: addInterval(now, interval),
            current_period_start: now,
            discounts: [],
            metadata: {},
            price: snapshot(price),
            quantity: record.quantity,
            subscription: subscriptionId,
            tax_rates: [],
          },
        ],
        `/v1/subscription_items?subscription=${subscriptionId}`,
      ),
      latest_invoice: null,
      livemode: false,
      metadata: record.subscriptionMetadata,
      pause_collection: null,
      pending_update: null,
      schedule: null,
      start_date: now,
      status: 'active',
      test_clock: null,
      trial_end: null,
      trial_start: null,
    };
    subscription.items.total_count = 1;
    const subscriptionRecord: SubscriptionRecord = {
      subscription,
      pendingLines: [],
      firstFailureAt: null,
    };
    this.subscriptions.set(subscriptionId, subscriptionRecord);
    const item = subscription.items.data[0]!;
    const invoice = this.createInvoice(
      subscriptionRecord,
      'subscription_create',
      now,
      [
        this.itemLine(
          subscription,
          item.price,
          item.current_period_start,
          item.current_period_end,
          false,
        ),
      ],
      promotion?.coupon.percent_off,
    );
    subscription.latest_invoice = invoice.id;
    this.emit('customer.subscription.created', subscription, customerId, now);
    this.payInvoice(invoice, customerRecord, now);

    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    session.subscription = subscriptionId;
    session.invoice = invoice.id;
    session.customer_email = session.customer_email ?? payment.email;
    session.customer_details = {
      address: customerRecord.customer.address,
      email: payment.email,
      name: payment.cardholderName,
      tax_exempt: 'none',
    };
    const discount = invoice.total_discount_amounts[0]?.amount ?? 0;
    session.total_details.amount_discount = discount;
    session.amount_total = session.amount_subtotal - discount;
    if (promotion !== undefined)
      session.discounts = [{ coupon: promotion.coupon.id, promotion_code: promotion.id }];
    if (session.automatic_tax.enabled) session.automatic_tax.status = 'complete';
    this.emit('checkout.session.completed', session, customerId, now);
    this.options.log(`Local Stripe: ${customerId} subscribed to ${price.lookup_key ?? price.id}`);
    return session;
  }

  // --- Portal -----------------------------------------------------------------------------------

  createPortalSession(fields: {
    customer: string;
    returnUrl?: string;
    locale?: string;
  }): PortalSession {
    this.customerRecord(fields.customer, 'customer');
    const id = `bps_${randomToken(24)}`;
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_local0vitrine0portal',
      created: this.now(fields.customer),
      customer: fields.customer,
      flow: null,
      livemode: false,
      locale: fields.locale ?? null,
      on_behalf_of: null,
      return_url: fields.returnUrl ?? null,
      url: `${this.options.url()}/p/session/${id}`,
    };
    this.portalSessions.set(id, session);
    return session;
  }

  portalSession(id: string): PortalSession | undefined {
    return this.portalSessions.get(id);
  }

  // --- Subscriptions ----------------------------------------------------------------------------

  subscriptionRecord(id: string, param = 'id'): SubscriptionRecord {
    const record = this.subscriptions.get(id);
    if (record === undefined) throw noSuch('subscription', id, param);
    return record;
  }

  subscriptionsOf(customerId: string): Subscription[] {
    return [...this.subscriptions.values()]
      .map((record) => record.subscription)
      .filter((subscription) => subscription.customer === customerId)
      .sort((left, right) => right.created - left.created);
  }

  invoicesOf(customerId: string): Invoice[] {
    return [...this.invoices.values()]
      .filter((invoice) => invoice.customer === customerId)
      .sort((left, right) => right.created - left.created);
  }

  invoice(id: string): Invoice {
    const invoice = this.invoices.get(id);
    if (invoice === undefined) throw noSuch('invoice', id);
    return invoice;
  }

  /**
   * Moves the subscription's item to another price. Within the same interval the period stays and
   * the difference for the rest of it is prorated (on the next invoice, or at once with
   * always_invoice); to another interval the billing cycle starts again now, invoiced at once with
   * the unused time credited.
   *
   * With `pending` (payment_behavior=pending_if_incomplete), a change whose invoice cannot be paid
   * now is not applied: the subscription keeps its items and gets a `pending_update` (with the
   * cancellation and metadata given alongside), its invoice stays open, and the update applies
   * once that invoice is paid, or is dropped at `expires_at` (expirePendingUpdate). A change that
   * invoices nothing, or whose invoice is paid, applies at once, as Stripe does.
   */
  changePrice(
    subscriptionId: string,
    itemId: string | undefined,
    priceId: string,
    prorationBehavior: 'create_prorations' | 'none' | 'always_invoice',
    request?: RequestInfo,
    pending?: { cancelAtPeriodEnd?: boolean; metadata?: Metadata },
  ): Subscription {
    const record = this.subscriptionRecord(subscriptionId);
    const { subscription } = record;
    const item = subscription.items.data[0]!;
    if (itemId !== undefined && itemId !== item.id)
      throw noSuch('subscription_item', itemId, 'items[0][id]');
    if (subscription.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
      );
    const price = this.price(priceId, 'items[0][price]');
    if (price.recurring === null)
      throw invalidParameter(
        'items[0][price]',
        'The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.',
      );
    if (price.id === item.price.id) return subscription;
    const customerId = subscription.customer as string;
    const customerRecord = this.customerRecord(customerId);
    const now = this.now(customerId);
    // A new change replaces one still waiting for its payment.
    if (subscription.pending_update !== null) this.expirePendingUpdate(record, now, request);
    const previousItems = snapshot(subscription.items);
    const previousAnchor = subscription.billing_cycle_anchor;
    const previousInvoice = subscription.latest_invoice;
    const oldPrice = item.price;
    const sameInterval = oldPrice.recurring!.interval === price.recurring.interval;
    const remaining = Math.max(0, item.current_period_end - now);
    const unused = remaining / Math.max(1, item.current_period_end - item.current_period_start);
    const credit = this.itemLine(subscription, oldPrice, now, item.current_period_end, true);
    credit.amount = -Math.round(oldPrice.unit_amount * item.quantity * unused);
    credit.description = `Unused time on ${this.productName(oldPrice)} after ${dateText(now)}`;
    item.price = snapshot(price);

    let invoice: Invoice | undefined;
    if (sameInterval) {
      const charge = this.itemLine(subscription, price, now, item.current_period_end, true);
      charge.amount = Math.round(price.unit_amount * item.quantity * unused);
      charge.description = `Remaining time on ${this.productName(price)} after ${dateText(now)}`;
      if (prorationBehavior === 'create_prorations') record.pendingLines.push(credit, charge);
      if (prorationBehavior === 'always_invoice')
        invoice = this.createInvoice(record, 'subscription_update', now, [credit, charge]);
    } else {
      item.current_period_start = now;
      item.current_period_end = addInterval(now, price.recurring.interval);
      subscription.billing_cycle_anchor = now;
      const lines = [
        this.itemLine(subscription, price, now, item.current_period_end, false),
        ...(prorationBehavior === 'none' ? [] : [credit]),
        ...record.pendingLines.splice(0),
      ];
      invoice = this.createInvoice(record, 'subscription_update', now, lines);
    }
    if (invoice !== undefined) subscription.latest_invoice = invoice.id;
    if (invoice !== undefined && pending !== undefined && !this.chargeSucceeds(invoice)) {
      // Held: the subscription goes back to what it was, the change waits for its invoice.
      const wanted = snapshot(subscription.items.data);
      subscription.items = previousItems;
      subscription.billing_cycle_anchor = previousAnchor;
      subscription.pending_update = {
        billing_cycle_anchor: sameInterval ? null : now,
        cancel_at_period_end: pending.cancelAtPeriodEnd ?? null,
        discount: null,
        discounts: null,
        expires_at: Math.min(
          now + pendingUpdateLifetime,
          previousItems.data[0]!.current_period_end,
        ),
        metadata: pending.metadata ?? null,
        subscription_items: wanted,
        trial_end: null,
        trial_from_plan: null,
      };
      this.payInvoice(invoice, customerRecord, now);
      this.emit(
        'customer.subscription.updated',
        subscription,
        customerId,
        now,
        { latest_invoice: previousInvoice, pending_update: null },
        request,
      );
      return subscription;
    }
    this.emit(
      'customer.subscription.updated',
      subscription,
      customerId,
      now,
      { items: previousItems },
      request,
    );
    if (invoice !== undefined) this.payInvoice(invoice, customerRecord, now);
    return subscription;
  }

  /**
   * Applies a pending update whose invoice was just paid: its items (and their period, when it
   * started a new one), then the cancellation and metadata given with it; Stripe sends
   * `customer.subscription.pending_update_applied` and `customer.subscription.updated`.
   */
  private applyPendingUpdate(record: SubscriptionRecord, at: number) {
    const { subscription } = record;
    const update = subscription.pending_update!;
    const previous: Record<string, unknown> = {
      items: snapshot(subscription.items),
      pending_update: snapshot(update),
    };
    if (update.subscription_items !== null)
      subscription.items.data = snapshot(update.subscription_items);
    if (update.billing_cycle_anchor !== null) {
      previous.billing_cycle_anchor = subscription.billing_cycle_anchor;
      subscription.billing_cycle_anchor = update.billing_cycle_anchor;
    }
    subscription.pending_update = null;
    if (
      update.cancel_at_period_end !== null &&
      update.cancel_at_period_end !== subscription.cancel_at_period_end
    )
      Object.assign(
        previous,
        this.applyCancelAtPeriodEnd(subscription, update.cancel_at_period_end, at),
      );
    if (update.metadata !== null) {
      previous.metadata = subscription.metadata;
      subscription.metadata = mergedMetadata(subscription.metadata, update.metadata);
    }
    const customerId = subscription.customer as string;
    this.emit(
      'customer.subscription.pending_update_applied',
      subscription,
      customerId,
      at,
      previous,
    );
    this.emit('customer.subscription.updated', subscription, customerId, at, previous);
  }

  /**
   * Drops a pending update, at its `expires_at` or when another change replaces it: its invoice is
   * voided (the customer's balance it drew on given back), and Stripe sends
   * `customer.subscription.pending_update_expired`.
   */
  private expirePendingUpdate(record: SubscriptionRecord, at: number, request?: RequestInfo) {
    const { subscription } = record;
    const update = subscription.pending_update;
    if (update === null) return;
    const customerId = subscription.customer as string;
    const invoiceId =
      typeof subscription.latest_invoice === 'string'
        ? subscription.latest_invoice
        : subscription.latest_invoice?.id;
    const invoice = invoiceId === undefined ? undefined : this.invoices.get(invoiceId);
    if (invoice !== undefined && invoice.status === 'open') {
      invoice.status = 'void';
      invoice.next_payment_attempt = null;
      invoice.status_transitions.voided_at = at;
      this.customerRecord(customerId).customer.balance +=
        invoice.starting_balance - invoice.ending_balance;
      this.emit('invoice.voided', invoice, customerId, at, undefined, request);
    }
    subscription.pending_update = null;
    const previous = { pending_update: snapshot(update) };
    this.emit(
      'customer.subscription.pending_update_expired',
      subscription,
      customerId,
      at,
      previous,
      request,
    );
    this.emit('customer.subscription.updated', subscription, customerId, at, previous, request);
  }

  setCancelAtPeriodEnd(
    subscriptionId: string,
    cancel: boolean,
    request?: RequestInfo,
  ): Subscription {
    const { subscription } = this.subscriptionRecord(subscriptionId);
    if (subscription.cancel_at_period_end === cancel) return subscription;
    if (subscription.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'A canceled subscription can only update its cancellation_details and metadata.',
      );
    const customerId = subscription.customer as string;
    const now = this.now(customerId);
    // A pending update that would set the other value is expired, as Stripe does.
    const pendingCancel = subscription.pending_update?.cancel_at_period_end ?? null;
    if (pendingCancel !== null && pendingCancel !== cancel)
      this.expirePendingUpdate(this.subscriptionRecord(subscriptionId), now, request);
    const previous = this.applyCancelAtPeriodEnd(subscription, cancel, now);
    this.emit('customer.subscription.updated', subscription, customerId, now, previous, request);
    return subscription;
  }

  /** Sets the cancellation at the period's end; what it was, for the event's previous attributes. */
  private applyCancelAtPeriodEnd(
    subscription: Subscription,
    cancel: boolean,
    now: number,
  ): Record<string, unknown> {
    const previous = {
      cancel_at: subscription.cancel_at,
      cancel_at_period_end: subscription.cancel_at_period_end,
      canceled_at: subscription.canceled_at,
      cancellation_details: snapshot(subscription.cancellation_details),
    };
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null;
    subscription.canceled_at = cancel ? now : null;
    subscription.cancellation_details.reason = cancel ? 'cancellation_requested' : null;
    return previous;
  }

  updateMetadata(subscriptionId: string, changes: Metadata, request?: RequestInfo): Subscription {
    const { subscription } = this.subscriptionRecord(subscriptionId);
    const metadata = mergedMetadata(subscription.metadata, changes);
    if (JSON.stringify(metadata) === JSON.stringify(subscription.metadata)) return subscription;
    const previous = { metadata: subscription.metadata };
    subscription.metadata = metadata;
    const customerId = subscription.customer as string;
    this.emit(
      'customer.subscription.updated',
      subscription,
      customerId,
      this.now(customerId),
      previous,
      request,
    );
    return subscription;
  }

  /** Ends the subscription now (DELETE /v1/subscriptions/:id). */
  cancelNow(subscriptionId: string, comment?: string, request?: RequestInfo): Subscription {
    const record = this.subscriptionRecord(subscriptionId);
    const { subscription } = record;
    if (subscription.status === 'canceled')
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `No such subscription: '${subscriptionId}'; a similar object exists but is canceled.`,
        'resource_missing',
        'id',
      );
    const customerId = subscription.customer as string;
    const now = this.now(customerId);
    subscription.canceled_at = now;
    subscription.cancellation_details.reason = 'cancellation_requested';
    if (comment !== undefined) subscription.cancellation_details.comment = comment;
    this.end(record, now, request);
    return subscription;
  }

  private end(record: SubscriptionRecord, at: number, request?: RequestInfo) {
    const { subscription } = record;
    subscription.status = 'canceled';
    subscription.ended_at = at;
    subscription.canceled_at ??= at;
    subscription.pending_update = null;
    record.pendingLines = [];
    for (const invoice of this.invoices.values()) {
      if (invoiceSubscription(invoice) === subscription.id && invoice.status === 'open')
        invoice.next_payment_attempt = null;
    }
    this.emit(
      'customer.subscription.deleted',
      subscription,
      subscription.customer as string,
      at,
      undefined,
      request,
    );
  }

  // --- Invoices and charges ---------------------------------------------------------------------

  private itemLine(
    subscription: Subscription,
    price: Price,
    start: number,
    end: number,
    proration: boolean,
  ): Omit<InvoiceLine, 'id' | 'invoice'> {
    const item = subscription.items.data[0]!;
    const productId = typeof price.product === 'string' ? price.product : price.product.id;
    return {
      object: 'line_item',
      amount: price.unit_amount * item.quantity,
      currency: price.currency,
      description: `${item.quantity} × ${this.productName(price)} (at €${(price.unit_amount / 100).toFixed(2)} / ${price.recurring?.interval ?? 'once'})`,
      discount_amounts: [],
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration,
          proration_details: { credited_items: null },
          subscription: subscription.id,
          subscription_item: item.id,
        },
      },
      period: { end, start },
      pricing: {
        type: 'price_details',
        price_details: { price: price.id, product: productId },
        unit_amount_decimal: String(price.unit_amount),
      },
      quantity: item.quantity,
    };
  }

  private createInvoice(
    record: SubscriptionRecord,
    reason: Invoice['billing_reason'],
    at: number,
    lines: Array<Omit<InvoiceLine, 'id' | 'invoice'>>,
    percentOff?: number,
  ): Invoice {
    const { subscription } = record;
    const customerId = subscription.customer as string;
    const { customer } = this.customerRecord(customerId);
    const id = stripeId('in', 24);
    const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
    const discount = percentOff === undefined ? 0 : Math.round((subtotal * percentOff) / 100);
    const total = subtotal - discount;
    // A credit (a downgrade invoiced at once) goes to the customer's balance, which later
    // invoices draw on, as Stripe does.
    const startingBalance = customer.balance;
    const applied = total > 0 ? Math.min(total, -Math.min(startingBalance, 0)) : 0;
    const amountDue = Math.max(0, total - applied);
    customer.balance = total < 0 ? startingBalance + total : startingBalance + applied;
    const periods = lines.map((line) => line.period);
    const invoice: Invoice = {
      id,
      object: 'invoice',
      amount_due: amountDue,
      amount_paid: 0,
      amount_remaining: amountDue,
      attempt_count: 0,
      attempted: false,
      automatic_tax: {
        enabled: subscription.automatic_tax.enabled,
        status: subscription.automatic_tax.enabled ? 'complete' : null,
      },
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: subscription.currency,
      customer: customerId,
      customer_email: customer.email,
      customer_name: customer.name,
      default_payment_method: null,
      discounts: [],
      ending_balance: customer.balance,
      hosted_invoice_url: `${this.options.url()}/i/${id}`,
      invoice_pdf: null,
      lines: list(
        lines.map((line) => ({ ...line, id: stripeId('il', 24), invoice: id })),
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer.invoice_prefix}-${String(customer.next_invoice_sequence++).padStart(4, '0')}`,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: {
          metadata: snapshot(subscription.metadata),
          subscription: subscription.id,
        },
      },
      period_end: Math.max(...periods.map((period) => period.end)),
      period_start: Math.min(...periods.map((period) => period.start)),
      starting_balance: startingBalance,
      status: 'open',
      status_transitions: {
        finalized_at: at,
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      subtotal,
      total,
      total_discount_amounts:
        discount === 0 ? [] : [{ amount: discount, discount: stripeId('di', 24) }],
    };
    invoice.lines.total_count = invoice.lines.data.length;
    this.invoices.set(id, invoice);
    return invoice;
  }

  /** Whether charging the invoice to the customer's saved card would succeed. */
  private chargeSucceeds(invoice: Invoice, card?: { failsCharges: boolean }): boolean {
    const customerRecord = this.customerRecord(invoice.customer as string);
    return invoice.amount_due === 0 || !(card?.failsCharges ?? customerRecord.cardFailsCharges);
  }

  /** Whether the invoice is the one a pending update waits for. */
  private awaitedByPendingUpdate(subscription: Subscription, invoice: Invoice): boolean {
    const latest =
      typeof subscription.latest_invoice === 'string'
        ? subscription.latest_invoice
        : subscription.latest_invoice?.id;
    return subscription.pending_update !== null && latest === invoice.id;
  }

  /**
   * Charges an open invoice to the saved card (or to `card`, given on the invoice's page); the
   * subscription follows the outcome: a pending update applies once its invoice is paid, and its
   * failed payment changes nothing else (the subscription was not changed); a failed charge of
   * any other invoice makes the subscription past due, retried on Stripe's schedule.
   */
  private payInvoice(
    invoice: Invoice,
    customerRecord: CustomerRecord,
    at: number,
    card?: { failsCharges: boolean },
  ): boolean {
    const record = this.subscriptions.get(invoiceSubscription(invoice))!;
    const { subscription } = record;
    const customerId = customerRecord.customer.id;
    const awaited = this.awaitedByPendingUpdate(subscription, invoice);
    invoice.attempted = true;
    const succeeds = this.chargeSucceeds(invoice, card);
    if (invoice.amount_due > 0) invoice.attempt_count += 1;
    if (succeeds) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.next_payment_attempt = null;
      invoice.status_transitions.paid_at = at;
      this.emit('invoice.paid', invoice, customerId, at);
      this.emit('invoice.payment_succeeded', invoice, customerId, at);
      if (awaited) {
        this.applyPendingUpdate(record, at);
        return true;
      }
      record.firstFailureAt = null;
      if (subscription.status === 'past_due' || subscription.status === 'unpaid') {
        const previous = { status: subscription.status };
        subscription.status = 'active';
        customerRecord.customer.delinquent = false;
        this.emit('customer.subscription.updated', subscription, customerId, at, previous);
      }
      return true;
    }
    if (awaited) {
      // No retry schedule: the update waits for a payment until it expires.
      invoice.next_payment_attempt = null;
      this.emit('invoice.payment_failed', invoice, customerId, at);
      return false;
    }
    record.firstFailureAt ??= at;
    const retryIndex = invoice.attempt_count - 1;
    const retryDay = paymentRetryDays[retryIndex];
    invoice.next_payment_attempt =
      retryDay === undefined ? null : record.firstFailureAt + retryDay * day;
    this.emit('invoice.payment_failed', invoice, customerId, at);
    const status = retryDay === undefined ? 'unpaid' : 'past_due';
    if (subscription.status !== status && subscription.status !== 'canceled') {
      const previous = { status: subscription.status };
      subscription.status = status;
      customerRecord.customer.delinquent = true;
      this.emit('customer.subscription.updated', subscription, customerId, at, previous);
    }
    return false;
  }

  /**
   * Retries the open invoices of a customer's subscriptions that are past due or unpaid, as
   * Stripe's portal does once the customer gave another card.
   */
  retryOpenInvoices(customerId: string) {
    const customerRecord = this.customerRecord(customerId);
    const now = this.now(customerId);
    for (const invoice of this.invoicesOf(customerId).reverse()) {
      const record = this.subscriptions.get(invoiceSubscription(invoice));
      if (invoice.status !== 'open' || record === undefined) continue;
      if (
        record.subscription.status !== 'past_due' &&
        record.subscription.status !== 'unpaid' &&
        !this.awaitedByPendingUpdate(record.subscription, invoice)
      )
        continue;
      this.payInvoice(invoice, customerRecord, now);
    }
  }

  /**
   * Pays an open invoice with a card given on its hosted page (checkCardNumber found it valid), as
   * Stripe's hosted invoice page does, without saving the card. Whether it was paid.
   */
  payInvoiceWithCard(invoiceId: string, card: { failsCharges: boolean }): boolean {
    const invoice = this.invoice(invoiceId);
    if (invoice.status !== 'open') return invoice.status === 'paid';
    const customerId = invoice.customer as string;
    return this.payInvoice(invoice, this.customerRecord(customerId), this.now(customerId), card);
  }

  // --- The customer's clock ---------------------------------------------------------------------

  /**
   * Moves the customer's time on and lets happen, in order, what falls due on the way: renewals,
   * payment retries and cancellations at period end.
   */
  advanceClock(customerId: string, seconds: number) {
    const customerRecord = this.customerRecord(customerId);
    customerRecord.clockOffset += seconds;
    const now = this.now(customerId);
    for (;;) {
      const next = this.nextDue(customerId);
      if (next === undefined || next.at > now) break;
      next.run();
    }
  }

  private nextDue(customerId: string): { at: number; run: () => void } | undefined {
    const customerRecord = this.customerRecord(customerId);
    let earliest: { at: number; run: () => void } | undefined;
    const consider = (at: number, run: () => void) => {
      if (earliest === undefined || at < earliest.at) earliest = { at, run };
    };
    for (const record of this.subscriptions.values()) {
      const { subscription } = record;
      if (subscription.customer !== customerId || subscription.status === 'canceled') continue;
      const item = subscription.items.data[0]!;
      const periodEnd = item.current_period_end;
      // Considered first: it falls at the period's end at the latest, before the renewal.
      const expiresAt = subscription.pending_update?.expires_at;
      if (expiresAt !== undefined)
        consider(expiresAt, () => this.expirePendingUpdate(record, expiresAt));
      if (subscription.cancel_at_period_end) {
        consider(periodEnd, () => this.end(record, periodEnd));
      } else if (subscription.status === 'active' || subscription.status === 'past_due') {
        consider(periodEnd, () => this.renew(record, customerRecord, periodEnd));
      }
      for (const invoice of this.invoices.values()) {
        if (
          invoiceSubscription(invoice) === subscription.id &&
          invoice.status === 'open' &&
          invoice.next_payment_attempt !== null
        ) {
          const at = invoice.next_payment_attempt;
          consider(at, () => this.payInvoice(invoice, customerRecord, at));
        }
      }
    }
    return earliest;
  }

  private renew(record: SubscriptionRecord, customerRecord: CustomerRecord, at: number) {
    const { subscription } = record;
    const item = subscription.items.data[0]!;
    const previous = { items: snapshot(subscription.items) };
    item.current_period_start = at;
    item.current_period_end = addInterval(at, item.price.recurring!.interval);
    const invoice = this.createInvoice(record, 'subscription_cycle', at, [
      ...record.pendingLines.splice(0),
      this.itemLine(
        subscription,
        item.price,
        item.current_period_start,
        item.current_period_end,
        false,
      ),
    ]);
    const previousInvoice = subscription.latest_invoice;
    subscription.latest_invoice = invoice.id;
    this.emit('customer.subscription.updated', subscription, customerRecord.customer.id, at, {
      ...previous,
      latest_invoice: previousInvoice,
    });
    // A new period's charge starts its own retry schedule.
    record.firstFailureAt = null;
    this.payInvoice(invoice, customerRecord, at);
  }
}

export function sessionCustomer(session: CheckoutSession): string | null {
  return typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
}

export function invoiceSubscription(invoice: Invoice): string {
  const subscription = invoice.parent.subscription_details.subscription;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/** Metadata with `changes` merged in, an empty value removing its key, as Stripe merges it. */
function mergedMetadata(current: Metadata, changes: Metadata): Metadata {
  const metadata = { ...current };
  for (const [key, value] of Object.entries(changes)) {
    if (value === '') delete metadata[key];
    else metadata[key] = value;
  }
  return metadata;
}

function dateText(timestamp: number): string {
  return new Date(timestamp * 1000).toISOString().slice(0, 10);
}
