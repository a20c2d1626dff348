import type { FastifyInstance } from 'fastify';
import { buildApiApp } from './api/app.ts';
import { priceCatalogAtStart, describeFailure } from './areas/billing/index.ts';
import { shopTokenCipher } from './areas/shops/index.ts';
import { buildBffApp } from './bff/app.ts';
import { startNotices, type Config } from './config.ts';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './db/database.ts';
import { createJobQueue, defaultJobQueueSchema, type JobQueue } from './jobs/job-queue.ts';
import { operationsFigures } from './operations-figures.ts';
import { startWorkers, storeCatalog } from './workers.ts';
import {
  errorReportingOptions,
  flushErrorReports,
  initErrorReporting,
  reportError,
} from './platform/error-reporting.ts';
import { createIdentityProvider, type IdentityProvider } from './platform/identity.ts';
import { createLogger, type LogDestination } from './platform/logger.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import { createMetrics, listenForScrapes, type MetricsListener } from './platform/metrics.ts';
import { shopifyApp, shopifyRedirectPath } from './platform/shopify/shopify-app.ts';
import { createStripeClient } from './platform/stripe/stripe-client.ts';

/** How long in-flight requests may take to finish once a stop is asked for. */
const closeDeadlineMs = 10_000;

/**
 * Stops listening, lets in-flight requests finish, and after the deadline cuts the connections that
 * are still open, so that one stalled upload cannot hold a shutdown until the process is killed.
 */
async function closeWithDeadline(app: FastifyInstance): Promise<void> {
  const deadline = setTimeout(() => app.server.closeAllConnections(), closeDeadlineMs);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
  }
}

/**
 * The stand-ins' routes the BFF serves in local mode (the Google sign-in page). Imported lazily, like
 * the other local stand-ins: production never loads or serves them.
 */
export async function localBffRoutes() {
  const { googleSignInRoutes } = await import('./local/google-sign-in/google-sign-in-routes.ts');
  return googleSignInRoutes;
}

export interface RunningProduct {
  /** The BFF's address when this process runs it. */
  bffUrl?: string;
  /** The API's address when this process runs it. */
  apiUrl?: string;
  /** Stops accepting requests, lets in-flight ones finish, then closes pools and local services. */
  stop(): Promise<void>;
}

/**
 * The composition root: starts the local stand-ins in local mode, migrates the database and starts
 * the roles that the configuration names. In the default role ("all") the API listens on a loopback
 * port of its own and the BFF forwards to it exactly as it would to a remote upstream.
 */
