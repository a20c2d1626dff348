import pg from 'pg';
import { expect, inject, test } from 'vitest';

test('the local PostgreSQL stores text as UTF-8, whatever the machine’s locale', async () => {
  const client = new pg.Client({ connectionString: inject('databaseUrl') });
  await client.connect();
  try {
    const { rows } = await client.query<{ encoding: string; upper: string; length: number }>(
      `select current_setting('server_encoding') as encoding, upper($1) as upper, length($1) as length`,
      ['crème brûlée à l’œuf'],
    );
    expect(rows[0]).toEqual({ encoding: 'UTF8', upper: 'CRÈME BRÛLÉE À L’ŒUF', length: 20 });
  } finally {
    await client.end();
  }
});
