import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { errorReporting } from '#shared/constants.ts';

/**
 * The one validated configuration, parsed once at start from the environment. Every bad or missing
 * variable is reported in a single error so that a deployment is fixed in one round.
 *
 * Local mode (anything but NODE_ENV=production) needs no variable at all: the embedded PostgreSQL
 * and the Firebase Auth Emulator stand in for the real services.
 */

export const roles = ['all', 'bff', 'api'] as const;
export type Role = (typeof roles)[number];

/**
 * Variables that point Google and Firebase SDKs at emulators (FIREBASE_AUTH_EMULATOR_HOST,
 * FIRESTORE_EMULATOR_HOST, PUBSUB_EMULATOR_HOST, FIREBASE_EMULATOR_HUB, and whatever new emulator
 * the SDKs learn to read); production must never see one. Being defined is enough: firebase-admin
 * turns to the emulator on any non-empty value, blanks included, and accepts unsigned ID tokens there.
 */
const emulatorVariablePattern = /_EMULATOR_(HOST|PORT|HUB)$|^FIREBASE_EMULATOR_HUB$/;

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();
// Digits only: Number() would also take `0x50`, `1e3` or an empty string (port 0, a random port).
const portNumber = z
  .string()
  .regex(/^\d{1,5}$/, 'must be a port number (0-65535)')
  .transform(Number)
  .pipe(z.number().max(65535, 'must be a port number (0-65535)'));
const optionalPort = optionalText.pipe(portNumber.optional());
const httpUrl = z.url({ protocol: /^https?$/ });
// The messages never quote the value: an SMTP URL carries the mail account's password.
const smtpUrl = z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' });
/** `address@host` or `Display Name <address@host>`, as a From header takes it. */
const mailbox = z
  .string()
  .regex(
    /^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
    'must be an address or "Name <address>"',
  );

/**
 * Fastify's trustProxy, for a BFF behind a load balancer or TLS proxy: the comma-separated addresses
 * and CIDR ranges of those proxies. Without it the client address (rate limits, X-Forwarded-For to
 * the API) would be the balancer's. `true` trusts every hop, so the X-Forwarded-For a client writes
 * itself is believed and anyone can pose as a new address for each request to walk around the rate
 * limits: local mode takes it, production refuses it (productionProblems). A hop count is not
 * offered: Fastify trusts no hop at all for a number, since it cannot check the immediate peer.
 */
const trustProxySetting = optionalText.pipe(
  z
    .union([
      z.enum(['true', 'false']).transform((value) => value === 'true'),
      z
        .string()
        .transform((value) => value.split(',').map((entry) => entry.trim()))
        .refine((entries) => entries.every(isAddressOrRange), {
          message: 'must be true, false or a list of addresses and CIDR ranges',
        }),
    ])
    .optional(),
);

