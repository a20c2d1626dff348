import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  checkoutPage,
  invoicePage,
  notFoundPage,
  pageLanguage,
  portalPage,
  sessionClosedPage,
  type CheckoutErrorKey,
  type PageLanguage,
  type PortalNotice,
} from './hosted-pages.ts';
import { checkCardNumber, sessionCustomer, type LocalStripeState } from './local-stripe-state.ts';

/**
 * The hosted pages' routes: Checkout at `/c/pay/<session>`, the portal at `/p/session/<session>` and
 * an invoice's payment page at `/i/<invoice>`, as Stripe serves them on checkout.stripe.com,
 * billing.stripe.com and invoice.stripe.com. A paid Checkout sends the
 * customer to success_url (its `{CHECKOUT_SESSION_ID}` replaced) with a 303; a portal action comes
 * back to the portal page with a notice.
 */

type Form = Record<string, string>;

function formOf(request: FastifyRequest): Form {
  return Object.fromEntries(
    new URLSearchParams(typeof request.body === 'string' ? request.body : ''),
  );
}

interface CardEntry {
  number: string;
  last4: string;
  failsCharges: boolean;
  expMonth: number;
  expYear: number;
  name: string;
}

/** Checks the card fields as Stripe's Elements would, against the customer's own date. */
function readCard(
  form: Form,
  now: number,
): { card?: CardEntry; errors: Partial<Record<string, CheckoutErrorKey>>; declined: boolean } {
  const errors: Partial<Record<string, CheckoutErrorKey>> = {};
  const digits = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  const check = checkCardNumber(digits);
  if (digits === '') errors.cardNumber = 'cardIncomplete';
  else if (check.outcome === 'invalid')
    errors.cardNumber = /^\d{1,15}$/.test(digits) ? 'cardIncomplete' : 'cardInvalid';
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.cardExpiry ?? '');
  let expMonth = 0;
  let expYear = 0;
  if (expiry === null || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) {
    errors.cardExpiry = 'expiryIncomplete';
  } else {
    expMonth = Number(expiry[1]);
    expYear = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const today = new Date(now * 1000);
    const thisMonth = today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
    if (expYear * 12 + expMonth < thisMonth) errors.cardExpiry = 'expiryPast';
  }
  if (!/^\d{3,4}$/.test((form.cardCvc ?? '').trim())) errors.cardCvc = 'cvcIncomplete';
  const name = (form.cardholderName ?? '').trim();
  if (name === '') errors.cardholderName = 'nameMissing';
  if (Object.keys(errors).length > 0 || check.outcome === 'invalid')
    return { errors, declined: false };
  if (check.outcome === 'declined') return { errors, declined: true };
  return {
    card: {
      number: digits,
      last4: check.last4,
      failsCharges: check.failsCharges,
      expMonth,
      expYear,
      name,
    },
    errors,
    declined: false,
  };
}

const portalNotices = new Set<PortalNotice>(['plan', 'canceled', 'renewed', 'card']);

