import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer.ts';

/**
 * The files that take minutes, each on its own: the 100,000-product import and its killed-and-resumed
 * runs, the imports against the local Shopify, and the production layout built and started. They are
 * a project of their own, `slow`, that `npm test` runs too: started first (SlowFirstSequencer) and
 * run beside the other files instead of among them.
 */
const slowFiles = [
  'tests/integration/catalog-bulk-files.test.ts',
  'tests/integration/catalog-local-shopify.test.ts',
  'tests/integration/catalog-sync-runs.test.ts',
  'tests/integration/production-layout.test.ts',
];

/**
 * Integration tests wait on PostgreSQL, the Auth Emulator and child processes far more than they
 * compute, and each file has a database of its own (tests/support/integration-file-database.ts):
 * they run several files at a time even on two cores, where Vitest's default (cores − 1) ran one
 * file after the other.
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
    // One pool for every project (Vitest shares it among projects of the same order): four files at
    // a time on two cores, as integration files mostly wait, and the slow ones first.
    maxWorkers: 4,
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