/** Whether a list of addresses and ranges holds a range of every address (`0.0.0.0/0`, `::/0`). */
function trustsEveryAddress(setting: string | undefined): boolean {
  return (setting ?? '').split(',').some((entry) => /\/0+$/.test(entry.trim()));
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Hosts that name this machine: a plain-http upstream there never crosses a network. */
function isLoopbackHost(hostname: string): boolean {
  // URL keeps the brackets of an IPv6 host and lowercases names.
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  if (host === 'localhost') return true;
  if (net.isIPv4(host)) return host.startsWith('127.');
  return (
    net.isIPv6(host) && new net.SocketAddress({ address: host, family: 'ipv6' }).address === '::1'
  );
}

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  ROLE: z.enum(roles).default('all'),
  PORT: optionalPort.transform((value) => value ?? 3000),
  HOST: optionalText,
  TRUST_PROXY: trustProxySetting,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: optionalText.pipe(httpUrl.optional()),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  DATA_DIR: optionalText,
  UPSTREAM_URL: optionalText.pipe(httpUrl.optional()),
  SESSION_SECRET: optionalText.pipe(
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  FIREBASE_PROJECT_ID: optionalText,
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_SERVICE_ACCOUNT: optionalText,
  FIREBASE_AUTH_EMULATOR_PORT: optionalPort,
  FIREBASE_AUTH_EMULATOR_HOST: optionalText.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, 'must be host:port of a running Auth Emulator')
      .optional(),
  ),
  SENTRY_DSN: optionalText.pipe(httpUrl.optional()),
  SMTP_URL: optionalText.pipe(smtpUrl.optional()),
  MAIL_FROM: optionalText.pipe(mailbox.optional()),
  CONTACT_INBOX: optionalText.pipe(z.email('must be an e-mail address').optional()),
  SENTRY_ENVIRONMENT: optionalText,
  SENTRY_RELEASE: optionalText,
  SHOPIFY_API_KEY: optionalText,
  SHOPIFY_API_SECRET: optionalText.pipe(
    z.string().min(16, "must be the app's client secret (16 characters or more)").optional(),
  ),
  LOCAL_SHOPIFY_PORT: optionalPort,
  LOCAL_SHOPIFY_URL: optionalText.pipe(httpUrl.optional()),
  LOCAL_SHOPIFY_STORES: optionalText.pipe(
    z
      .string()
      .transform((value) => value.split(',').map((entry) => entry.trim()))
      .refine((names) => names.every((name) => /^[a-z0-9][a-z0-9-]*$/.test(name)), {
        message: 'must be store names (lowercase letters, digits and hyphens), comma-separated',
      })
      .optional(),
  ),
  // The messages never quote the value: these are the Stripe account's secrets.
  STRIPE_SECRET_KEY: optionalText.pipe(
    z
      .string()
      .regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a secret key (sk_…) or a restricted key (rk_…)')
      .optional(),
  ),
  STRIPE_WEBHOOK_SECRET: optionalText.pipe(
    z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=_-]+$/, "must be the webhook endpoint's signing secret (whsec_…)")
      .optional(),
  ),
  STRIPE_AUTOMATIC_TAX: optionalText.pipe(
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
  ),
  LOCAL_STRIPE_PORT: optionalPort,
  LOCAL_STRIPE_URL: optionalText.pipe(httpUrl.optional()),
  METRICS_PORT: optionalPort,
  METRICS_HOST: optionalText,
});

type Environment = z.infer<typeof environmentSchema>;

export interface FirebaseConfig {
  projectId: string;
  apiKey: string;
  authDomain: string;
  /** A service-account JSON in production; absent in local mode where the emulator needs none. */
  serviceAccount?: Record<string, unknown>;
}

/** Outgoing mail: the contact form's messages, sent to the product's own inbox. */
export interface MailConfig {
  /** smtp:// or smtps:// with the account in it; unset in local mode, which writes .eml files. */
  smtpUrl?: string;
  /** The From of every mail the server sends. */
  from: string;
  /** Where contact messages go. */
  contactInbox: string;
}

/** Vitrine's Shopify app (server/platform/shopify/shopify-app.ts). */
export interface ShopifyCredentials {
  apiKey: string;
  /** Signs OAuth queries and webhooks; never logged, never sent to the browser. */
  apiSecret: string;
}

/** Vitrine's Stripe account, which sells the paid plans (shared/billing.ts). */
export interface StripeConfig {
  /** sk_… or rk_…; never logged, never sent to the browser. */
  secretKey: string;
  /** The signing secret of the endpoint Stripe delivers events to (`/webhooks/stripe`). */
  webhookSecret: string;
  /** Whether Checkout computes the tax (Stripe Tax must be set up on the account). */
  automaticTax: boolean;
  /** Where the Stripe API answers: the local Stripe in local mode; unset for api.stripe.com. */
  apiUrl?: string;
}

interface CommonConfig {
  role: Role;
  port: number;
  host: string;
  logLevel: Environment['LOG_LEVEL'];
  publicUrl: string;
  trustProxy: boolean | string[];
  upstreamUrl?: string;
  firebase: FirebaseConfig;
  mail: MailConfig;
  shopify: ShopifyCredentials;
  stripe: StripeConfig;
  sentryDsn?: string;
  /** The environment and release that error reports are filed under. */
  sentryEnvironment: string;
  sentryRelease: string;
  /**
   * The Prometheus endpoint's own listener (server/platform/metrics.ts), never the public port; off
   * unless METRICS_PORT is set.
   */
  metrics?: { port: number; host: string };
}

