import { escapeHtml } from '#server/platform/plain-page.ts';
import type {
  CheckoutSession,
  Invoice,
  PaymentMethod,
  Price,
  Subscription,
} from './stripe-objects.ts';

/**
 * The pages Stripe hosts, as the customer sees them, in English or French: Checkout (the plan, its
 * price, the card form) and the customer portal (the plan, its renewal or end, changing plan or
 * period, cancelling and taking it back, the card, the invoices). Server-rendered forms with labels
 * tied to their fields and errors announced, no script.
 */

export type PageLanguage = 'en' | 'fr';

/** Checkout's and the portal's locale, `auto` read from the browser's Accept-Language. */
export function pageLanguage(
  locale: string | null,
  acceptLanguage: string | undefined,
): PageLanguage {
  if (locale !== null && locale !== 'auto') return locale.startsWith('fr') ? 'fr' : 'en';
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fr') ? 'fr' : 'en';
}

const nbsp = '\u00a0';

const texts = {
  en: {
    checkoutTitle: 'Checkout',
    subscribeTo: (product: string) => `Subscribe to ${product}`,
    perMonth: 'per month',
    perYear: 'per year',
    email: 'Email',
    cardInformation: 'Card information',
    cardNumber: 'Card number',
    expiry: 'Expiry date (MM / YY)',
    cvc: 'Security code (CVC)',
    cardholder: 'Cardholder name',
    country: 'Country or region',
    chooseCountry: 'Choose…',
    promotionCode: 'Promotion code',
    discount: (code: string, percent: number) => `${code}: ${percent} % off the first invoice`,
    total: 'Total due today',
    subscribe: 'Subscribe',
    back: 'Back',
    fixErrors: 'Check the highlighted fields.',
    errors: {
      emailMissing: 'Enter your email address.',
      cardIncomplete: 'Your card number is incomplete.',
      cardInvalid: 'Your card number is invalid.',
      declined: 'Your card was declined.',
      expiryIncomplete: "Your card's expiration date is incomplete.",
      expiryPast: "Your card's expiration date is in the past.",
      cvcIncomplete: "Your card's security code is incomplete.",
      nameMissing: "Enter the cardholder's name.",
      countryMissing: 'Choose your country or region.',
      codeInvalid: 'This code is invalid.',
    },
    sessionClosed: 'This Checkout Session is no longer active.',
    sessionPaid: 'It has been paid already.',
    sessionExpired: 'This Checkout Session has expired.',
    sessionExpiredDetail:
      'It can no longer be paid. Go back to the site to start again: nothing was charged.',
    notFound: 'Something went wrong',
    notFoundDetail: 'The page you were looking for could not be found.',
    portalTitle: 'Billing',
    currentPlan: 'Current plan',
    noPlan: 'You have no plan at the moment.',
    renewsOn: (date: string) => `Renews on ${date}.`,
    cancelsOn: (date: string) => `Cancels on ${date}.`,
    canceledOn: (date: string) => `Canceled on ${date}.`,
    pastDue: 'The last payment failed: update your card so that it can be retried.',
    unpaid: 'Payment failed several times: the plan is unpaid until the card is updated.',
    period: (start: string, end: string) => `Current period: ${start} – ${end}.`,
    changePlan: 'Change plan',
    currentChoice: 'current',
    updatePlan: 'Update plan',
    cancelPlan: 'Cancel plan',
    cancelExplained: 'The plan stays until the end of the current period, then ends.',
    renewPlan: 'Renew plan',
    paymentMethod: 'Payment method',
    noCard: 'No card saved.',
    cardEnding: (last4: string, month: number, year: number) =>
      `Visa ending in ${last4}, expires ${String(month).padStart(2, '0')}/${year}`,
    updateCard: 'Update card',
    invoices: 'Invoice history',
    noInvoices: 'No invoices yet.',
    invoiceDate: 'Date',
    invoiceNumber: 'Number',
    invoiceAmount: 'Amount',
    invoiceStatus: 'Status',
    invoiceStatuses: {
      draft: 'Draft',
      open: 'Open',
      paid: 'Paid',
      uncollectible: 'Uncollectible',
      void: 'Void',
    },
    returnTo: 'Return to Vitrine',
    notices: {
      plan: 'Your plan was updated.',
      canceled: 'Your plan will be canceled at the end of the period.',
      renewed: 'Your plan will renew.',
      card: 'Your card was updated.',
    },
    choosePrice: 'Choose a plan.',
  },
  fr: {
    checkoutTitle: 'Paiement',
    subscribeTo: (product: string) => `S’abonner à ${product}`,
    perMonth: 'par mois',
    perYear: 'par an',
    email: 'E-mail',
    cardInformation: 'Informations de la carte',
    cardNumber: 'Numéro de carte',
    expiry: 'Date d’expiration (MM / AA)',
    cvc: 'Code de sécurité (CVC)',
    cardholder: 'Nom du titulaire de la carte',
    country: 'Pays ou région',
    chooseCountry: 'Choisir…',
    promotionCode: 'Code promotionnel',
    discount: (code: string, percent: number) =>
      `${code}${nbsp}: ${percent}${nbsp}% de réduction sur la première facture`,
    total: 'Total dû aujourd’hui',
    subscribe: 'S’abonner',
    back: 'Retour',
    fixErrors: 'Vérifiez les champs signalés.',
    errors: {
      emailMissing: 'Saisissez votre adresse e-mail.',
      cardIncomplete: 'Le numéro de carte est incomplet.',
      cardInvalid: 'Le numéro de carte n’est pas valide.',
      declined: 'Votre carte a été refusée.',
      expiryIncomplete: 'La date d’expiration de la carte est incomplète.',
      expiryPast: 'La date d’expiration de la carte est dépassée.',
      cvcIncomplete: 'Le code de sécurité de la carte est incomplet.',
      nameMissing: 'Saisissez le nom du titulaire de la carte.',
      countryMissing: 'Choisissez votre pays ou région.',
      codeInvalid: 'Ce code n’est pas valide.',
    },
    sessionClosed: 'Cette session de paiement n’est plus active.',
    sessionPaid: 'Elle a déjà été payée.',
    sessionExpired: 'Cette session de paiement a expiré.',
    sessionExpiredDetail:
      'Elle ne peut plus être payée. Revenez sur le site pour recommencer : rien n’a été débité.',
    notFound: 'Une erreur s’est produite',
    notFoundDetail: 'La page demandée est introuvable.',
    portalTitle: 'Facturation',
    currentPlan: 'Formule actuelle',
    noPlan: 'Vous n’avez aucune formule pour le moment.',
    renewsOn: (date: string) => `Renouvellement le ${date}.`,
    cancelsOn: (date: string) => `Prend fin le ${date}.`,
    canceledOn: (date: string) => `Annulée le ${date}.`,
    pastDue: `Le dernier paiement a échoué${nbsp}: mettez à jour votre carte pour qu’il soit retenté.`,
    unpaid: `Le paiement a échoué plusieurs fois${nbsp}: la formule reste impayée jusqu’à la mise à jour de la carte.`,
    period: (start: string, end: string) => `Période en cours${nbsp}: du ${start} au ${end}.`,
    changePlan: 'Changer de formule',
    currentChoice: 'actuelle',
    updatePlan: 'Mettre à jour la formule',
    cancelPlan: 'Annuler la formule',
    cancelExplained:
      'La formule reste active jusqu’à la fin de la période en cours, puis prend fin.',
    renewPlan: 'Renouveler la formule',
    paymentMethod: 'Moyen de paiement',
    noCard: 'Aucune carte enregistrée.',
    cardEnding: (last4: string, month: number, year: number) =>
      `Visa se terminant par ${last4}, expire le ${String(month).padStart(2, '0')}/${year}`,
    updateCard: 'Mettre à jour la carte',
    invoices: 'Historique des factures',
    noInvoices: 'Aucune facture pour le moment.',
    invoiceDate: 'Date',
    invoiceNumber: 'Numéro',
    invoiceAmount: 'Montant',
    invoiceStatus: 'État',
    invoiceStatuses: {
      draft: 'Brouillon',
      open: 'Ouverte',
      paid: 'Payée',
      uncollectible: 'Irrécouvrable',
      void: 'Annulée',
    },
    returnTo: 'Revenir à Vitrine',
    notices: {
      plan: 'Votre formule a été mise à jour.',
      canceled: 'Votre formule sera annulée à la fin de la période.',
      renewed: 'Votre formule sera renouvelée.',
      card: 'Votre carte a été mise à jour.',
    },
    choosePrice: 'Choisissez une formule.',
  },
} as const;

