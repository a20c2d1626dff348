import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocalConfig } from '#server/config.ts';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { LocalSetupError } from './local-setup-error.ts';
import { printMailLinks } from './mail-link-printer.ts';
import { startLocalShopify, type LocalShopify } from './shopify/local-shopify.ts';
import { startLocalStripe, type LocalStripe } from './stripe/local-stripe.ts';

export interface LocalServices {
  databaseUrl: string;
  authEmulatorHost: string;
  sessionSecret: string;
  /** The local Shopify's address: every store's admin hangs from `${localShopifyUrl}/<shop>`. */
  localShopifyUrl: string;
  /** The local Stripe's address, where the product's Stripe SDK is pointed (config.stripe.apiUrl). */
  localStripeUrl: string;
  stop(): Promise<void>;
}

/**
 * The stand-ins of local mode, started side by side: the embedded PostgreSQL (unless DATABASE_URL
 * is given) and the Firebase Auth Emulator (unless FIREBASE_AUTH_EMULATOR_HOST names one already
 * running), both keeping their data under DATA_DIR; and the local Shopify (unless LOCAL_SHOPIFY_URL
 * names one already running), whose seeded stores start afresh at every start; and the local Stripe
 * (unless LOCAL_STRIPE_URL names one already running), whose customers and subscriptions start
 * afresh too.
 */
export async function startLocalServices(
  config: LocalConfig,
  log: (line: string) => void,
): Promise<LocalServices> {
  await fs.mkdir(config.dataDir, { recursive: true });
  const [database, emulator, sessionSecret, shopify, stripe] = await Promise.allSettled([
    config.databaseUrl === undefined
      ? startEmbeddedPostgres(config.dataDir, log)
      : Promise.resolve(undefined),
    config.authEmulatorHost === undefined
      ? startAuthEmulator({
          projectId: config.firebase.projectId,
          port: config.authEmulatorPort,
          stateDir: path.join(config.dataDir, 'auth-emulator', 'state'),
          workDir: path.join(config.dataDir, 'auth-emulator'),
          log,
        })
      : Promise.resolve({ host: config.authEmulatorHost, stop: async () => {} }),
    config.sessionSecret ?? readOrCreateSessionSecret(config.dataDir),
    config.localShopifyUrl === undefined
      ? startShopify(config, log)
      : Promise.resolve({ url: config.localShopifyUrl, stop: async () => {} }),
    config.localStripeUrl === undefined
      ? startStripe(config, log)
      : Promise.resolve({ url: config.localStripeUrl, stop: async () => {} }),
  ]);

  const started: Array<EmbeddedDatabase | AuthEmulator | LocalShopify | LocalStripe> = [];
  if (database.status === 'fulfilled' && database.value !== undefined) started.push(database.value);
  if (emulator.status === 'fulfilled') started.push(emulator.value);
  if (shopify.status === 'fulfilled') started.push(shopify.value);
  if (stripe.status === 'fulfilled') started.push(stripe.value);
  const stopAll = async () => {
    await Promise.allSettled(started.map((service) => service.stop()));
  };

  if (
    database.status === 'rejected' ||
    emulator.status === 'rejected' ||
    sessionSecret.status === 'rejected' ||
    shopify.status === 'rejected' ||
    stripe.status === 'rejected'
  ) {
    await stopAll();
    const failure = [database, emulator, sessionSecret, shopify, stripe].find(
      (result) => result.status === 'rejected',
    );
    throw (failure as PromiseRejectedResult).reason;
  }

  const stopPrinting = printMailLinks(emulator.value.host, config.firebase.projectId, log);
  return {
    databaseUrl: config.databaseUrl ?? database.value!.url,
    authEmulatorHost: emulator.value.host,
    sessionSecret: sessionSecret.value,
    localShopifyUrl: shopify.value.url,
    localStripeUrl: stripe.value.url,
    async stop() {
      stopPrinting();
      await stopAll();
    },
  };
}

/**
 * The local Shopify, with local mode's app: Shopify sends the owner back to the BFF's
 * `/oauth/shopify` and the privacy topics to its `/webhooks/shopify`.
 */
async function startShopify(
  config: LocalConfig,
  log: (line: string) => void,
): Promise<LocalShopify> {
  let shopify: LocalShopify;
  try {
    shopify = await startLocalShopify({
      port: config.localShopifyPort,
      app: {
        apiKey: config.shopify.apiKey,
        apiSecret: config.shopify.apiSecret,
        appUrl: `${config.publicUrl}/oauth/shopify`,
        redirectUrls: [`${config.publicUrl}/oauth/shopify`],
        complianceWebhookUrl: `${config.publicUrl}/webhooks/shopify`,
      },
      stores: config.localShopifyStores.map((name) => ({ name })),
      log,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new LocalSetupError(
        `Port ${config.localShopifyPort} is taken: set LOCAL_SHOPIFY_PORT to a free port, or LOCAL_SHOPIFY_URL to the address of a local Shopify already running.`,
      );
    }
    throw error;
  }
  const domains = config.localShopifyStores.map((name) => `${name}.myshopify.com`);
  log(
    `Local Shopify on ${shopify.url} (${domains.length === 1 ? 'store' : 'stores'} ${domains.join(', ')})`,
  );
  return shopify;
}

/**
 * The local Stripe, with local mode's account: it delivers the events to the BFF's `/webhooks/stripe`,
 * signed with the webhook secret the product checks.
 */
async function startStripe(config: LocalConfig, log: (line: string) => void): Promise<LocalStripe> {
  let stripe: LocalStripe;
  try {
    stripe = await startLocalStripe({
      port: config.localStripePort,
      secretKey: config.stripe.secretKey,
      webhookEndpoints: [
        { url: `${config.publicUrl}/webhooks/stripe`, secret: config.stripe.webhookSecret },
      ],
      log,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new LocalSetupError(
        `Port ${config.localStripePort} is taken: set LOCAL_STRIPE_PORT to a free port, or LOCAL_STRIPE_URL to the address of a local Stripe already running.`,
      );
    }
    throw error;
  }
  log(`Local Stripe on ${stripe.url} (test card 4242 4242 4242 4242, promotion code WELCOME10)`);
  return stripe;
}

/** A random secret made on first start and kept, so that sessions survive a restart. */
async function readOrCreateSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing !== undefined && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}