export interface ProductionConfig extends CommonConfig {
  mode: 'production';
  databaseUrl: string;
  /** The product's own secret: keys the sessions' tokens and the stores' Shopify tokens at rest. */
  sessionSecret: string;
}

export interface LocalConfig extends CommonConfig {
  mode: 'local';
  dataDir: string;
  /** When unset, the embedded PostgreSQL under dataDir is used. */
  databaseUrl?: string;
  /** When unset, a secret is generated once and kept under dataDir. */
  sessionSecret?: string;
  /** The port of the Auth Emulator that local mode starts. */
  authEmulatorPort: number;
  /**
   * host:port of an Auth Emulator already running, which local mode then uses instead of starting
   * its own: the BFF and the API run as separate processes sharing one (npm run bench:bff does).
   */
  authEmulatorHost?: string;
  /** True when the client is served by Vite in middleware mode (npm run dev). */
  devServer: boolean;
  /** The port of the local Shopify that local mode starts. */
  localShopifyPort: number;
  /** The address of a local Shopify already running, used instead of starting one. */
  localShopifyUrl?: string;
  /** The stores the local Shopify that local mode starts seeds, by name (`<name>.myshopify.com`). */
  localShopifyStores: string[];
  /**
   * How many requests a second the storefront pass sends to the local Shopify's storefronts: a
   * server of our own, on this machine, which a pass need not spare as it spares a store (two a
   * second, server/platform/storefront/storefront-fetcher.ts): the pass of a seeded store then
   * takes seconds, not minutes. Any other host keeps the polite pace.
   */
  localStorefrontRequestsPerSecond: number;
  /** The port of the local Stripe that local mode starts. */
  localStripePort: number;
  /** The address of a local Stripe already running, used instead of starting one. */
  localStripeUrl?: string;
}

export type Config = ProductionConfig | LocalConfig;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const localProjectId = 'demo-vitrine';
/**
 * The local Shopify's app: fixed, so that a local Shopify started on its own (LOCAL_SHOPIFY_URL) and
 * the product agree without configuration. It signs nothing outside this machine.
 */
export const localShopifyApp = {
  apiKey: 'vitrine-local-app',
  apiSecret: 'local-shopify-app-secret-0123456789',
} as const;
/**
 * The local Stripe's account: fixed, so that a local Stripe started on its own (LOCAL_STRIPE_URL) and
 * the product agree without configuration. Neither reaches Stripe.
 */
export const localStripeAccount = {
  secretKey: 'sk_test_local0vitrine0stripe0secret0key',
  webhookSecret: 'whsec_local0vitrine0stripe0webhook0secret',
} as const;
export const localMailDefaults = {
  from: 'Vitrine <no-reply@localhost>',
  contactInbox: 'contact@vitrine.example',
} as const;

export function loadConfig(
  env: Record<string, string | undefined>,
  options: { devServer?: boolean; cwd?: string } = {},
): Config {
  const parsed = environmentSchema.safeParse(env);
  const problems: string[] = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  // The production rules are checked on the raw environment, so that a malformed variable does not
  // hide the missing ones: every problem is reported in the same error.
  const production = env.NODE_ENV?.trim() === 'production';
  if (production) problems.push(...productionProblems(env));
  if (parsed.success && parsed.data.METRICS_PORT !== undefined) {
    if (parsed.data.METRICS_PORT === parsed.data.PORT)
      problems.push('METRICS_PORT: must differ from PORT: the metrics are never served publicly');
  } else if (parsed.success && parsed.data.METRICS_HOST !== undefined) {
    problems.push('METRICS_HOST: means nothing without METRICS_PORT (set both, or neither)');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);

  const values = parsed.data;
  if (values.NODE_ENV === 'production') return productionConfig(values);
  return localConfig(values, options);
}

