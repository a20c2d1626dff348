import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '#server/db/database.ts';
import { createIdentityProvider, type IdentityProvider } from '#server/platform/identity.ts';
import { testProjectId } from './test-environment.ts';

/**
 * The real services an integration test file talks to: the run's PostgreSQL and Auth Emulator,
 * started by integration-global-setup.ts. Each test file has a database of its own, copied from the
 * migrated template by integration-file-database.ts before the file runs, so that files run side by
 * side: no file sees another's rows, jobs or counts. Each opens its own pool and identity provider.
 */

export const emulatorHost = (): string => inject('authEmulatorHost');

let fileDatabaseUrl: string | undefined;

/** The URL of this test file's own database. */
export function testDatabaseUrl(): string {
  if (fileDatabaseUrl === undefined) {
    throw new Error('No database for this file: integration-file-database.ts runs before it.');
  }
  return fileDatabaseUrl;
}

export function useFileDatabase(url: string): void {
  fileDatabaseUrl = url;
}

export function openTestDatabase(
  options: { maxConnections?: number; connectionWaitMs?: number } = {},
): DatabaseHandle {
  return openDatabase(testDatabaseUrl(), {
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