export function hostedRoutes(state: LocalStripeState) {
  return async (app: FastifyInstance) => {
    const html = (reply: FastifyReply, status: number, body: string) =>
      reply
        .code(status)
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(body);
    const browserLanguage = (request: FastifyRequest): PageLanguage =>
      pageLanguage(null, request.headers['accept-language']);

    // --- Checkout ---
    const renderCheckout = (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      sessionId: string,
      values: Form = {},
      errors: Partial<Record<string, CheckoutErrorKey>> = {},
      failure?: CheckoutErrorKey,
    ) => {
      const record = state.checkoutSessions.has(sessionId)
        ? state.checkoutSession(sessionId)
        : undefined;
      if (record === undefined) return html(reply, 404, notFoundPage(browserLanguage(request)));
      const { session } = record;
      const language = pageLanguage(session.locale, request.headers['accept-language']);
      if (session.status !== 'open')
        return html(reply, 410, sessionClosedPage(language, session.status));
      const price = state.price(record.priceId);
      const customerId = sessionCustomer(session);
      const knownEmail =
        customerId === null
          ? session.customer_email
          : state.customerRecord(customerId).customer.email;
      const promotion =
        values.promotionCode === undefined || errors.promotionCode !== undefined
          ? undefined
          : state.promotionCode(values.promotionCode);
      return html(
        reply,
        status,
        checkoutPage({
          language,
          session,
          price,
          productName: state.productName(price),
          action: `/c/pay/${session.id}`,
          knownEmail,
          askCountry: session.automatic_tax.enabled && record.saveAddress,
          values,
          errors,
          ...(failure !== undefined && { failure }),
          ...(promotion !== undefined && {
            discount: { code: promotion.code, percentOff: promotion.coupon.percent_off },
          }),
        }),
      );
    };

    app.get<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) =>
      renderCheckout(request, reply, 200, request.params.id),
    );

    app.post<{ Params: { id: string } }>('/c/pay/:id', async (request, reply) => {
      const sessionId = request.params.id;
      const record = state.checkoutSessions.has(sessionId)
        ? state.checkoutSession(sessionId)
        : undefined;
      if (record === undefined || record.session.status !== 'open')
        return renderCheckout(request, reply, 404, sessionId);
      const { session } = record;
      const form = formOf(request);
      const customerId = sessionCustomer(session);
      const knownEmail =
        customerId === null
          ? session.customer_email
          : state.customerRecord(customerId).customer.email;
      const email = (knownEmail ?? form.email ?? '').trim();
      const { card, errors, declined } = readCard(form, state.now(customerId));
      if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) errors.email = 'emailMissing';
      const code = (form.promotionCode ?? '').trim();
      if (
        session.allow_promotion_codes === true &&
        code !== '' &&
        state.promotionCode(code) === undefined
      )
        errors.promotionCode = 'codeInvalid';
      const country = (form.country ?? '').trim();
      const askCountry = session.automatic_tax.enabled && record.saveAddress;
      if (askCountry && !/^[A-Z]{2}$/.test(country)) errors.country = 'countryMissing';
      if (Object.keys(errors).length > 0)
        return renderCheckout(request, reply, 400, sessionId, form, errors);
      if (declined || card === undefined)
        return renderCheckout(request, reply, 402, sessionId, form, {}, 'declined');
      // Stripe charges the first invoice at once: a card whose charges fail is declined here, and
      // nothing is made.
      if (card.failsCharges)
        return renderCheckout(request, reply, 402, sessionId, form, {}, 'declined');
      const completed = state.completeCheckout(sessionId, {
        email,
        cardholderName: card.name,
        cardNumber: card.number,
        expMonth: card.expMonth,
        expYear: card.expYear,
        ...(session.allow_promotion_codes === true && code !== '' && { promotionCode: code }),
        ...(askCountry && { country }),
      });
      const successUrl = completed.success_url!.replaceAll('{CHECKOUT_SESSION_ID}', completed.id);
      return reply.code(303).header('Location', successUrl).send();
    });

    // --- An invoice's payment page ---
    const renderInvoice = (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      invoiceId: string,
      extra: {
        values?: Form;
        errors?: Partial<Record<string, CheckoutErrorKey>>;
        failure?: CheckoutErrorKey;
      } = {},
    ) => {
      const invoice = state.invoices.get(invoiceId);
      if (invoice === undefined) return html(reply, 404, notFoundPage(browserLanguage(request)));
      const customer = state.customerRecord(invoice.customer as string).customer;
      const language = pageLanguage(
        customer.preferred_locales[0] ?? null,
        request.headers['accept-language'],
      );
      return html(
        reply,
        status,
        invoicePage({
          language,
          invoice,
          action: `/i/${invoice.id}`,
          values: extra.values ?? {},
          errors: extra.errors ?? {},
          ...(extra.failure !== undefined && { failure: extra.failure }),
        }),
      );
    };

    app.get<{ Params: { id: string } }>('/i/:id', async (request, reply) =>
      renderInvoice(request, reply, 200, request.params.id),
    );

    app.post<{ Params: { id: string } }>('/i/:id', async (request, reply) => {
      const { id } = request.params;
      const invoice = state.invoices.get(id);
      if (invoice === undefined || invoice.status !== 'open')
        return renderInvoice(request, reply, invoice === undefined ? 404 : 409, id);
      const form = formOf(request);
      const { card, errors, declined } = readCard(form, state.now(invoice.customer as string));
      if (Object.keys(errors).length > 0)
        return renderInvoice(request, reply, 400, id, { values: form, errors });
      // A card that is declined, or whose charges fail (0341), pays nothing.
      if (declined || card === undefined || !state.payInvoiceWithCard(id, card))
        return renderInvoice(request, reply, 402, id, { values: form, failure: 'declined' });
      return reply.code(303).header('Location', `/i/${id}`).send();
    });

    // --- Customer portal ---
    const renderPortal = (
      request: FastifyRequest,
      reply: FastifyReply,
      status: number,
      sessionId: string,
      extra: {
        notice?: PortalNotice;
        failure?: CheckoutErrorKey | 'choosePrice';
        cardValues?: Form;
        cardErrors?: Partial<Record<string, CheckoutErrorKey>>;
      } = {},
    ) => {
      const session = state.portalSession(sessionId);
      if (session === undefined) return html(reply, 404, notFoundPage(browserLanguage(request)));
      const language = pageLanguage(
        session.locale ??
          state.customerRecord(session.customer).customer.preferred_locales[0] ??
          null,
        request.headers['accept-language'],
      );
      const subscriptions = state.subscriptionsOf(session.customer);
      const subscription =
        subscriptions.find((candidate) => candidate.status !== 'canceled') ?? subscriptions[0];
      const prices = [...state.prices.values()].filter(
        (price) => price.active && price.recurring !== null && price.lookup_key !== null,
      );
      return html(
        reply,
        status,
        portalPage({
          language,
          action: `/p/session/${session.id}`,
          returnUrl: session.return_url,
          subscription,
          productName: (price) => state.productName(price),
          prices,
          card: state.savedCard(session.customer),
          invoices: state.invoicesOf(session.customer),
          ...(extra.notice !== undefined && { notice: extra.notice }),
          ...(extra.failure !== undefined && { failure: extra.failure }),
          cardValues: extra.cardValues ?? {},
          cardErrors: extra.cardErrors ?? {},
        }),
      );
    };

    const liveSubscription = (customerId: string) =>
      state.subscriptionsOf(customerId).find((subscription) => subscription.status !== 'canceled');
    const backToPortal = (reply: FastifyReply, sessionId: string, notice: PortalNotice) =>
      reply.code(303).header('Location', `/p/session/${sessionId}?notice=${notice}`).send();

    app.get<{ Params: { id: string }; Querystring: { notice?: string } }>(
      '/p/session/:id',
      async (request, reply) => {
        const notice = request.query.notice as PortalNotice | undefined;
        return renderPortal(request, reply, 200, request.params.id, {
          ...(notice !== undefined && portalNotices.has(notice) && { notice }),
        });
      },
    );

    app.post<{ Params: { id: string; action: string } }>(
      '/p/session/:id/:action',
      async (request, reply) => {
        const { id, action } = request.params;
        const session = state.portalSession(id);
        if (session === undefined) return renderPortal(request, reply, 404, id);
        const form = formOf(request);
        const subscription = liveSubscription(session.customer);
        switch (action) {
          case 'plan': {
            const price = form.price === undefined ? undefined : state.prices.get(form.price);
            if (subscription === undefined || price === undefined || price.recurring === null)
              return renderPortal(request, reply, 400, id, { failure: 'choosePrice' });
            state.changePrice(subscription.id, undefined, price.id, 'create_prorations');
            return backToPortal(reply, id, 'plan');
          }
          case 'cancel':
          case 'renew':
            if (subscription === undefined) return renderPortal(request, reply, 400, id);
            state.setCancelAtPeriodEnd(subscription.id, action === 'cancel');
            return backToPortal(reply, id, action === 'cancel' ? 'canceled' : 'renewed');
          case 'card': {
            const { card, errors, declined } = readCard(form, state.now(session.customer));
            if (Object.keys(errors).length > 0)
              return renderPortal(request, reply, 400, id, {
                cardValues: form,
                cardErrors: errors,
              });
            if (declined || card === undefined)
              return renderPortal(request, reply, 402, id, {
                cardValues: form,
                failure: 'declined',
              });
            // Saving 4000 0000 0000 0341 succeeds, as at Stripe: its charges fail later.
            state.saveCard(session.customer, card);
            state.retryOpenInvoices(session.customer);
            return backToPortal(reply, id, 'card');
          }
          default:
            return html(reply, 404, notFoundPage(browserLanguage(request)));
        }
      },
    );
  };
}
