import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { testProjectId } from './tests/support/test-environment.ts';

/**
 * End-to-end tests run Debian's Chromium against the product exactly as `npm start` runs it, on
 * ports and a data directory of their own (npm test picks free ports and passes them in).
 */
const port = Number(process.env.E2E_PORT ?? 3210);
const authEmulatorPort = Number(process.env.E2E_AUTH_EMULATOR_PORT ?? 9210);
const dataDir = process.env.E2E_DATA_DIR ?? path.resolve('.test-data', 'e2e');
export const baseURL = `http://localhost:${port}`;

// Workers read these to reach the emulator the product under test uses.
process.env.E2E_AUTH_EMULATOR_HOST = `127.0.0.1:${authEmulatorPort}`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  webServer: {
    command: 'node scripts/start.mjs',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_PORT: String(authEmulatorPort),
      FIREBASE_PROJECT_ID: testProjectId,
      LOG_LEVEL: 'warn',
    },
  },
});
