import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { databaseBusyFailureOf } from '#server/db/database-busy.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { answerErrorsWithCodes } from '#server/http/error-replies.ts';
import gracefulShutdown from '#server/http/graceful-shutdown.ts';
import { readJsonBodies } from '#server/http/json-bodies.ts';
import privateAnswers from '#server/http/private-answers.ts';
import requestMetrics from '#server/http/request-metrics.ts';
import unreadBodies from '#server/http/unread-bodies.ts';
import { serverOptions, type ServerTimeouts } from '#server/http/server-options.ts';
import { loggerOptions } from '#server/platform/logger.ts';
import type { Metrics, RecordRequest } from '#server/platform/metrics.ts';
import { requestIdOf } from '#server/platform/request-id.ts';
import apiProxy from './plugins/api-proxy.ts';
import buildInfo from './plugins/build-info.ts';
import clientFiles, { type ClientSourceOptions } from './plugins/client-files.ts';
import crawlerFiles from './plugins/crawler-files.ts';
import csrf from './plugins/csrf.ts';
import health from './plugins/health.ts';
import pageGuards from './plugins/page-guards.ts';
import rateLimits, { defaultRateLimits, type BffRateLimits } from './plugins/rate-limits.ts';
import securityHeaders, { readCspScriptHashes } from './plugins/security-headers.ts';
import sessionPlugin from './plugins/session.ts';
import { authSessionRoutes } from './routes/auth-session-routes.ts';
import { shopifyRoutes } from './routes/shopify-routes.ts';
import { stripeWebhookRoute } from './routes/stripe-webhook-route.ts';
import { weeklySummaryUnsubscribeRoute } from './routes/weekly-summary-unsubscribe-route.ts';
import { unsubscribePath } from '#server/areas/weekly-summary/index.ts';
import { connectUpstreamApi } from './upstream-api.ts';
import { errorPageFor } from './error-page.ts';
import { runtimeConfigOf } from './runtime-config.ts';
import { createSessionContext } from '#server/areas/sessions/index.ts';
import { createLiveEventFeed } from '#server/areas/live/index.ts';
import { liveEventsRoutes } from './routes/live-events-route.ts';

