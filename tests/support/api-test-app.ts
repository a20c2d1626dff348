import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildApiApp, type ApiDependencies } from '#server/api/app.ts';
import type { DatabaseHandle } from '#server/db/database.ts';
import { insertSession } from '#server/areas/sessions/sessions-repository.ts';
import { createJobQueue, type JobQueue } from '#server/jobs/job-queue.ts';
import { startWorkers, storeCatalog } from '#server/workers.ts';
import type { IdentityProvider } from '#server/platform/identity.ts';
import { createMailer } from '#server/platform/mail.ts';
import type { ShopCatalog } from '#server/areas/shops/shop-catalog.ts';
import type { ShopifyApp } from '#server/platform/shopify/shopify-app.ts';
import { createStripeClient, type StripeSettings } from '#server/platform/stripe/stripe-client.ts';
import {
  createTestIdentity,
  emulatorHost,
  openTestDatabase,
  testDatabaseUrl,
} from './integration-services.ts';
import {
  recordingCatalog,
  testOauthRedirectUri,
  testShopifyApp,
  testShopTokens,
} from './shops-test-support.ts';

/**
 * The API as the product runs it, against the integration run's PostgreSQL and Auth Emulator, with
 * its job queue and workers. Each test file gets its own app, pool and job schema (so its workers
 * never take another file's jobs); tests inside it make their own users.
 */
export interface ApiTestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  identity: IdentityProvider;
  jobs: JobQueue;
  /** The pg-boss schema of this context's jobs. */
  jobSchema: string;
  emulatorHost: string;
  close(): Promise<void>;
}

export interface ApiTestOptions {
  /** Wraps the real identity provider, e.g. to make a call fail the way Firebase would. */
  wrapIdentity?: (identity: IdentityProvider) => IdentityProvider;
  /** Wraps the real job queue, e.g. to shorten the retry delays or make sending fail. */
  wrapJobs?: (jobs: JobQueue) => JobQueue;
  /** The Shopify app the stores' routes use; default: one whose Shopify cannot be reached. */
  shopify?: ShopifyApp;
  /**
   * The catalog's side of connected stores; default: a recording one. `product`: the product's own
   * (storeCatalog), which imports, and deletes a store's copy, audit and changes.
   */
  shopCatalog?: ShopCatalog | 'product';
  /** Where the API's log lines go; default: nowhere. */
  logStream?: DestinationStream;
  /** The Stripe account billing reads subscriptions from; default: one whose Stripe cannot be reached. */
  stripe?: StripeSettings;
  /** Stripe, the plans' prices and Checkout's settings (tests/support/local-stripe.ts); default: none. */
  billing?: ApiDependencies['billing'];
  /** Budgets per account of the costly writes; default: the product's. */
  rateLimits?: ApiDependencies['rateLimits'];
  /** The API's pool: its size (default 4) and how long a query waits for a connection. */
  pool?: { maxConnections?: number; connectionWaitMs?: number };
  /**
   * Whether the jobs' workers run on the API's pool (default: yes). Without them, nothing but the
   * test's own requests borrows its connections: a job the workers start on their own (a sweep
   * scheduled at start) would otherwise hold one at moments the test cannot foresee.
   */
  workers?: boolean;
}

/** A Stripe account whose API answers nowhere (nothing listens on port 9), for tests without billing. */
export const unreachableStripe: StripeSettings = {
  secretKey: 'sk_test_unreachable',
  webhookSecret: 'whsec_test_unreachable',
  automaticTax: false,
  apiUrl: 'http://127.0.0.1:9',
};

