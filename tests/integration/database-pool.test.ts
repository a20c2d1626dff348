import pg from 'pg';
import { expect, test } from 'vitest';
import { testDatabaseUrl } from '../support/integration-services.ts';
import { openDatabase } from '#server/db/database.ts';

test('a pooled connection that dies while idle is reported to the handler, and the pool goes on', async () => {
  const heard: Error[] = [];
  const database = openDatabase(testDatabaseUrl(), {
    maxConnections: 1,
    onIdleConnectionError: (error) => heard.push(error),
  });
  const admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
  try {
    const {
      rows: [first],
    } = await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    // The connection is idle in the pool now; the server ends it, as a restart or a failover would.
    await admin.query('select pg_terminate_backend($1)', [first!.pid]);
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
    expect(heard[0]?.message).toMatch(/terminat/i);

    const {
      rows: [second],
    } = await database.pool.query<{ pid: number }>('select pg_backend_pid() as pid');
    expect(second!.pid).not.toBe(first!.pid);
  } finally {
    await admin.end();
    await database.close();
  }
});
