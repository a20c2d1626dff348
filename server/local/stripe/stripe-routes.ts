import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseForm, read, type FormObject } from './form-params.ts';
import { apiVersion, type LocalStripeState, type RequestInfo } from './local-stripe-state.ts';
import {
  StripeApiError,
  invalidParameter,
  maskApiKey,
  missingParameter,
  noSuch,
} from './stripe-errors.ts';
import { kindOfId, randomToken } from './stripe-ids.ts';
import { list, snapshot, type Interval, type ListObject } from './stripe-objects.ts';

/**
 * The part of Stripe's API the product calls, under `/v1/`, as stripe-node reaches it: the secret
 * key as a Bearer token, form-encoded parameters (query string for GET and DELETE), Idempotency-Key
 * on POSTs, `expand[]`, and Stripe's errors for what Stripe refuses (an unknown or missing parameter,
 * an unknown id, a wrong key).
 */

/** Locales Checkout and the portal take; the hosted pages speak English and French. */
const locales = new Set([
  'auto',
  'bg',
  'cs',
  'da',
  'de',
  'el',
  'en',
  'en-GB',
  'es',
  'es-419',
  'et',
  'fi',
  'fil',
  'fr',
  'fr-CA',
  'hr',
  'hu',
  'id',
  'it',
  'ja',
  'ko',
  'lt',
  'lv',
  'ms',
  'mt',
  'nb',
  'nl',
  'pl',
  'pt',
  'pt-BR',
  'ro',
  'ru',
  'sk',
  'sl',
  'sv',
  'th',
  'tr',
  'vi',
  'zh',
  'zh-HK',
  'zh-TW',
]);

const metadataParams = ['metadata[*]'];
const listParams = ['limit', 'starting_after', 'ending_before', 'expand[]'];
const customerFields = [
  'email',
  'name',
  'description',
  'phone',
  'preferred_locales[]',
  ...metadataParams,
  'address[line1]',
  'address[line2]',
  'address[city]',
  'address[postal_code]',
  'address[state]',
  'address[country]',
  'expand[]',
];

/** Stripe's payment behaviours for a subscription's update. */
const paymentBehaviors = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
];

/**
 * What an update with payment_behavior=pending_if_incomplete may carry (Stripe's pending updates
 * reference, with `metadata` since 2026-05-27 and `cancel_at_period_end` since 2026-09-30); Stripe
 * refuses the rest alongside it.
 */
const pendingUpdateParams: ReadonlySet<string> = new Set([
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
  'metadata',
  'cancel_at_period_end',
]);

interface IdempotentAnswer {
  fingerprint: string;
  status: number;
  body: unknown;
}

type Handler = (form: FormObject, request: FastifyRequest, info: RequestInfo) => unknown;