const isSet = (env: Record<string, string | undefined>, name: string) =>
  (env[name] ?? '').trim() !== '';

/** What production needs beyond well-formed values: the variables its role cannot run without. */
function productionProblems(env: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (emulatorVariablePattern.test(name) && env[name] !== undefined) {
      problems.push(
        `${name}: emulator settings are refused in production, whatever their value (unset it)`,
      );
    }
    if (name.startsWith('LOCAL_SHOPIFY_') && env[name] !== undefined) {
      problems.push(
        `${name}: the local Shopify is refused in production, whatever the value (unset it)`,
      );
    }
    if (name.startsWith('LOCAL_STRIPE_') && env[name] !== undefined) {
      problems.push(
        `${name}: the local Stripe is refused in production, whatever the value (unset it)`,
      );
    }
  }
  // An unknown ROLE is reported by the schema; the rules of the default role still apply.
  const role = (roles as readonly string[]).includes(env.ROLE?.trim() ?? '')
    ? env.ROLE?.trim()
    : 'all';
  const needsBff = role === 'all' || role === 'bff';
  const needsApi = role === 'all' || role === 'api';
  const require = (name: keyof Environment, why: string) => {
    if (!isSet(env, name)) problems.push(`${name}: required ${why}`);
  };
  require('DATABASE_URL', 'in production');
  require('FIREBASE_PROJECT_ID', 'in production');
  require('FIREBASE_SERVICE_ACCOUNT', 'in production (service-account JSON)');
  // The BFF keys the sessions' tokens with it, the API the stores' Shopify tokens.
  require('SESSION_SECRET', "in production (the key of the sessions' and the stores' tokens)");
  if (needsBff) {
    require('PUBLIC_URL', 'for the BFF in production');
    require('FIREBASE_API_KEY', 'for the BFF in production');
    require('FIREBASE_AUTH_DOMAIN', 'for the BFF in production');
    if (role === 'bff') require('UPSTREAM_URL', 'when ROLE=bff');
    // Without it, behind a load balancer every client would count as the balancer: one shared rate
    // limit, which a stranger's junk sign-ins would spend for everybody. `false` is a choice to state.
    if (!isSet(env, 'TRUST_PROXY')) {
      problems.push(
        'TRUST_PROXY: required for the BFF in production: the addresses or CIDR ranges of the load balancers in front of it, or false when clients connect directly',
      );
    } else if (env.TRUST_PROXY?.trim() === 'true' || trustsEveryAddress(env.TRUST_PROXY)) {
      // Trusting every hop believes the X-Forwarded-For a client writes itself: a new address per
      // request, and the rate limits never see the same client twice. A range of prefix 0
      // (0.0.0.0/0, ::/0) names every address, which is the same.
      problems.push(
        'TRUST_PROXY: trusting every address (true, 0.0.0.0/0, ::/0) is refused in production: it lets any client forge X-Forwarded-For and walk around the rate limits; name the load balancers by their addresses or CIDR ranges',
      );
    }
    const upstreamUrl = URL.parse(env.UPSTREAM_URL?.trim() ?? '');
    // The BFF puts the user's ID token on every request to the API. (A malformed URL is the schema's.)
    if (upstreamUrl?.protocol === 'http:' && !isLoopbackHost(upstreamUrl.hostname)) {
      problems.push(
        'UPSTREAM_URL: must be https:// in production unless it names this machine (localhost, 127.0.0.0/8 or [::1]): the BFF sends ID tokens to it',
      );
    }
  }
  if (needsApi) {
    // The API's workers mail the contact messages; without these they would pile up unsent.
    require('SMTP_URL', 'for the API in production (smtp:// or smtps://)');
    require('MAIL_FROM', 'for the API in production');
    require('CONTACT_INBOX', 'for the API in production');
    // OAuth, token refreshes and webhook signatures all need the app's credentials.
    require('SHOPIFY_API_KEY', "for the API in production (the Shopify app's client id)");
    require('SHOPIFY_API_SECRET', "for the API in production (the Shopify app's client secret)");
    // Checkout, the customer portal and the plan each account has all go through Stripe.
    require('STRIPE_SECRET_KEY', 'for the API in production (sk_… or rk_…)');
    require('STRIPE_WEBHOOK_SECRET', "for the API in production (the signing secret of Stripe's endpoint /webhooks/stripe, whsec_…)");
    // Shopify sends store owners back to the BFF's /oauth/shopify at this address, which the API names.
    if (!needsBff)
      require('PUBLIC_URL', 'for the API in production (where Shopify sends owners back)');
  }
  const serviceAccount = env.FIREBASE_SERVICE_ACCOUNT?.trim();
  if (
    serviceAccount !== undefined &&
    serviceAccount !== '' &&
    parseServiceAccount(serviceAccount) === undefined
  ) {
    problems.push('FIREBASE_SERVICE_ACCOUNT: must be the service account key as JSON');
  }
  return problems;
}

