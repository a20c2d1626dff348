import fastifySwagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { DestinationStream, LoggerOptions } from 'pino';
import type Stripe from 'stripe';
import { apiBodyLimitBytes } from '#shared/constants.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { loggerOptions } from '#server/platform/logger.ts';
import type { RecordRequest } from '#server/platform/metrics.ts';
import { requestIdHeader, requestIdOf } from '#server/platform/request-id.ts';
import { answerErrorsWithCodes, answerUnknownRoutes } from '#server/http/error-replies.ts';
import gracefulShutdown from '#server/http/graceful-shutdown.ts';
import { readJsonBodies } from '#server/http/json-bodies.ts';
import privateAnswers from '#server/http/private-answers.ts';
import requestMetrics from '#server/http/request-metrics.ts';
import unreadBodies from '#server/http/unread-bodies.ts';
import { serverOptions, type ServerTimeouts } from '#server/http/server-options.ts';
import { databaseBusyFailureOf } from '#server/db/database-busy.ts';
import type { ApiRateLimits } from './plugins/caller-rate-limits.ts';
import { docsRoutes } from './routes/docs.ts';
import { healthRoutes } from './routes/health.ts';
import { v1Routes } from './routes/v1/index.ts';
import type { BillingRoutesOptions } from './routes/v1/billing/index.ts';
import type { ShopsRoutesOptions } from './routes/v1/shops/index.ts';
import { shopifyInstallRequestRoutes } from './routes/shopify-install-requests.ts';
import { webhookRoutes } from './routes/webhooks.ts';

export interface ApiDependencies {
  database: DatabaseHandle;
  identity: IdentityProvider;
  /** Where durable work goes (the account-deletion job); started by the caller. */
  jobs: JobQueue;
  logLevel: string;
  /** Where the JSON log lines go; stdout unless a test wants to read them. */
  logStream?: DestinationStream;
  /** How long a client may take over a request; defaults in server/http/server-options.ts. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Connected stores: the /api/v1/shops routes and Shopify's webhooks. The product always gives
   * them; tests of other routes may leave them out.
   */
  shops?: Omit<ShopsRoutesOptions, 'database' | 'rateLimits'>;
  /**
   * Vitrine's Stripe account and the signing secret of its endpoint, for Stripe's events
   * (`/webhooks/stripe`). The product always gives them; tests of other routes may leave them out.
   */
  stripeEvents?: { client: Stripe; webhookSecret: string };
  /**
   * Paid plans: the Stripe client, the prices read at the start and Checkout's settings, for the
   * /api/v1/billing routes (with the stores) and the cancellation an account deletion starts with.
   * The product always gives them; tests of other routes may leave them out.
   */
  billing?: Omit<BillingRoutesOptions, 'database' | 'catalog' | 'rateLimits'>;
  /**
   * Budgets per account of the costly writes (server/api/plugins/caller-rate-limits.ts); each
   * defaults to its value in defaultApiRateLimits.
   */
  rateLimits?: Partial<ApiRateLimits>;
  /** Counts each answered request for the metrics endpoint (server/platform/metrics.ts). */
  recordRequest?: RecordRequest;
}

/**
 * The product API: the account, contact, stores and billing routes under /api/v1, each verifying
 * the caller's Firebase ID token itself; Shopify's webhooks and install requests, which carry
 * Shopify's signature instead; and Stripe's events, which carry Stripe's. Returns the app built and
 * ready; the caller decides where it listens.
 */
export async function buildApiApp(deps: ApiDependencies): Promise<FastifyInstance> {
  const logger: LoggerOptions & { stream?: DestinationStream } = loggerOptions(deps.logLevel);
  if (deps.logStream !== undefined) logger.stream = deps.logStream;
  const app = Fastify({
    ...serverOptions(deps.timeouts),
    bodyLimit: apiBodyLimitBytes,
    logger,
    // The BFF sends its request id along, so one id follows a call through both processes' logs; an
    // id that is not sane is replaced, since the API may be reached without the BFF.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // The API takes no client address or protocol from forwarding headers; nothing here depends on them.
    trustProxy: false,
  });

  // 1. External plugins. Swagger must come before the routes, which it collects as they are added.
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vitrine API',
        description: 'The product backend. Errors are `{ error: { code, message, field? } }`.',
        version: '1',
      },
      components: {
        securitySchemes: {
          firebaseIdToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'Firebase ID token (JWT)',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });

  // 2. App plugins: zod validates input and serialises output; every error becomes a code; answers
  // to a caller are never cached; a stop lets the requests in flight finish.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  readJsonBodies(app);
  answerErrorsWithCodes(app, { namedFailureOf: databaseBusyFailureOf });
  answerUnknownRoutes(app);
  if (deps.recordRequest !== undefined)
    await app.register(requestMetrics, { server: 'api', record: deps.recordRequest });
  await app.register(gracefulShutdown);
  await app.register(unreadBodies);
  await app.register(privateAnswers, { prefixes: ['/api'] });
  // The id is sent back, so that a caller can quote it when reporting a failure.
  app.addHook('onRequest', (request, reply, done) => {
    void reply.header(requestIdHeader, request.id);
    done();
  });

  // 3. Routes. Only /api/v1 requires a caller; probes and the document are open, and webhooks and
  // install requests are signed by their sender.
  await app.register(healthRoutes);
  await app.register(docsRoutes);
  await app.register(v1Routes, {
    prefix: '/api/v1',
    database: deps.database,
    identity: deps.identity,
    jobs: deps.jobs,
    ...(deps.shops !== undefined && { shops: deps.shops }),
    ...(deps.billing !== undefined && { billing: deps.billing }),
    ...(deps.rateLimits !== undefined && { rateLimits: deps.rateLimits }),
  });
  if (deps.shops !== undefined || deps.stripeEvents !== undefined) {
    await app.register(webhookRoutes, {
      database: deps.database,
      jobs: deps.jobs,
      ...(deps.shops !== undefined && { shopifyApiSecret: deps.shops.shopify.apiSecret }),
      ...(deps.stripeEvents !== undefined && { stripe: deps.stripeEvents }),
    });
  }
  if (deps.shops !== undefined) {
    await app.register(shopifyInstallRequestRoutes, {
      shopifyApiSecret: deps.shops.shopify.apiSecret,
    });
  }

  await app.ready();
  return app;
}
