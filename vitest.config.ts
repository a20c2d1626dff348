import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './tests/support/slow-first-sequencer.ts';

/**
 * Each integration file has a database of its own (tests/support/integration-file-database.ts), so
 * that files run side by side without meeting each other's rows, job queues or counts. They mostly
 * wait on PostgreSQL, the Auth Emulator and child processes, so two at a time on two cores, where
 * Vitest's default (cores − 1) ran one after the other; the slowest start first
 * (tests/support/slow-first-sequencer.ts). More at a time timed out the files that start the product
 * on a shared two-core machine.
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

/**
 * Integration files that start the error-reporting SDK: Sentry instruments the modules it finds
 * loaded (Fastify, http) when it starts and leaves its hooks in the process, so these files load the
 * modules afresh and keep the hooks to themselves.
 */
const freshModuleFiles = [
  'tests/integration/error-reporting.test.ts',
  'tests/integration/bff-crawler-errors.test.ts',
];

export default defineConfig({
  test: {
    // One pool for every project (Vitest shares it among projects of the same order), the slow
    // files first.
    maxWorkers: 2,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/support/fail-on-console-error.ts'],
          // A worker runs file after file without starting afresh for each: the unit files import
          // much of the same code (the product's modules, React, zod), which is then loaded once per
          // worker instead of once per file, and the project takes about 60 % of the CPU time and
          // wall time it took. Each file still gets its own environment (node or happy-dom) and
          // runs its setup file; none mocks a module or leaves a global, fake timers or a spy behind.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: freshModuleFiles,
          ...integration,
          // As for the unit files: a worker runs file after file with the modules it has loaded
          // (the server, Fastify, pg, zod, firebase-admin), which took about a quarter of the
          // project's CPU time when every file loaded them again. Each file still gets its own
          // database from its setup file; the product's module-level state is memos of pure
          // functions, and every app, pool, registry and queue is made by the file that uses it.
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration-fresh-modules',
          include: freshModuleFiles,
          ...integration,
        },
      },
    ],
  },
});
