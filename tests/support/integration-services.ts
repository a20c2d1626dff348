import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createIdentityProvider, type IdentityProvider } from '#server/platform/identity.ts';
import { testProjectId } from './test-environment.ts';

/**
 * The real services an integration test file talks to: the run's PostgreSQL and Auth Emulator,
 * started by integration-global-setup.ts. Each test file opens its own pool and identity provider.
 */

export const emulatorHost = (): string => inject('authEmulatorHost');

export function openTestDatabase(
  options: { maxConnections?: number; connectionWaitMs?: number } = {},
): DatabaseHandle {
  return openDatabase(inject('databaseUrl'), {
    maxConnections: options.maxConnections ?? 4,
    ...(options.connectionWaitMs !== undefined && { connectionWaitMs: options.connectionWaitMs }),
  });
}

export function createTestIdentity(): IdentityProvider {
  return createIdentityProvider(
    {
      projectId: testProjectId,
      apiKey: 'test-api-key',
      authDomain: 'demo-vitrine.firebaseapp.com',
    },
    emulatorHost(),
  );
}