export async function startProduct(
  config: Config,
  log: (line: string) => void,
  /** Where the servers and the jobs log (server/platform/logger.ts); pino's stdout when absent. */
  logDestination?: LogDestination,
): Promise<RunningProduct> {
  // First, so that a failure of what follows is reported too (when SENTRY_DSN is set).
  initErrorReporting(errorReportingOptions(config));
  for (const notice of startNotices(config)) log(notice);
  const stopLocalServices: Array<() => Promise<void>> = [];
  let databaseUrl: string;
  let sessionSecret: string;
  let emulatorHost: string | undefined;
  let localShopifyUrl: string | undefined;
  if (config.mode === 'local') {
    // Imported lazily: the production image does not ship the embedded services.
    const { startLocalServices } = await import('./local/local-services.ts');
    const services = await startLocalServices(config, log);
    stopLocalServices.push(services.stop);
    databaseUrl = services.databaseUrl;
    sessionSecret = services.sessionSecret;
    emulatorHost = services.authEmulatorHost;
    localShopifyUrl = services.localShopifyUrl;
    // Stripe's SDK is pointed at the local Stripe, wherever the configuration is read from here on.
    config = { ...config, stripe: { ...config.stripe, apiUrl: services.localStripeUrl } };
  } else {
    databaseUrl = config.databaseUrl;
    sessionSecret = config.sessionSecret;
  }

  let database: DatabaseHandle | undefined;
  let identity: IdentityProvider | undefined;
  let jobs: JobQueue | undefined;
  let mailer: Mailer | undefined;
  let metricsListener: MetricsListener | undefined;
  const apps: FastifyInstance[] = [];
  const stop = async () => {
    try {
      // BFF first, so that no new request reaches an API that is closing.
      for (const app of [...apps].reverse()) await closeWithDeadline(app);
      // Scrapes read the pool, which closes below.
      await metricsListener?.close();
      // Then the workers, which let their jobs under way finish while Firebase and the pool are open.
      await jobs?.stop();
      mailer?.close();
      await identity?.close();
      await database?.close();
      for (const stopService of stopLocalServices) await stopService();
    } finally {
      // Reports of the last requests may still be in flight; a shutdown waits for them, not for long.
      await flushErrorReports();
    }
  };

  try {
    const databaseLog = createLogger(config.logLevel, logDestination).child({
      component: 'database',
    });
    database = openDatabase(databaseUrl, {
      onIdleConnectionError: (error) => {
        databaseLog.error({ err: error }, 'database connection lost while idle');
        reportError(error, { extra: { component: 'database' } });
      },
    });
    await migrateDatabase(database);
    const runsJobs = config.role === 'all' || config.role === 'api';
    const metricsLog = createLogger(config.logLevel, logDestination).child({
      component: 'metrics',
    });
    const metrics =
      config.metrics === undefined
        ? undefined
        : createMetrics({
            onSampleError: (figure, error) =>
              metricsLog.warn({ err: error, figure }, 'a figure could not be read for a scrape'),
          });
    metrics?.addSampledFigures(
      operationsFigures({ database, ...(runsJobs && { jobsSchema: defaultJobQueueSchema }) }),
    );
    identity = createIdentityProvider(config.firebase, emulatorHost);
    // In local mode every store is reached through the local Shopify; nothing else differs.
    const shopify = shopifyApp({
      ...config.shopify,
      ...(localShopifyUrl !== undefined && { localShopifyUrl }),
    });
    // The product's own secret, not the Shopify app's, which Shopify lets the app's owner rotate.
    const shopTokens = shopTokenCipher(sessionSecret);

    let apiUrl: string | undefined;
    if (runsJobs) {
      // The API sells the plans: without their prices at Stripe it would take no subscription, so a
      // missing one stops the start here, naming it (the local Stripe creates them at its start).
      const stripe = createStripeClient(config.stripe);
      const billingLog = createLogger(config.logLevel, logDestination).child({
        component: 'billing',
      });
      const prices = await priceCatalogAtStart(stripe, (error) =>
        billingLog.warn(
          { stripeFailure: describeFailure(error) },
          "Stripe cannot be reached: the plans' prices will be read when first needed",
        ),
      );
      const billing = {
        stripe,
        prices,
        settings: { publicUrl: config.publicUrl, automaticTax: config.stripe.automaticTax },
      };
      // The jobs run where the API runs: the BFF has no business with them, and every API instance
      // takes its share, so a job outlives any one instance.
      const jobsLog = createLogger(config.logLevel, logDestination).child({ component: 'jobs' });
      jobs = createJobQueue({
        databaseUrl,
        onError: (error) => {
          jobsLog.error({ err: error }, 'job queue failed');
          reportError(error, { extra: { component: 'jobs' } });
        },
      });
      await jobs.start();
      mailer = createMailer(config, log);
      const shopCatalog = storeCatalog({ db: database.db, jobs });
      await startWorkers({
        jobs,
        db: database.db,
        identity,
        mailer,
        shopify,
        shopTokens,
        contactInbox: config.mail.contactInbox,
        shopCatalog,
        stripe,
        publicUrl: config.publicUrl,
        log: jobsLog,
        ...(localShopifyUrl !== undefined && { localShopifyUrl }),
        ...(config.mode === 'local' && {
          localStorefrontRequestsPerSecond: config.localStorefrontRequestsPerSecond,
        }),
      });
      const api = await buildApiApp({
        database,
        identity,
        jobs,
        logLevel: config.logLevel,
        ...(logDestination !== undefined && { logStream: logDestination }),
        shops: {
          shopify,
          shopTokens,
          // Shopify's allow-list of redirect addresses names this one exactly.
          oauthRedirectUri: `${config.publicUrl}${shopifyRedirectPath}`,
          catalog: shopCatalog,
        },
        stripeEvents: { client: stripe, webhookSecret: config.stripe.webhookSecret },
        billing,
        ...(metrics !== undefined && { recordRequest: metrics.recordRequest }),
      });
      apps.push(api);
      const apiOnItsOwn = config.role === 'api';
      apiUrl = await api.listen({
        port: apiOnItsOwn ? config.port : 0,
        host: apiOnItsOwn ? config.host : '127.0.0.1',
      });
    }

    let bffUrl: string | undefined;
    if (config.role === 'all' || config.role === 'bff') {
      const upstreamUrl = config.upstreamUrl ?? apiUrl;
      if (upstreamUrl === undefined)
        throw new Error('The BFF needs UPSTREAM_URL when the API runs elsewhere');
      const bff = await buildBffApp({
        config,
        ...(config.mode === 'local' && { localRoutes: await localBffRoutes() }),
        database,
        identity,
        upstreamUrl,
        sessionSecret,
        emulatorHost,
        ...(localShopifyUrl !== undefined && { localShopifyUrl }),
        ...(logDestination !== undefined && { logStream: logDestination }),
        ...(metrics !== undefined && {
          recordRequest: metrics.recordRequest,
          addSampledFigures: metrics.addSampledFigures,
        }),
      });
      apps.push(bff);
      await bff.listen({ port: config.port, host: config.host });
      bffUrl = config.publicUrl;
    }

    if (metrics !== undefined && config.metrics !== undefined) {
      metricsListener = await listenForScrapes(metrics, config.metrics, (error) => {
        metricsLog.error({ err: error }, 'metrics scrape failed');
        reportError(error, { extra: { component: 'metrics' } });
      });
      log(`Metrics on ${metricsListener.url}`);
    }

    return {
      ...(bffUrl !== undefined && { bffUrl }),
      ...(apiUrl !== undefined && { apiUrl }),
      stop,
    };
  } catch (error) {
    reportError(error);
    await stop().catch(() => {});
    throw error;
  }
}
