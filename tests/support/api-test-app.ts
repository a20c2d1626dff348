import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApiApp } from '../../server/api/app.ts';
import type { DatabaseHandle } from '../../server/db/database.ts';
import type { IdentityProvider } from '../../server/platform/identity.ts';
import { createTestIdentity, emulatorHost, openTestDatabase } from './integration-services.ts';

/**
 * The API as the product runs it, against the integration run's PostgreSQL and Auth Emulator. Each
 * test file gets its own app and pool; tests inside it make their own users.
 */
export interface ApiTestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  identity: IdentityProvider;
  emulatorHost: string;
  close(): Promise<void>;
}

export async function startApiForTests(): Promise<ApiTestContext> {
  const database = openTestDatabase();
  const identity = createTestIdentity();
  const app = await buildApiApp({ database, identity, logLevel: 'silent' });
  return {
    app,
    database,
    identity,
    emulatorHost: emulatorHost(),
    async close() {
      await app.close();
      await identity.close();
      await database.close();
    },
  };
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