export function stripeRoutes(state: LocalStripeState, secretKey: string) {
  const idempotent = new Map<string, IdempotentAnswer>();

  const authenticate = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^(?:Bearer|Basic)\s+(.+)$/i.exec(header);
    let key = match?.[1]?.trim();
    // Basic auth carries the key as the user name (curl -u sk_test_…:).
    if (key !== undefined && /^Basic/i.test(header))
      key = Buffer.from(key, 'base64').toString('utf8').replace(/:.*$/, '');
    if (key === undefined || key === '')
      throw new StripeApiError(
        401,
        'invalid_request_error',
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
      );
    const given = createHash('sha256').update(key).digest();
    const expected = createHash('sha256').update(secretKey).digest();
    if (!timingSafeEqual(given, expected))
      throw new StripeApiError(
        401,
        'invalid_request_error',
        `Invalid API Key provided: ${maskApiKey(key)}`,
      );
  };

  /**
   * A `Stripe-Version` this stand-in does not speak is refused, as Stripe refuses one it does not
   * know: the local Stripe answers in one version's shapes only, so a client pinned to another would
   * otherwise read shapes it was not written for. Without the header, Stripe uses the account's
   * version, which here is that one.
   */
  const checkApiVersion = (request: FastifyRequest) => {
    const version = request.headers['stripe-version'];
    if (version !== undefined && version !== apiVersion)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Invalid Stripe API version: ${String(version)}. This local Stripe speaks ${apiVersion}.`,
      );
  };

  const send = (reply: FastifyReply, requestId: string, status: number, body: unknown) =>
    reply.code(status).header('Request-Id', requestId).send(body);

  const handle =
    (allowed: readonly string[], handler: Handler) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const requestId = `req_${randomToken(14)}`;
      const idempotencyKey =
        request.method === 'POST'
          ? (request.headers['idempotency-key'] as string | undefined)
          : undefined;
      const raw =
        request.method === 'POST'
          ? typeof request.body === 'string'
            ? request.body
            : ''
          : (request.url.split('?')[1] ?? '');
      const fingerprint = `${request.method} ${request.url.split('?')[0]} ${raw}`;
      try {
        authenticate(request);
        checkApiVersion(request);
        if (idempotencyKey !== undefined) {
          const earlier = idempotent.get(idempotencyKey);
          if (earlier !== undefined) {
            if (earlier.fingerprint !== fingerprint)
              throw new StripeApiError(
                400,
                'idempotency_error',
                `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
              );
            return send(
              reply.header('Idempotent-Replayed', 'true'),
              requestId,
              earlier.status,
              earlier.body,
            );
          }
        }
        const form = parseForm(raw, allowed);
        const body = handler(form, request, {
          id: requestId,
          idempotencyKey: idempotencyKey ?? null,
        });
        if (idempotencyKey !== undefined)
          idempotent.set(idempotencyKey, { fingerprint, status: 200, body });
        return send(reply, requestId, 200, body);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        // Stripe replays an answered error too, except those that came before any work.
        if (
          idempotencyKey !== undefined &&
          error.status === 400 &&
          error.type !== 'idempotency_error'
        )
          idempotent.set(idempotencyKey, {
            fingerprint,
            status: error.status,
            body: error.toJSON(),
          });
        return send(reply, requestId, error.status, error.toJSON());
      }
    };

  /** The object behind an id, for expand[]. */
  const lookup = (id: string): unknown => {
    switch (kindOfId(id)) {
      case 'customer':
        return state.customerRecord(id).customer;
      case 'subscription':
        return state.subscriptionRecord(id).subscription;
      case 'invoice':
        return state.invoice(id);
      case 'price':
        return state.price(id);
      case 'product':
        return state.product(id);
      case 'payment_method':
        return state.paymentMethods.get(id);
      case 'checkout.session':
        return state.checkoutSession(id).session;
      default:
        return undefined;
    }
  };

  /** A copy of the object with the paths of expand[] replaced by the objects they name. */
  const expanded = <T>(object: T, form: FormObject): T => {
    const copy = snapshot(object);
    for (const path of read.texts(form, 'expand') ?? []) {
      if (path.split('.').length > 4)
        throw invalidParameter(
          'expand',
          `You cannot expand more than 4 levels of a property. Property: ${path}`,
        );
      expandPath(copy, path.split('.'), path);
    }
    return copy;
  };

  const expandPath = (value: unknown, segments: string[], path: string): unknown => {
    if (Array.isArray(value)) return value.map((item) => expandPath(item, segments, path));
    if (value === null || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    const [segment, ...rest] = segments;
    if (!(segment! in record))
      throw invalidParameter('expand', `This property cannot be expanded (${path}).`);
    if (rest.length > 0) {
      record[segment!] = expandPath(record[segment!], rest, path);
      return record;
    }
    const field = record[segment!];
    if (typeof field === 'string') {
      const target = lookup(field);
      if (target === undefined)
        throw invalidParameter('expand', `This property cannot be expanded (${path}).`);
      record[segment!] = snapshot(target);
    } else if (field !== null && (typeof field !== 'object' || Array.isArray(field))) {
      throw invalidParameter('expand', `This property cannot be expanded (${path}).`);
    }
    return record;
  };

  /** A list page: limit (1 to 100, default 10) and starting_after, newest first as given. */
  const page = <T extends { id: string }>(
    items: T[],
    form: FormObject,
    url: string,
  ): ListObject<T> => {
    const limit = read.integer(form, 'limit') ?? 10;
    if (limit < 1 || limit > 100)
      throw invalidParameter(
        'limit',
        'This value must be greater than or equal to 1 and less than or equal to 100.',
      );
    const after = read.text(form, 'starting_after');
    let start = 0;
    if (after !== undefined) {
      const index = items.findIndex((item) => item.id === after);
      if (index < 0) throw noSuch(kindOfId(after) ?? 'object', after, 'starting_after');
      start = index + 1;
    }
    const data = items.slice(start, start + limit);
    const expandedForm = {
      ...form,
      expand: (read.texts(form, 'expand') ?? [])
        .filter((path) => path.startsWith('data.'))
        .map((path) => path.slice('data.'.length)),
    };
    const nonData = (read.texts(form, 'expand') ?? []).find((path) => !path.startsWith('data.'));
    if (nonData !== undefined)
      throw invalidParameter('expand', `This property cannot be expanded (${nonData}).`);
    return list(
      data.map((item) => expanded(item, expandedForm)),
      url,
      start + limit < items.length,
    );
  };

  const required = (form: FormObject, name: string): string => {
    const value = read.text(form, name);
    if (value === undefined || value === '') throw missingParameter(name);
    return value;
  };

  const interval = (value: string | undefined, param: string): Interval | undefined => {
    if (value === undefined) return undefined;
    if (value !== 'month' && value !== 'year')
      throw invalidParameter(param, `Invalid ${param}: must be one of day, month, week, or year`);
    return value;
  };

  const locale = (form: FormObject): string | undefined => {
    const value = read.text(form, 'locale');
    if (value !== undefined && !locales.has(value))
      throw invalidParameter('locale', `Invalid locale: ${value}`);
    return value;
  };

  const httpUrl = (form: FormObject, name: string): string | undefined => {
    const value = read.text(form, name);
    if (value === undefined) return undefined;
    if (
      !/^https?:\/\//.test(value) ||
      URL.parse(value.replace('{CHECKOUT_SESSION_ID}', 'x')) === null
    )
      throw invalidParameter(name, `Not a valid URL`);
    return value;
  };

  const address = (form: FormObject) => {
    const value = read.object(form, 'address');
    if (value === undefined) return undefined;
    const field = (name: string) => read.text(value, name) ?? null;
    return {
      city: field('city'),
      country: field('country'),
      line1: field('line1'),
      line2: field('line2'),
      postal_code: field('postal_code'),
      state: field('state'),
    };
  };

  return async (app: FastifyInstance) => {
    // --- Products and prices ---
    app.post(
      '/v1/products',
      handle(['id', 'name', 'description', 'active', ...metadataParams, 'expand[]'], (form) =>
        state.createProduct({
          name: required(form, 'name'),
          ...optional('id', read.text(form, 'id')),
          ...optional('description', read.text(form, 'description')),
          ...optional('metadata', read.metadata(form)),
          ...optional('active', read.boolean(form, 'active')),
        }),
      ),
    );
    app.get<{ Params: { id: string } }>(
      '/v1/products/:id',
      handle(['expand[]'], (form, request) =>
        expanded(state.product((request.params as { id: string }).id), form),
      ),
    );
    app.post(
      '/v1/prices',
      handle(
        [
          'currency',
          'unit_amount',
          'product',
          'product_data[name]',
          'recurring[interval]',
          'recurring[interval_count]',
          'lookup_key',
          'transfer_lookup_key',
          'nickname',
          'active',
          ...metadataParams,
          'expand[]',
        ],
        (form) => {
          const currency = required(form, 'currency').toLowerCase();
          const unitAmount = read.integer(form, 'unit_amount');
          if (unitAmount === undefined) throw missingParameter('unit_amount');
          let product = read.text(form, 'product');
          const productData = read.object(form, 'product_data');
          if (product === undefined && productData !== undefined)
            product = state.createProduct({ name: required(productData, 'name') }).id;
          if (product === undefined) throw missingParameter('product');
          const recurring = read.object(form, 'recurring');
          const count =
            recurring === undefined ? undefined : read.integer(recurring, 'interval_count');
          if (count !== undefined && count !== 1)
            throw invalidParameter(
              'recurring[interval_count]',
              'The local Stripe sells by the month or the year: interval_count must be 1.',
            );
          const price = state.createPrice({
            product,
            currency,
            unitAmount,
            ...optional(
              'interval',
              recurring === undefined
                ? undefined
                : interval(required(recurring, 'interval'), 'recurring[interval]'),
            ),
            ...optional('lookupKey', read.text(form, 'lookup_key')),
            ...optional('transferLookupKey', read.boolean(form, 'transfer_lookup_key')),
            ...optional('nickname', read.text(form, 'nickname')),
            ...optional('metadata', read.metadata(form)),
            ...optional('active', read.boolean(form, 'active')),
          });
          return expanded(price, form);
        },
      ),
    );
    app.get(
      '/v1/prices',
      handle([...listParams, 'lookup_keys[]', 'active', 'product', 'type', 'currency'], (form) => {
        const lookupKeys = read.texts(form, 'lookup_keys');
        const active = read.boolean(form, 'active');
        const product = read.text(form, 'product');
        const type = read.text(form, 'type');
        const currency = read.text(form, 'currency');
        const prices = [...state.prices.values()]
          .filter(
            (price) =>
              (lookupKeys === undefined ||
                (price.lookup_key !== null && lookupKeys.includes(price.lookup_key))) &&
              (active === undefined || price.active === active) &&
              (product === undefined || price.product === product) &&
              (type === undefined || price.type === type) &&
              (currency === undefined || price.currency === currency),
          )
          .reverse();
        return page(prices, form, '/v1/prices');
      }),
    );
    app.get(
      '/v1/prices/:id',
      handle(['expand[]'], (form, request) =>
        expanded(state.price((request.params as { id: string }).id), form),
      ),
    );

    // --- Customers ---
    app.post(
      '/v1/customers',
      handle(customerFields, (form, _request, info) => {
        const customer = state.createCustomer(
          {
            ...optional('email', read.text(form, 'email')),
            ...optional('name', read.text(form, 'name')),
            ...optional('description', read.text(form, 'description')),
            ...optional('phone', read.text(form, 'phone')),
            ...optional('preferredLocales', read.texts(form, 'preferred_locales')),
            ...optional('metadata', read.metadata(form)),
            ...optional('address', address(form)),
          },
          info,
        );
        return expanded(customer, form);
      }),
    );
    app.get(
      '/v1/customers',
      handle([...listParams, 'email'], (form) => {
        const email = read.text(form, 'email');
        const customers = [...state.customers.values()]
          .map((record) => record.customer)
          .filter((customer) => email === undefined || customer.email === email)
          .reverse();
        return page(customers, form, '/v1/customers');
      }),
    );
    app.get(
      '/v1/customers/:id',
      handle(['expand[]'], (form, request) =>
        expanded(state.customerRecord((request.params as { id: string }).id).customer, form),
      ),
    );
    app.post(
      '/v1/customers/:id',
      handle(customerFields, (form, request, info) => {
        const customer = state.updateCustomer(
          (request.params as { id: string }).id,
          {
            ...optional('email', read.text(form, 'email')),
            ...optional('name', read.text(form, 'name')),
            ...optional('description', read.text(form, 'description')),
            ...optional('phone', read.text(form, 'phone')),
            ...optional('preferred_locales', read.texts(form, 'preferred_locales')),
            ...optional('metadata', read.metadata(form)),
            ...optional('address', address(form)),
          },
          info,
        );
        return expanded(customer, form);
      }),
    );

    // --- Checkout ---
    app.post(
      '/v1/checkout/sessions',
      handle(
        [
          'mode',
          'ui_mode',
          'customer',
          'customer_email',
          'line_items[][price]',
          'line_items[][quantity]',
          'success_url',
          'cancel_url',
          'locale',
          'allow_promotion_codes',
          'automatic_tax[enabled]',
          'customer_update[address]',
          'customer_update[name]',
          'customer_update[shipping]',
          'billing_address_collection',
          'tax_id_collection[enabled]',
          'payment_method_types[]',
          'client_reference_id',
          ...metadataParams,
          'subscription_data[metadata][*]',
          'subscription_data[description]',
          'expand[]',
        ],
        (form) => {
          const mode = read.text(form, 'mode');
          if (mode === undefined) throw missingParameter('mode');
          if (mode !== 'subscription')
            throw invalidParameter(
              'mode',
              mode === 'payment' || mode === 'setup'
                ? `The local Stripe sells subscriptions only: mode=${mode} is not simulated.`
                : `Invalid mode: must be one of payment, setup, or subscription`,
            );
          const uiMode = read.text(form, 'ui_mode');
          if (uiMode !== undefined && uiMode !== 'hosted_page')
            throw invalidParameter(
              'ui_mode',
              `The local Stripe hosts Checkout pages only: ui_mode=${uiMode} is not simulated.`,
            );
          const successUrl = httpUrl(form, 'success_url');
          if (successUrl === undefined) throw missingParameter('success_url');
          const customer = read.text(form, 'customer');
          const customerEmail = read.text(form, 'customer_email');
          if (customer !== undefined && customerEmail !== undefined)
            throw invalidParameter(
              'customer_email',
              'You may only specify one of these parameters: customer, customer_email.',
            );
          if (customer !== undefined) state.customerRecord(customer, 'customer');
          const lineItems = read.list(form, 'line_items');
          if (lineItems === undefined || lineItems.length === 0)
            throw missingParameter('line_items');
          if (lineItems.length > 1)
            throw invalidParameter(
              'line_items',
              'The local Stripe sells one plan per subscription: give one line item.',
            );
          const item = lineItems[0] as FormObject;
          const priceId = read.text(item, 'price');
          if (priceId === undefined) throw missingParameter('line_items[0][price]');
          const price = state.price(priceId, 'line_items[0][price]');
          if (price.recurring === null)
            throw invalidParameter(
              'line_items[0][price]',
              'You must specify at least one recurring price in `subscription` mode when using prices.',
            );
          if (!price.active)
            throw invalidParameter(
              'line_items[0][price]',
              `The price \`${priceId}\` is not available to be purchased because it is not active.`,
            );
          const quantity = read.integer(item, 'quantity');
          if (quantity === undefined) throw missingParameter('line_items[0][quantity]');
          if (quantity < 1)
            throw invalidParameter('line_items[0][quantity]', 'Quantity must be at least 1.');
          const automaticTax =
            read.boolean(read.object(form, 'automatic_tax') ?? {}, 'enabled') ?? false;
          const customerUpdate = read.object(form, 'customer_update');
          if (customerUpdate !== undefined && customer === undefined)
            throw invalidParameter(
              'customer_update',
              '`customer_update` can only be used with `customer`.',
            );
          const saveAddress =
            customerUpdate !== undefined &&
            (read.text(customerUpdate, 'address') === 'auto' ||
              read.text(customerUpdate, 'shipping') === 'auto');
          if (
            automaticTax &&
            customer !== undefined &&
            !saveAddress &&
            state.customerRecord(customer).customer.address?.country == null
          )
            throw new StripeApiError(
              400,
              'invalid_request_error',
              "Automatic tax calculation in Checkout requires a valid address on the Customer. Add a valid address to the Customer or set either `customer_update[address]` to 'auto' or `customer_update[shipping]` to 'auto' to save the address entered in Checkout to the Customer.",
              undefined,
              'customer_update[address]',
            );
          const session = state.createCheckoutSession({
            ...optional('customer', customer),
            ...optional('customerEmail', customerEmail),
            priceId,
            quantity,
            successUrl,
            ...optional('cancelUrl', httpUrl(form, 'cancel_url')),
            ...optional('locale', locale(form)),
            allowPromotionCodes: read.boolean(form, 'allow_promotion_codes') ?? false,
            automaticTax,
            saveAddress: saveAddress || customer === undefined,
            ...optional('clientReferenceId', read.text(form, 'client_reference_id')),
            metadata: read.metadata(form) ?? {},
            subscriptionMetadata: read.metadata(read.object(form, 'subscription_data') ?? {}) ?? {},
          });
          return expanded(session, form);
        },
      ),
    );
    app.get(
      '/v1/checkout/sessions',
      handle([...listParams, 'customer', 'status', 'subscription'], (form) => {
        const customer = read.text(form, 'customer');
        const status = read.text(form, 'status');
        const subscription = read.text(form, 'subscription');
        if (status !== undefined && !['open', 'complete', 'expired'].includes(status))
          throw invalidParameter(
            'status',
            'Invalid status: must be one of complete, expired, or open',
          );
        const sessions = state
          .checkoutSessionsList()
          .filter(
            (session) =>
              (customer === undefined || session.customer === customer) &&
              (status === undefined || session.status === status) &&
              (subscription === undefined || session.subscription === subscription),
          );
        return page(sessions, form, '/v1/checkout/sessions');
      }),
    );
    app.post(
      '/v1/checkout/sessions/:id/expire',
      handle(['expand[]'], (form, request, info) =>
        expanded(state.expireCheckoutSession((request.params as { id: string }).id, info), form),
      ),
    );
    app.get(
      '/v1/checkout/sessions/:id',
      handle(['expand[]'], (form, request) =>
        expanded(state.checkoutSession((request.params as { id: string }).id).session, form),
      ),
    );

    // --- Customer portal ---
    app.post(
      '/v1/billing_portal/sessions',
      handle(['customer', 'return_url', 'locale', 'configuration', 'expand[]'], (form) => {
        const session = state.createPortalSession({
          customer: required(form, 'customer'),
          ...optional('returnUrl', httpUrl(form, 'return_url')),
          ...optional('locale', locale(form)),
        });
        return expanded(session, form);
      }),
    );

    // --- Subscriptions ---
    app.get(
      '/v1/subscriptions',
      handle([...listParams, 'customer', 'status', 'price'], (form) => {
        const customer = read.text(form, 'customer');
        const status = read.text(form, 'status');
        const price = read.text(form, 'price');
        const statuses = [
          'active',
          'all',
          'canceled',
          'ended',
          'incomplete',
          'incomplete_expired',
          'past_due',
          'paused',
          'trialing',
          'unpaid',
        ];
        if (status !== undefined && !statuses.includes(status))
          throw invalidParameter('status', `Invalid status: must be one of ${statuses.join(', ')}`);
        const subscriptions = [...state.subscriptions.values()]
          .map((record) => record.subscription)
          .filter(
            (subscription) =>
              (customer === undefined || subscription.customer === customer) &&
              (price === undefined ||
                subscription.items.data.some((item) => item.price.id === price)) &&
              (status === 'all' ||
                (status === undefined && subscription.status !== 'canceled') ||
                (status === 'ended' && subscription.status === 'canceled') ||
                subscription.status === status),
          )
          .reverse();
        return page(subscriptions, form, '/v1/subscriptions');
      }),
    );
    app.get(
      '/v1/subscriptions/:id',
      handle(['expand[]'], (form, request) =>
        expanded(
          state.subscriptionRecord((request.params as { id: string }).id).subscription,
          form,
        ),
      ),
    );
    app.post(
      '/v1/subscriptions/:id',
      handle(
        [
          'items[][id]',
          'items[][price]',
          'items[][quantity]',
          'proration_behavior',
          'payment_behavior',
          'cancel_at_period_end',
          ...metadataParams,
          'expand[]',
        ],
        (form, request, info) => {
          const id = (request.params as { id: string }).id;
          const { subscription } = state.subscriptionRecord(id);
          const proration = read.text(form, 'proration_behavior') ?? 'create_prorations';
          if (
            proration !== 'create_prorations' &&
            proration !== 'none' &&
            proration !== 'always_invoice'
          )
            throw invalidParameter(
              'proration_behavior',
              'Invalid proration_behavior: must be one of always_invoice, create_prorations, or none',
            );
          const paymentBehavior = read.text(form, 'payment_behavior') ?? 'allow_incomplete';
          if (!paymentBehaviors.includes(paymentBehavior))
            throw invalidParameter(
              'payment_behavior',
              `Invalid payment_behavior: must be one of ${paymentBehaviors.join(', ')}`,
            );
          if (paymentBehavior === 'default_incomplete' || paymentBehavior === 'error_if_incomplete')
            throw invalidParameter(
              'payment_behavior',
              `The local Stripe applies a change and charges it (allow_incomplete) or holds it until it is paid (pending_if_incomplete): payment_behavior=${paymentBehavior} is not simulated.`,
            );
          const pending = paymentBehavior === 'pending_if_incomplete';
          if (pending) {
            const refused = Object.keys(form).find((name) => !pendingUpdateParams.has(name));
            if (refused !== undefined)
              throw invalidParameter(
                refused,
                `\`${refused}\` cannot be used with \`payment_behavior=pending_if_incomplete\`: a pending update takes only ${[...pendingUpdateParams].join(', ')}.`,
              );
          }
          const cancel = read.boolean(form, 'cancel_at_period_end');
          const metadata = read.metadata(form);
          let held = false;
          const items = read.list(form, 'items');
          if (items !== undefined) {
            if (items.length !== 1)
              throw invalidParameter(
                'items',
                'The local Stripe keeps one item per subscription: give one.',
              );
            const item = items[0] as FormObject;
            const quantity = read.integer(item, 'quantity');
            if (quantity !== undefined && quantity !== subscription.items.data[0]!.quantity)
              throw invalidParameter(
                'items[0][quantity]',
                'The local Stripe keeps a quantity of 1.',
              );
            const price = read.text(item, 'price');
            const itemId = read.text(item, 'id');
            if (price !== undefined) {
              state.changePrice(
                id,
                itemId,
                price,
                proration,
                info,
                pending
                  ? { ...optional('cancelAtPeriodEnd', cancel), ...optional('metadata', metadata) }
                  : undefined,
              );
              // Held for its payment: what came with it waits in the pending update too.
              held = pending && subscription.pending_update !== null;
            } else if (itemId === undefined) throw missingParameter('items[0][id]');
          }
          if (!held && cancel !== undefined) state.setCancelAtPeriodEnd(id, cancel, info);
          if (!held && metadata !== undefined) state.updateMetadata(id, metadata, info);
          return expanded(subscription, form);
        },
      ),
    );
    app.delete(
      '/v1/subscriptions/:id',
      handle(
        [
          'invoice_now',
          'prorate',
          'cancellation_details[comment]',
          'cancellation_details[feedback]',
          'expand[]',
        ],
        (form, request, info) => {
          const comment = read.text(read.object(form, 'cancellation_details') ?? {}, 'comment');
          return expanded(
            state.cancelNow((request.params as { id: string }).id, comment, info),
            form,
          );
        },
      ),
    );

    // --- Invoices ---
    app.get(
      '/v1/invoices',
      handle([...listParams, 'customer', 'subscription', 'status'], (form) => {
        const customer = read.text(form, 'customer');
        const subscription = read.text(form, 'subscription');
        const status = read.text(form, 'status');
        const invoices = [...state.invoices.values()]
          .filter(
            (invoice) =>
              (customer === undefined || invoice.customer === customer) &&
              (subscription === undefined ||
                invoice.parent.subscription_details.subscription === subscription) &&
              (status === undefined || invoice.status === status),
          )
          .sort((left, right) => right.created - left.created);
        return page(invoices, form, '/v1/invoices');
      }),
    );
    app.get(
      '/v1/invoices/:id',
      handle(['expand[]'], (form, request) =>
        expanded(state.invoice((request.params as { id: string }).id), form),
      ),
    );

    // --- Events ---
    app.get(
      '/v1/events',
      handle([...listParams, 'type', 'types[]', 'created'], (form) => {
        const type = read.text(form, 'type');
        const types = read.texts(form, 'types');
        const matches = (name: string, pattern: string) =>
          pattern.endsWith('.*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
        const events = state.events
          .filter(
            (event) =>
              (type === undefined || matches(event.type, type)) &&
              (types === undefined || types.some((pattern) => matches(event.type, pattern))),
          )
          .reverse();
        return page(events, form, '/v1/events');
      }),
    );
    app.get(
      '/v1/events/:id',
      handle(['expand[]'], (form, request) =>
        expanded(state.event((request.params as { id: string }).id), form),
      ),
    );

    app.all('/v1/*', async (request, reply) => {
      try {
        authenticate(request);
      } catch (error) {
        return send(reply, `req_${randomToken(14)}`, 401, (error as StripeApiError).toJSON());
      }
      return send(
        reply,
        `req_${randomToken(14)}`,
        404,
        new StripeApiError(
          404,
          'invalid_request_error',
          `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        ).toJSON(),
      );
    });
  };
}

/** `{ [name]: value }` when the value is given, else nothing: spreads into exactOptional fields. */
function optional<K extends string, V>(name: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [name]: value }) as { [P in K]?: V };
}