export interface BffDependencies {
  config: Config;
  database: DatabaseHandle;
  identity: IdentityProvider;
  /** The product API's origin; only /api/v1/* is forwarded to it. */
  upstreamUrl: string;
  /** Keys the encryption of the tokens kept in sessions (at least 32 characters). */
  sessionSecret: string;
  /**
   * Routes of local mode's stand-ins (the Google sign-in page), given by the composition root in
   * local mode only, so that production never loads them.
   */
  localRoutes?: FastifyPluginAsync<{ identity: IdentityProvider }>;
  /** host:port of the Firebase Auth Emulator in local mode (allowed by the CSP). */
  emulatorHost?: string;
  /** The local Shopify's address in local mode, where its stores' images are (allowed by the CSP). */
  localShopifyUrl?: string;
  /** The Vite build: index.html, assets/, builds/. Default: <repo>/dist/client. */
  clientDir?: string;
  /** How long the API may take before the proxy answers 504; default 10 s. */
  upstreamTimeoutMs?: number;
  /** API requests one session may have under way at once (default 16); more get 429. */
  proxiedRequestsPerSession?: number;
  /** How long a client may take over a request; defaults in server/http/server-options.ts. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * How long a session read stays cached in this process (default 2 s; 0 disables). Changes made here
   * apply at once; a sign-out handled by another instance is seen here at most this much later.
   */
  sessionCacheTtlMs?: number;
  /** Default 2 s per check of /readyz. */
  readinessTimeoutMs?: number;
  /**
   * Per-address budgets (IPv6 per /64): sign-ins (default 20 failures per 10 min and 60 attempts per
   * minute), the other /auth/session routes (300/min) and POST /api/v1/contact (10/hour).
   */
  rateLimits?: Partial<BffRateLimits>;
  /** Where the JSON log lines go; default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Counts each answered request for the metrics endpoint (server/platform/metrics.ts). */
  recordRequest?: RecordRequest;
  /**
   * Takes the figures this BFF reads at each scrape (the live channels open), for the metrics
   * endpoint (server/platform/metrics.ts).
   */
  addSampledFigures?: Metrics['addSampledFigures'];
  /** How often a live channel sends its heartbeat (default 20 s, under the 60 s idle cut). */
  liveHeartbeatMs?: number;
  /** Dev mode only: where Vite finds its config and root. Default: <repo>/vite.config.ts. */
  devServer?: { configFile?: string | false; root?: string };
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const defaultUpstreamTimeoutMs = 10_000;
/**
 * The client makes a few API calls at a time (a screen's data, a save); the bound keeps one session
 * far from the 128 connections all sessions of an instance share to reach the API.
 */
const defaultProxiedRequestsPerSession = 16;
const defaultReadinessTimeoutMs = 2_000;
const defaultSessionCacheTtlMs = 2_000;
const defaultLiveHeartbeatMs = 20_000;
/** /auth bodies are two tokens; the proxy reads API bodies within limits of its own (api-proxy.ts). */
const bodyLimitBytes = 64 * 1024;

/**
 * The BFF, which holds the sessions and stands between the browser and the API: sessions, page
 * guards, the client's files, the build manifests and the /api proxy, built but not listening.
 * Plugins are registered in the order they act on a request: headers and the CSRF check as it
 * arrives, then sessions, then what answers it.
 */
export async function buildBffApp(deps: BffDependencies): Promise<FastifyInstance> {
  const { config } = deps;
  const clientDir = deps.clientDir ?? path.join(repoRoot, 'dist', 'client');
  const devServer = config.mode === 'local' && config.devServer;

  const app = Fastify({
    ...serverOptions(deps.timeouts),
    logger: Object.assign(
      {},
      loggerOptions(config.logLevel),
      deps.logStream !== undefined ? { stream: deps.logStream } : {},
    ),
    // A request id from a trusted front (load balancer, the client's trace) is kept, if it is sane.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // Behind a load balancer (TRUST_PROXY), rate limits count the client's address, not the balancer's.
    trustProxy: config.trustProxy,
    bodyLimit: bodyLimitBytes,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  readJsonBodies(app);
  answerErrorsWithCodes(app, { pageFor: errorPageFor, namedFailureOf: databaseBusyFailureOf });
  const rateLimitBudgets: BffRateLimits = { ...defaultRateLimits, ...deps.rateLimits };

  try {
    // What every request meets first: headers, then the cross-site check, before any body is read.
    if (deps.recordRequest !== undefined)
      await app.register(requestMetrics, { server: 'bff', record: deps.recordRequest });
    await app.register(gracefulShutdown);
    await app.register(unreadBodies);
    // What depends on the session is never stored by a browser or a cache.
    await app.register(privateAnswers, { prefixes: ['/auth', '/api', '/live'] });
    await app.register(securityHeaders, {
      production: config.mode === 'production',
      devServer,
      firebaseAuthDomain: config.firebase.authDomain,
      ...(deps.emulatorHost !== undefined && { emulatorHost: deps.emulatorHost }),
      ...(deps.localShopifyUrl !== undefined && { localShopifyUrl: deps.localShopifyUrl }),
      ...(config.sentryDsn !== undefined && { sentryDsn: config.sentryDsn }),
      scriptHashes: devServer ? [] : await readCspScriptHashes(clientDir),
    });
    await app.register(csrf, {
      publicOrigin: new URL(config.publicUrl).origin,
      serverToServerPaths: ['/webhooks/shopify', '/webhooks/stripe', unsubscribePath],
    });

    // External plugins the app plugins build on.
    await app.register(cookie);
    await app.register(compress, { global: false, encodings: ['br', 'gzip'] });
    await app.register(rateLimits);

    // Sessions, then what answers requests.
    const sessionContext = createSessionContext({
      db: deps.database.db,
      identity: deps.identity,
      sessionSecret: deps.sessionSecret,
      cacheTtlMs: deps.sessionCacheTtlMs ?? defaultSessionCacheTtlMs,
    });
    await app.register(sessionPlugin, { context: sessionContext });
    await app.register(authSessionRoutes, {
      context: sessionContext,
      rateLimits: rateLimitBudgets,
      verificationContinueUrl: `${config.publicUrl}/verify-email-success`,
    });
    // The live channel: one Server-Sent Events stream per signed-in browser.
    const liveFeed = createLiveEventFeed({ database: deps.database, log: app.log });
    app.addHook('onClose', () => liveFeed.close());
    await app.register(liveEventsRoutes, {
      feed: liveFeed,
      context: sessionContext,
      heartbeatMs: deps.liveHeartbeatMs ?? defaultLiveHeartbeatMs,
    });
    deps.addSampledFigures?.([
      {
        name: 'vitrine_live_channels_open',
        help: 'Live channels (Server-Sent Events) this BFF instance holds open now.',
        sample: async () => [{ value: liveFeed.subscriptions }],
      },
    ]);
    await app.register(health, {
      database: deps.database,
      upstreamUrl: deps.upstreamUrl,
      timeoutMs: deps.readinessTimeoutMs ?? defaultReadinessTimeoutMs,
    });
    // One pool of connections to the API, for the proxy and for Shopify's routes alike.
    const api = connectUpstreamApi({
      upstreamUrl: deps.upstreamUrl,
      timeoutMs: deps.upstreamTimeoutMs ?? defaultUpstreamTimeoutMs,
    });
    app.addHook('onClose', () => api.close());
    await app.register(apiProxy, {
      api,
      contactRateLimit: rateLimitBudgets.contact,
      requestsPerSession: deps.proxiedRequestsPerSession ?? defaultProxiedRequestsPerSession,
    });
    await app.register(shopifyRoutes, { api });
    await app.register(stripeWebhookRoute, { api });
    await app.register(weeklySummaryUnsubscribeRoute, { db: deps.database.db });
    await app.register(buildInfo, { clientDir });
    await app.register(crawlerFiles, { publicUrl: config.publicUrl });
    await app.register(clientFiles, {
      ...clientFilesOptions(devServer, clientDir, deps.devServer),
      runtimeConfig: runtimeConfigOf(config, deps.emulatorHost),
    });
    if (deps.localRoutes !== undefined) {
      await app.register(deps.localRoutes, { identity: deps.identity });
    }
    await app.register(pageGuards);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

function clientFilesOptions(
  devServer: boolean,
  clientDir: string,
  overrides: BffDependencies['devServer'],
): ClientSourceOptions {
  if (!devServer) return { mode: 'built', clientDir };
  return {
    mode: 'vite',
    configFile: overrides?.configFile ?? path.join(repoRoot, 'vite.config.ts'),
    ...(overrides?.root !== undefined && { root: overrides.root }),
  };
}
