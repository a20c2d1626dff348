import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { registeredOwner } from '../support/owners-and-stores.ts';

/**
 * When every connection of the API's pool is lent for longer than a query may wait, the request is
 * answered 503 `server_busy` with Retry-After, which a client may retry, never 500: the request
 * was sound. Here the pool has one connection and the test holds it.
 */

let api: ApiTestContext;

beforeAll(async () => {
  // The wait is long enough for the owner's registration to queue behind the job queue's own
  // queries on a busy machine, and still ends a request that finds the connection held.
  api = await startApiForTests({ pool: { maxConnections: 1, connectionWaitMs: 2_000 } });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

it('answers 503 `server_busy` with Retry-After while every connection is lent, and serves once one is free', async () => {
  const owner = await registeredOwner(api);
  const readAccount = () =>
    api.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(owner.idToken) });

  let held: pg.PoolClient | undefined = await api.database.pool.connect();
  try {
    const busy = await readAccount();

    expect(busy.statusCode).toBe(503);
    expect(errorOf(busy).code).toBe('server_busy');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);

    held.release();
    held = undefined;
    const served = await readAccount();
    expect(served.statusCode).toBe(200);
  } finally {
    held?.release();
  }
});
