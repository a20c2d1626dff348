import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer.ts';

/**
 * The files that take minutes, each on its own: the 100,000-product import and its killed-and-resumed
 * runs, the imports against the local Shopify, and the production layout built and started. They are
 * a project of their own, `slow`, that `npm test` runs too, started first (SlowFirstSequencer): with
 * more than one worker they run beside the other files instead of ending the run.
 */
const slowFiles = [
  'tests/integration/catalog-bulk-files.test.ts',
  'tests/integration/catalog-local-shopify.test.ts',
  'tests/integration/catalog-sync-runs.test.ts',
  'tests/integration/production-layout.test.ts',
];

/**
 * Each integration file has a database of its own (tests/support/integration-file-database.ts), so
 * that files can run side by side without meeting each other's rows, job queues or counts. How many
 * at a time stays Vitest's default (cores − 1: one file at a time on two cores); `--maxWorkers=N`
 * raises it. A run with four at a time on a shared two-core machine under a load of 50 timed tests
 * out in the slow files (they build the client, import 100,000 products, kill child processes).
 */
const integration = {
  environment: 'node',
  globalSetup: ['tests/support/integration-global-setup.ts'],
  setupFiles: [
    'tests/support/fail-on-console-error.ts',
    'tests/support/integration-file-database.ts',
  ],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // One pool for every project (Vitest shares it among projects of the same order), the slow
    // files first.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: slowFiles,
          ...integration,
        },
      },
      {
        test: {
          name: 'slow',
          include: slowFiles,
          ...integration,
        },
      },
    ],
  },
});
