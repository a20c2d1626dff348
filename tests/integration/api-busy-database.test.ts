import type pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, errorOf, startApiForTests, type ApiTestContext } from '../support/api-test-app.ts';
import { registeredOwner } from '../support/owners-and-stores.ts';

/**
 * When every connection of the API's pool is lent for longer than a query may wait, the request is
 * answered 503 `server_busy` with Retry-After, which a client may retry, never 500: the request
 * was sound. Here the pool has two connections and the test holds both.
 */

let api: ApiTestContext;

beforeAll(async () => {
  // Two connections: a registration may use a second one beside its transaction's. No workers: a
  // job of theirs holding a connection would leave the test waiting for one of its own.
  api = await startApiForTests({
    pool: { maxConnections: 2, connectionWaitMs: 2_000 },
    workers: false,
  });
}, 60_000);

afterAll(async () => {
  await api?.close();
});

it('answers 503 `server_busy` with Retry-After while every connection is lent, and serves once one is free', async () => {
  const owner = await registeredOwner(api);
  const readAccount = () =>
    api.app.inject({ method: 'GET', url: '/api/v1/account/me', headers: bearer(owner.idToken) });

  let held: pg.PoolClient[] = [
    await api.database.pool.connect(),
    await api.database.pool.connect(),
  ];
  try {
    const busy = await readAccount();

    expect(busy.statusCode).toBe(503);
    expect(errorOf(busy).code).toBe('server_busy');
    expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);

    for (const client of held) client.release();
    held = [];
    const served = await readAccount();
    expect(served.statusCode).toBe(200);
  } finally {
    for (const client of held) client.release();
  }
});