export type CheckoutErrorKey = keyof (typeof texts)['en']['errors'];
export type PortalNotice = keyof (typeof texts)['en']['notices'];

/** A few countries to choose from when Checkout computes the tax. */
const countries: Record<PageLanguage, Array<[string, string]>> = {
  en: [
    ['FR', 'France'],
    ['BE', 'Belgium'],
    ['CH', 'Switzerland'],
    ['CA', 'Canada'],
    ['DE', 'Germany'],
    ['GB', 'United Kingdom'],
    ['US', 'United States'],
  ],
  fr: [
    ['FR', 'France'],
    ['BE', 'Belgique'],
    ['CH', 'Suisse'],
    ['CA', 'Canada'],
    ['DE', 'Allemagne'],
    ['GB', 'Royaume-Uni'],
    ['US', 'États-Unis'],
  ],
};

const style = `
  body { font-family: system-ui, sans-serif; background: #f1f1f1; color: #303030; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem;
         box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.25rem; margin-top: 0; }
  h2 { font-size: 1rem; margin-top: 1.75rem; }
  label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
  input, select { font: inherit; width: 100%; box-sizing: border-box; padding: .5rem; border-radius: 8px;
                  border: 1px solid #8a8a8a; }
  input[readonly] { background: #f1f1f1; }
  input[aria-invalid="true"] { border-color: #b42318; }
  fieldset { border: 0; padding: 0; margin: 0; }
  legend { font-weight: 600; margin-top: 1rem; }
  .choice { display: flex; gap: .5rem; align-items: center; font-weight: 400; margin: .5rem 0; }
  .choice input { width: auto; }
  .price { font-size: 1.75rem; font-weight: 700; margin: .25rem 0; }
  .actions { display: flex; gap: .75rem; align-items: center; justify-content: space-between; margin-top: 1.5rem; }
  button { font: inherit; padding: .5rem 1rem; border-radius: 8px; border: 1px solid #303030;
           background: #303030; color: #fff; cursor: pointer; }
  button.secondary { background: #fff; color: #303030; border-color: #8a8a8a; }
  .error { color: #b42318; margin: .25rem 0 0; }
  .alert { border: 1px solid #b42318; color: #b42318; border-radius: 8px; padding: .75rem; }
  .notice { border: 1px solid #1a7f37; color: #1a7f37; border-radius: 8px; padding: .75rem; }
  .note { color: #616161; font-size: .875rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .375rem .25rem; border-bottom: 1px solid #e3e3e3; }`;

