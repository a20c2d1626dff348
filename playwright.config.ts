import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { specStoreNames } from './tests/e2e/seeded-stores.ts';
import { testProjectId } from './tests/support/test-environment.ts';

/**
 * End-to-end tests run Debian's Chromium against the product exactly as `npm start` runs it, on
 * ports and a data directory of their own (npm test picks free ports and passes them in).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9210);
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('.test-data', 'e2e');
export const baseURL = `http://localhost:${port}`;

/**
 * A second instance of the product, with error reporting on (SENTRY_DSN), for
 * tests/e2e/error-reporting.spec.ts only: with a DSN every page loads the SDK, sends envelopes and
 * trace headers and records replays, which the other tests must not see. It reports to a recording
 * stand-in of Sentry's ingest (tests/support/sentry-ingest.mjs). Its ports default to neighbours of
 * the main ones; npm test passes free ones in.
 */
const errorReportingPort = Number(process.env.E2E_ERROR_REPORTING_PORT ?? port + 1);
const errorReportingEmulatorPort = Number(
  process.env.E2E_ERROR_REPORTING_AUTH_EMULATOR_PORT ?? authEmulatorPort + 1,
);
const sentryPort = Number(process.env.E2E_SENTRY_PORT ?? port + 2);
const sentryUrl = `http://127.0.0.1:${sentryPort}`;
const errorReportingDataDir = path.join(dataDir, 'error-reporting');

/**
 * The local Shopify each instance starts in local mode (server/local/shopify), on a port of its own:
 * the stores' tests reach its install screen through the product, and its test controls
 * (`/<shop>/_local/api/…`) directly. The error-reporting instance's is never used by a test, but
 * must not take the port of another's.
 */
const localShopifyPort = Number(process.env.E2E_LOCAL_SHOPIFY_PORT ?? port + 3);
const errorReportingLocalShopifyPort = Number(
  process.env.E2E_ERROR_REPORTING_LOCAL_SHOPIFY_PORT ?? port + 4,
);
/** The local Stripe each instance starts (server/local/stripe), likewise on a port of its own. */
const localStripePort = Number(process.env.E2E_LOCAL_STRIPE_PORT ?? port + 5);
const errorReportingLocalStripePort = Number(
  process.env.E2E_ERROR_REPORTING_LOCAL_STRIPE_PORT ?? port + 6,
);

// Workers read these to reach the emulator, the database and the mail files of the product under test.
process.env.E2E_AUTH_EMULATOR_HOST = `127.0.0.1:${authEmulatorPort}`;
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_ERROR_REPORTING_URL = `http://localhost:${errorReportingPort}`;
process.env.E2E_ERROR_REPORTING_AUTH_EMULATOR_HOST = `127.0.0.1:${errorReportingEmulatorPort}`;
process.env.E2E_ERROR_REPORTING_DATA_DIR = errorReportingDataDir;
process.env.E2E_SENTRY_URL = sentryUrl;
process.env.E2E_LOCAL_SHOPIFY_URL = `http://127.0.0.1:${localShopifyPort}`;
process.env.E2E_LOCAL_STRIPE_URL = `http://127.0.0.1:${localStripePort}`;

const productServer = {
  command: 'node scripts/start.mjs',
  reuseExistingServer: false,
  // Local mode starts the Auth Emulator (a firebase-tools process), which takes minutes to answer
  // on a busy machine.
  timeout: 300_000,
  stdout: 'pipe',
  stderr: 'pipe',
  gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
} as const;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    // No trace by default: recording one, to keep it only when the test fails, cost every test
    // about 0.27 CPU-seconds of a two-core machine (the DOM of each step, sent and stored), some
    // 4 % of the end-to-end run's CPU. A failed test still prints its error and the page's
    // snapshot; run its spec again with `--trace on` for the trace of each step (README.md).
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Chromium's own background traffic only meets refusals on a closed network; keep it quiet.
      args: [
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Started one after the other, in this order: the first builds the client when it is stale, so the
  // second finds it built. Playwright waits for each server's `url` before it starts the next one
  // and runs no test until the last is ready; the error-reporting instance has no `url`, so that
  // its start (a minute of a busy machine's time, Auth Emulator included) runs beside the first
  // tests rather than before them: tests/e2e/error-reporting.spec.ts waits for it itself.
  webServer: [
    {
      ...productServer,
      url: `${baseURL}/healthz`,
      env: {
        PORT: String(port),
        DATA_DIR: dataDir,
        FIREBASE_AUTH_EMULATOR_PORT: String(authEmulatorPort),
        FIREBASE_PROJECT_ID: testProjectId,
        LOCAL_SHOPIFY_PORT: String(localShopifyPort),
        // A store for each spec that connects one (tests/e2e/seeded-stores.ts), so that they need
        // not take turns.
        LOCAL_SHOPIFY_STORES: specStoreNames.join(','),
        LOCAL_STRIPE_PORT: String(localStripePort),
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: `node tests/support/sentry-ingest.mjs ${sentryPort}`,
      url: `${sentryUrl}/envelopes`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: 'ignore',
      stderr: 'pipe',
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    },
    {
      ...productServer,
      env: {
        PORT: String(errorReportingPort),
        DATA_DIR: errorReportingDataDir,
        FIREBASE_AUTH_EMULATOR_PORT: String(errorReportingEmulatorPort),
        FIREBASE_PROJECT_ID: testProjectId,
        LOCAL_SHOPIFY_PORT: String(errorReportingLocalShopifyPort),
        LOCAL_STRIPE_PORT: String(errorReportingLocalStripePort),
        LOG_LEVEL: 'warn',
        // Environment and release left unset: the reports must carry the default labels.
        SENTRY_DSN: `http://public@127.0.0.1:${sentryPort}/1`,
      },
    },
  ],
});