/**
 * What the start says about the configuration, one line each: choices that are allowed but whose
 * consequence an operator should read in the logs.
 */
export function startNotices(config: Config): string[] {
  const notices: string[] = [];
  if (config.mode === 'production' && config.role !== 'api' && config.trustProxy === false) {
    notices.push(
      'TRUST_PROXY=false: the BFF counts each connection as its own client; behind a load balancer every client would share its rate limits, so name the balancer there.',
    );
  }
  return notices;
}

function parseServiceAccount(json: string): Record<string, unknown> | undefined {
  try {
    const candidate: unknown = JSON.parse(json);
    if (typeof candidate !== 'object' || candidate === null || Array.isArray(candidate))
      return undefined;
    return candidate as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Only called once productionProblems found nothing, so every required value is present. */
function productionConfig(values: Environment): ProductionConfig {
  const serviceAccount =
    values.FIREBASE_SERVICE_ACCOUNT === undefined
      ? undefined
      : parseServiceAccount(values.FIREBASE_SERVICE_ACCOUNT);

  return {
    mode: 'production',
    role: values.ROLE,
    port: values.PORT,
    host: values.HOST ?? '0.0.0.0',
    logLevel: values.LOG_LEVEL,
    publicUrl: stripTrailingSlash(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`),
    trustProxy: values.TRUST_PROXY ?? false,
    ...(values.UPSTREAM_URL !== undefined && {
      upstreamUrl: stripTrailingSlash(values.UPSTREAM_URL),
    }),
    databaseUrl: values.DATABASE_URL!,
    sessionSecret: values.SESSION_SECRET ?? '',
    firebase: {
      projectId: values.FIREBASE_PROJECT_ID!,
      apiKey: values.FIREBASE_API_KEY ?? '',
      authDomain: values.FIREBASE_AUTH_DOMAIN ?? '',
      ...(serviceAccount !== undefined && { serviceAccount }),
    },
    // A BFF on its own sends no mail, so it may lack these.
    mail: {
      ...(values.SMTP_URL !== undefined && { smtpUrl: values.SMTP_URL }),
      from: values.MAIL_FROM ?? '',
      contactInbox: values.CONTACT_INBOX ?? '',
    },
    // A BFF on its own never talks to Shopify, so it may lack these.
    shopify: { apiKey: values.SHOPIFY_API_KEY ?? '', apiSecret: values.SHOPIFY_API_SECRET ?? '' },
    // Nor with Stripe; the API is given api.stripe.com's address by the SDK itself.
    stripe: {
      secretKey: values.STRIPE_SECRET_KEY ?? '',
      webhookSecret: values.STRIPE_WEBHOOK_SECRET ?? '',
      automaticTax: values.STRIPE_AUTOMATIC_TAX ?? false,
    },
    ...(values.SENTRY_DSN !== undefined && { sentryDsn: values.SENTRY_DSN }),
    ...errorReportingLabels(values),
    ...metricsListener(values),
  };
}

function localConfig(
  values: Environment,
  options: { devServer?: boolean; cwd?: string },
): LocalConfig {
  const cwd = options.cwd ?? process.cwd();
  const projectId = values.FIREBASE_PROJECT_ID ?? localProjectId;
  const authEmulatorPort = values.FIREBASE_AUTH_EMULATOR_PORT ?? 9099;
  return {
    mode: 'local',
    role: values.ROLE,
    port: values.PORT,
    host: values.HOST ?? 'localhost',
    logLevel: values.LOG_LEVEL,
    publicUrl: stripTrailingSlash(values.PUBLIC_URL ?? `http://localhost:${values.PORT}`),
    trustProxy: values.TRUST_PROXY ?? false,
    ...(values.UPSTREAM_URL !== undefined && {
      upstreamUrl: stripTrailingSlash(values.UPSTREAM_URL),
    }),
    dataDir: path.resolve(cwd, values.DATA_DIR ?? '.data'),
    ...(values.DATABASE_URL !== undefined && { databaseUrl: values.DATABASE_URL }),
    ...(values.SESSION_SECRET !== undefined && { sessionSecret: values.SESSION_SECRET }),
    authEmulatorPort,
    ...(values.FIREBASE_AUTH_EMULATOR_HOST !== undefined && {
      authEmulatorHost: values.FIREBASE_AUTH_EMULATOR_HOST,
    }),
    devServer: options.devServer ?? false,
    firebase: {
      projectId,
      // The emulator accepts any API key; the web SDK only needs one to be present.
      apiKey: values.FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: values.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
    },
    mail: {
      ...(values.SMTP_URL !== undefined && { smtpUrl: values.SMTP_URL }),
      from: values.MAIL_FROM ?? localMailDefaults.from,
      contactInbox: values.CONTACT_INBOX ?? localMailDefaults.contactInbox,
    },
    shopify: {
      apiKey: values.SHOPIFY_API_KEY ?? localShopifyApp.apiKey,
      apiSecret: values.SHOPIFY_API_SECRET ?? localShopifyApp.apiSecret,
    },
    localShopifyPort: values.LOCAL_SHOPIFY_PORT ?? 3100,
    ...(values.LOCAL_SHOPIFY_URL !== undefined && {
      localShopifyUrl: stripTrailingSlash(values.LOCAL_SHOPIFY_URL),
    }),
    localShopifyStores: values.LOCAL_SHOPIFY_STORES ?? ['maison-exemple'],
    localStorefrontRequestsPerSecond: 25,
    // apiUrl is the local Stripe's address, known once local mode has started it (start-product.ts).
    stripe: {
      secretKey: values.STRIPE_SECRET_KEY ?? localStripeAccount.secretKey,
      webhookSecret: values.STRIPE_WEBHOOK_SECRET ?? localStripeAccount.webhookSecret,
      automaticTax: values.STRIPE_AUTOMATIC_TAX ?? false,
    },
    localStripePort: values.LOCAL_STRIPE_PORT ?? 3200,
    ...(values.LOCAL_STRIPE_URL !== undefined && {
      localStripeUrl: stripTrailingSlash(values.LOCAL_STRIPE_URL),
    }),
    ...(values.SENTRY_DSN !== undefined && { sentryDsn: values.SENTRY_DSN }),
    ...errorReportingLabels(values),
    ...metricsListener(values),
  };
}

/** Loopback unless told otherwise: whoever scrapes from elsewhere names the interface it reaches. */
function metricsListener(values: Environment): Pick<CommonConfig, 'metrics'> {
  if (values.METRICS_PORT === undefined) return {};
  return { metrics: { port: values.METRICS_PORT, host: values.METRICS_HOST ?? '127.0.0.1' } };
}

function errorReportingLabels(values: Environment) {
  return {
    // The default label is 'development'; a production deployment that names none is 'production'.
    sentryEnvironment:
      values.SENTRY_ENVIRONMENT ??
      (values.NODE_ENV === 'production' ? 'production' : errorReporting.defaultEnvironment),
    sentryRelease: values.SENTRY_RELEASE ?? errorReporting.defaultRelease,
  };
}

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