function page(language: PageLanguage, title: string, body: string): string {
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

function money(language: PageLanguage, cents: number, currency: string): string {
  return new Intl.NumberFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

function date(language: PageLanguage, timestamp: number): string {
  return new Intl.DateTimeFormat(language === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(timestamp * 1000));
}

function priceText(language: PageLanguage, price: Price): string {
  const t = texts[language];
  const per = price.recurring?.interval === 'year' ? t.perYear : t.perMonth;
  return `${money(language, price.unit_amount, price.currency)} ${per}`;
}

/** A labelled input with its error, tied by aria-describedby and announced with aria-invalid. */
function field(options: {
  id: string;
  label: string;
  value?: string;
  error?: string;
  type?: string;
  autocomplete?: string;
  inputmode?: string;
  readonly?: boolean;
  required?: boolean;
}): string {
  const errorId = `${options.id}-error`;
  return `<label for="${options.id}">${escapeHtml(options.label)}</label>
<input id="${options.id}" name="${options.id}" type="${options.type ?? 'text'}"${
    options.value === undefined ? '' : ` value="${escapeHtml(options.value)}"`
  }${options.autocomplete === undefined ? '' : ` autocomplete="${options.autocomplete}"`}${
    options.inputmode === undefined ? '' : ` inputmode="${options.inputmode}"`
  }${options.readonly === true ? ' readonly' : ''}${options.required === false ? '' : ' required'}${
    options.error === undefined ? '' : ` aria-invalid="true" aria-describedby="${errorId}"`
  }>${options.error === undefined ? '' : `\n<p class="error" id="${errorId}">${escapeHtml(options.error)}</p>`}`;
}

function cardFields(
  language: PageLanguage,
  values: Record<string, string>,
  errors: Partial<Record<string, CheckoutErrorKey>>,
): string {
  const t = texts[language];
  const error = (name: string) => {
    const key = errors[name];
    return key === undefined ? {} : { error: t.errors[key] };
  };
  return `<fieldset>
<legend>${t.cardInformation}</legend>
${field({ id: 'cardNumber', label: t.cardNumber, value: values.cardNumber ?? '', autocomplete: 'cc-number', inputmode: 'numeric', ...error('cardNumber') })}
${field({ id: 'cardExpiry', label: t.expiry, value: values.cardExpiry ?? '', autocomplete: 'cc-exp', ...error('cardExpiry') })}
${field({ id: 'cardCvc', label: t.cvc, value: values.cardCvc ?? '', autocomplete: 'cc-csc', inputmode: 'numeric', ...error('cardCvc') })}
${field({ id: 'cardholderName', label: t.cardholder, value: values.cardholderName ?? '', autocomplete: 'cc-name', ...error('cardholderName') })}
</fieldset>`;
}

function alert(message: string): string {
  return `<div class="alert" role="alert">${escapeHtml(message)}</div>`;
}

export function checkoutPage(options: {
  language: PageLanguage;
  session: CheckoutSession;
  price: Price;
  productName: string;
  action: string;
  /** The e-mail Stripe knows (the customer's or customer_email), shown read-only. */
  knownEmail: string | null;
  askCountry: boolean;
  values: Record<string, string>;
  errors: Partial<Record<string, CheckoutErrorKey>>;
  /** A failure of the whole payment (the card declined), shown above the form. */
  failure?: CheckoutErrorKey;
  /** The promotion code accepted, with its reduction. */
  discount?: { code: string; percentOff: number };
}): string {
  const { language, session, price } = options;
  const t = texts[language];
  const hasErrors = Object.keys(options.errors).length > 0;
  const summary =
    options.failure !== undefined
      ? alert(t.errors[options.failure])
      : hasErrors
        ? alert(t.fixErrors)
        : '';
  const email = field({
    id: 'email',
    label: t.email,
    value: options.knownEmail ?? options.values.email ?? '',
    type: 'email',
    autocomplete: 'email',
    readonly: options.knownEmail !== null,
    ...(options.errors.email === undefined ? {} : { error: t.errors[options.errors.email] }),
  });
  const countryError = options.errors.country;
  const country = options.askCountry
    ? `<label for="country">${t.country}</label>
<select id="country" name="country" autocomplete="country" required${
        countryError === undefined ? '' : ' aria-invalid="true" aria-describedby="country-error"'
      }>
<option value="">${t.chooseCountry}</option>
${countries[language]
  .map(
    ([code, name]) =>
      `<option value="${code}"${options.values.country === code ? ' selected' : ''}>${escapeHtml(name)}</option>`,
  )
  .join('\n')}
</select>${countryError === undefined ? '' : `\n<p class="error" id="country-error">${t.errors[countryError]}</p>`}`
    : '';
  const promotion = session.allow_promotion_codes
    ? field({
        id: 'promotionCode',
        label: t.promotionCode,
        value: options.values.promotionCode ?? '',
        required: false,
        ...(options.errors.promotionCode === undefined
          ? {}
          : { error: t.errors[options.errors.promotionCode] }),
      })
    : '';
  const amount = session.amount_subtotal;
  const discount =
    options.discount === undefined ? 0 : Math.round((amount * options.discount.percentOff) / 100);
  const back =
    session.cancel_url === null
      ? ''
      : `<a href="${escapeHtml(session.cancel_url)}">← ${t.back}</a>`;
  return page(
    language,
    `${t.checkoutTitle} – ${options.productName}`,
    `<h1>${escapeHtml(t.subscribeTo(options.productName))}</h1>
<p class="price">${escapeHtml(priceText(language, price))}</p>
${options.discount === undefined ? '' : `<p class="note">${escapeHtml(t.discount(options.discount.code, options.discount.percentOff))}</p>`}
<p>${t.total}${language === 'fr' ? nbsp : ''}: <strong>${escapeHtml(money(language, amount - discount, price.currency))}</strong></p>
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${email}
${cardFields(language, options.values, options.errors)}
${country}
${promotion}
<div class="actions">
${back}
<button type="submit">${t.subscribe}</button>
</div>
</form>`,
  );
}

/** The page of a session that can no longer be paid: paid already, or expired (Stripe's words). */
export function sessionClosedPage(language: PageLanguage, status: 'complete' | 'expired'): string {
  const t = texts[language];
  const [title, detail] =
    status === 'expired'
      ? [t.sessionExpired, t.sessionExpiredDetail]
      : [t.sessionClosed, t.sessionPaid];
  return page(language, title, `<h1>${title}</h1>\n<p>${detail}</p>`);
}

export function notFoundPage(language: PageLanguage): string {
  const t = texts[language];
  return page(language, t.notFound, `<h1>${t.notFound}</h1>\n<p>${t.notFoundDetail}</p>`);
}

export function portalPage(options: {
  language: PageLanguage;
  action: string;
  returnUrl: string | null;
  subscription: Subscription | undefined;
  productName: (price: Price) => string;
  prices: Price[];
  card: PaymentMethod | undefined;
  invoices: Invoice[];
  notice?: PortalNotice;
  failure?: CheckoutErrorKey | 'choosePrice';
  cardValues: Record<string, string>;
  cardErrors: Partial<Record<string, CheckoutErrorKey>>;
}): string {
  const { language, subscription } = options;
  const t = texts[language];
  const item = subscription?.items.data[0];
  let plan = `<p>${t.noPlan}</p>`;
  if (subscription !== undefined && item !== undefined) {
    const state =
      subscription.status === 'canceled'
        ? t.canceledOn(date(language, subscription.ended_at ?? subscription.canceled_at ?? 0))
        : subscription.cancel_at_period_end
          ? t.cancelsOn(date(language, item.current_period_end))
          : t.renewsOn(date(language, item.current_period_end));
    const warning =
      subscription.status === 'past_due'
        ? alert(t.pastDue)
        : subscription.status === 'unpaid'
          ? alert(t.unpaid)
          : '';
    const live = subscription.status !== 'canceled';
    const choices = options.prices
      .map((price) => {
        const current = price.id === item.price.id;
        return `<label class="choice"><input type="radio" name="price" value="${price.id}"${current ? ' checked' : ''}> ${escapeHtml(options.productName(price))} – ${escapeHtml(priceText(language, price))}${current ? ` (${t.currentChoice})` : ''}</label>`;
      })
      .join('\n');
    plan = `<p><strong>${escapeHtml(options.productName(item.price))}</strong> – ${escapeHtml(priceText(language, item.price))}</p>
<p>${escapeHtml(state)}</p>
<p class="note">${escapeHtml(t.period(date(language, item.current_period_start), date(language, item.current_period_end)))}</p>
${warning}
${
  live
    ? `<form method="post" action="${escapeHtml(options.action)}/plan">
<fieldset>
<legend>${t.changePlan}</legend>
${choices}
</fieldset>
<div class="actions"><span></span><button type="submit">${t.updatePlan}</button></div>
</form>
<form method="post" action="${escapeHtml(options.action)}/${subscription.cancel_at_period_end ? 'renew' : 'cancel'}">
${subscription.cancel_at_period_end ? '' : `<p class="note">${t.cancelExplained}</p>`}
<div class="actions"><span></span><button type="submit" class="secondary">${subscription.cancel_at_period_end ? t.renewPlan : t.cancelPlan}</button></div>
</form>`
    : ''
}`;
  }
  const card =
    options.card === undefined
      ? `<p>${t.noCard}</p>`
      : `<p>${escapeHtml(t.cardEnding(options.card.card.last4, options.card.card.exp_month, options.card.card.exp_year))}</p>`;
  const invoices =
    options.invoices.length === 0
      ? `<p>${t.noInvoices}</p>`
      : `<table>
<thead><tr><th scope="col">${t.invoiceDate}</th><th scope="col">${t.invoiceNumber}</th><th scope="col">${t.invoiceAmount}</th><th scope="col">${t.invoiceStatus}</th></tr></thead>
<tbody>
${options.invoices
  .map(
    (invoice) =>
      `<tr><td>${escapeHtml(date(language, invoice.created))}</td><td>${escapeHtml(invoice.number)}</td><td>${escapeHtml(money(language, invoice.total, invoice.currency))}</td><td>${t.invoiceStatuses[invoice.status]}</td></tr>`,
  )
  .join('\n')}
</tbody>
</table>`;
  const hasCardErrors = Object.keys(options.cardErrors).length > 0;
  const top =
    options.notice !== undefined
      ? `<div class="notice" role="status">${t.notices[options.notice]}</div>`
      : options.failure === 'choosePrice'
        ? alert(t.choosePrice)
        : options.failure !== undefined
          ? alert(t.errors[options.failure])
          : hasCardErrors
            ? alert(t.fixErrors)
            : '';
  return page(
    language,
    `${t.portalTitle} – Vitrine`,
    `<h1>${t.portalTitle}</h1>
${top}
<section aria-labelledby="plan-heading">
<h2 id="plan-heading">${t.currentPlan}</h2>
${plan}
</section>
<section aria-labelledby="card-heading">
<h2 id="card-heading">${t.paymentMethod}</h2>
${card}
<form method="post" action="${escapeHtml(options.action)}/card" novalidate>
${cardFields(language, options.cardValues, options.cardErrors)}
<div class="actions"><span></span><button type="submit">${t.updateCard}</button></div>
</form>
</section>
<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">${t.invoices}</h2>
${invoices}
</section>
${options.returnUrl === null ? '' : `<p><a href="${escapeHtml(options.returnUrl)}">← ${t.returnTo}</a></p>`}`,
  );
}

const invoiceTexts = {
  en: {
    title: (number: string) => `Invoice ${number}`,
    amountDue: 'Amount due',
    lines: 'Details',
    pay: 'Pay',
    paid: 'This invoice has been paid. You can close this page.',
    void: 'This invoice was voided: nothing is owed.',
  },
  fr: {
    title: (number: string) => `Facture ${number}`,
    amountDue: 'Montant dû',
    lines: 'Détail',
    pay: 'Payer',
    paid: 'Cette facture a été payée. Vous pouvez fermer cette page.',
    void: `Cette facture a été annulée${nbsp}: rien n’est dû.`,
  },
} as const;

/**
 * The invoice's hosted page (Stripe's `hosted_invoice_url`): what is owed and a card form to pay
 * it, or its outcome once paid or voided.
 */
export function invoicePage(options: {
  language: PageLanguage;
  invoice: Invoice;
  action: string;
  values: Record<string, string>;
  errors: Partial<Record<string, CheckoutErrorKey>>;
  failure?: CheckoutErrorKey;
}): string {
  const { language, invoice } = options;
  const t = texts[language];
  const own = invoiceTexts[language];
  const title = own.title(invoice.number);
  const lines = `<h2>${own.lines}</h2>
<table>
${invoice.lines.data
  .map(
    (line) =>
      `<tr><td>${escapeHtml(line.description)}</td><td>${escapeHtml(money(language, line.amount, line.currency))}</td></tr>`,
  )
  .join('\n')}
</table>`;
  const due = `<p>${own.amountDue}${language === 'fr' ? nbsp : ''}: <strong>${escapeHtml(money(language, invoice.amount_remaining, invoice.currency))}</strong></p>`;
  if (invoice.status !== 'open') {
    const outcome =
      invoice.status === 'paid'
        ? `<p class="notice" role="status">${own.paid}</p>`
        : `<p>${escapeHtml(own.void)}</p>`;
    return page(language, title, `<h1>${escapeHtml(title)}</h1>\n${outcome}\n${lines}`);
  }
  const hasErrors = Object.keys(options.errors).length > 0;
  const summary =
    options.failure !== undefined
      ? alert(t.errors[options.failure])
      : hasErrors
        ? alert(t.fixErrors)
        : '';
  return page(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>
${due}
${lines}
${summary}
<form method="post" action="${escapeHtml(options.action)}" novalidate>
${cardFields(language, options.values, options.errors)}
<div class="actions">
<span></span>
<button type="submit">${own.pay}</button>
</div>
</form>`,
  );
}