export async function startApiForTests(options: ApiTestOptions = {}): Promise<ApiTestContext> {
  const database = openTestDatabase(options.pool);
  const realIdentity = createTestIdentity();
  const identity = options.wrapIdentity?.(realIdentity) ?? realIdentity;
  const jobSchema = `pgboss_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const realJobs = createTestJobQueue(jobSchema);
  const jobs = options.wrapJobs?.(realJobs) ?? realJobs;
  await realJobs.start();
  // Contact mail is tested on its own (contact-test-support.ts); here it only has to go somewhere.
  const mailDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-api-mail-'));
  const contactInbox = 'contact@vitrine.example';
  const mailer = createMailer(
    {
      mode: 'local',
      dataDir: mailDir,
      mail: { from: 'Vitrine <no-reply@localhost>', contactInbox },
    },
    () => {},
  );
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  const shopCatalog =
    options.shopCatalog === 'product'
      ? storeCatalog({ db: database.db, jobs })
      : (options.shopCatalog ?? recordingCatalog());
  const shopify = options.shopify ?? testShopifyApp();
  const stripeSettings = options.stripe ?? unreachableStripe;
  const stripe = createStripeClient(stripeSettings);
  if (options.workers !== false) {
    await startWorkers({
      jobs: realJobs,
      db: database.db,
      identity,
      mailer,
      shopify,
      shopTokens: testShopTokens,
      contactInbox,
      shopCatalog,
      stripe,
      publicUrl: 'http://localhost:3000',
      log: silent,
    });
  }
  const app = await buildApiApp({
    database,
    identity,
    jobs,
    logLevel: options.logStream === undefined ? 'silent' : 'info',
    ...(options.logStream !== undefined && { logStream: options.logStream }),
    shops: {
      shopify,
      shopTokens: testShopTokens,
      oauthRedirectUri: testOauthRedirectUri,
      catalog: shopCatalog,
    },
    stripeEvents: { client: stripe, webhookSecret: stripeSettings.webhookSecret },
    ...(options.billing !== undefined && { billing: options.billing }),
    ...(options.rateLimits !== undefined && { rateLimits: options.rateLimits }),
  });
  return {
    app,
    database,
    identity,
    jobs,
    jobSchema,
    emulatorHost: emulatorHost(),
    async close() {
      await app.close();
      await realJobs.stop();
      mailer.close();
      await realIdentity.close();
      await database.close();
      await fs.rm(mailDir, { recursive: true, force: true });
    },
  };
}

/** A queue in a schema of its own, polling often so that a test waits for jobs briefly. */
export function createTestJobQueue(schema: string): JobQueue {
  return createJobQueue({
    databaseUrl: testDatabaseUrl(),
    schema,
    pollingIntervalSeconds: 0.5,
    // The suite fails on console errors: a queue failure is never silent.
    onError: (error) => console.error('job queue failed', error),
  });
}

/**
 * A queue that is never started, for apps whose database is down on purpose: like the database, it
 * refuses every job.
 */
export function unreachableJobQueue(databaseUrl: string): JobQueue {
  return createJobQueue({ databaseUrl, onError: () => {} });
}

export function bearer(idToken: string): { authorization: string } {
  return { authorization: `Bearer ${idToken}` };
}

/** The `{ error: { code, … } }` of an answer, or a clear failure when the answer is not one. */
export function errorOf(response: LightMyRequestResponse): {
  code: string;
  message: string;
  field?: string;
} {
  const body = response.json<{ error?: { code: string; message: string; field?: string } }>();
  if (body.error === undefined) throw new Error(`Expected an error body, got ${response.body}`);
  return body.error;
}

/**
 * A session row of `uid` as the BFF would store it, with placeholder tokens: for tests of what the
 * API does to a user's sessions, which never decrypt them.
 */
export async function insertTestSession(database: DatabaseHandle, uid: string): Promise<void> {
  const now = Date.now();
  await insertSession(database.db, {
    idHash: randomUUID(),
    uid,
    claims: {
      uid,
      email: null,
      displayName: null,
      photoURL: null,
      providerId: 'password',
      emailVerified: true,
    },
    refreshTokenEncrypted: 'encrypted-refresh-token',
    idTokenEncrypted: 'encrypted-id-token',
    idTokenExpiresAt: new Date(now + 3_600_000),
    expiresAt: new Date(now + 86_400_000),
  });
}
