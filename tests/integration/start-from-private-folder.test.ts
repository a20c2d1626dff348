import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';
import { startProduct, type StartedProduct } from '../support/started-product.ts';

/**
 * As root, the embedded PostgreSQL runs as a system user of its own, which cannot enter a folder only
 * root may enter: a clone under /root, the usual case in a container. `npm start` must still come up
 * there. The clone is made inside a folder of mode 0700 (its node_modules hard-linked, so that the
 * PostgreSQL programs really sit in the private folder), and started with its default data folder,
 * `.data` beside the code, as a new developer would.
 *
 * Only root runs PostgreSQL as another user; for anyone else every folder they can use is theirs.
 */
const asRoot = process.getuid?.() === 0;
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
/** What `npm start` reads: the code, the lock and its install stamp, the client and its build stamp. */
const cloneEntries = [
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'tsconfig.base.json',
  'vite.config.ts',
  'client',
  'shared',
  'server',
  'scripts',
  'dist',
  'node_modules',
];

let privateFolder: string;
let clone: string;
const started: StartedProduct[] = [];

beforeAll(async () => {
  if (!asRoot) return;
  await fs.mkdir(path.join(repoRoot, '.test-data'), { recursive: true });
  // Next to the repository, on the same file system, so that hard links are possible.
  privateFolder = await fs.mkdtemp(path.join(repoRoot, '.test-data', 'private-'));
  await fs.chmod(privateFolder, 0o700);
  clone = path.join(privateFolder, 'vitrine');
  await fs.mkdir(clone);
  for (const entry of cloneEntries) {
    const source = path.join(repoRoot, entry);
    if (await fs.stat(source).catch(() => undefined))
      execFileSync('cp', ['-al', source, path.join(clone, entry)]);
  }
}, 60_000);

afterAll(async () => {
  if (!asRoot) return;
  await Promise.all(started.map((product) => product.stop()));
  // With the cluster placed outside the clone and linked from its data folder.
  await removeDataFolder(path.join(clone, '.data'));
  await fs.rm(privateFolder, { recursive: true, force: true });
}, 60_000);

async function startTheClone(env: NodeJS.ProcessEnv = {}): Promise<StartedProduct> {
  const product = await startProduct({ cwd: clone, env: { DATA_DIR: undefined, ...env } });
  started.push(product);
  return product;
}

async function startTheCloneUntilReady(): Promise<StartedProduct> {
  const product = await startTheClone();
  await product.waitFor(
    () => product.output().includes(`Ready on http://localhost:${product.port}`),
    'ready line',
  );
  return product;
}

/** The cluster of local mode, reached the way the e2e tests reach it (port in postmaster.pid). */
async function queryTheCluster(sql: string): Promise<pg.QueryResult> {
  const pidFile = await fs.readFile(
    path.join(clone, '.data', 'postgres', 'postmaster.pid'),
    'utf8',
  );
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(pidFile.split('\n')[3]),
    user: 'vitrine',
    password: 'vitrine-local',
    database: 'vitrine',
  });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

test.skipIf(!asRoot)(
  'as root, a clone in a folder only root can enter starts, says once where its database lives, and keeps it across restarts',
  async () => {
    const first = await startTheCloneUntilReady();
    expect((await fetch(`http://localhost:${first.port}/healthz`)).status).toBe(200);
    // Placed where the database's user can reach it, linked from the data folder, and said once.
    const cluster = await fs.realpath(path.join(clone, '.data', 'postgres'));
    expect(cluster.startsWith(privateFolder + path.sep)).toBe(false);
    // A plain line, or a JSON one where the quotes are escaped.
    const notices = first.output().match(/[^\n]*system user \\?"postgres\\?"[^\n]*/g) ?? [];
    expect(notices, first.output()).toHaveLength(1);
    expect(notices[0]).toContain(cluster);
    await queryTheCluster('create table kept_across_restarts (id int)');
    expect(await first.stop(), first.output()).toBe(0);

    const second = await startTheCloneUntilReady();
    const kept = await queryTheCluster(
      `select count(*)::int as tables from pg_tables where tablename = 'kept_across_restarts'`,
    );
    expect(kept.rows[0].tables).toBe(1);
    expect(await second.stop(), second.output()).toBe(0);
  },
  240_000,
);

test.skipIf(!asRoot)(
  'as root, a database left where its system user cannot reach it stops the start with one sentence saying what to do',
  async () => {
    // A cluster made by someone else in a folder only root can enter: it cannot be moved silently.
    const dataDir = path.join(privateFolder, 'older-data');
    await fs.mkdir(path.join(dataDir, 'postgres'), { recursive: true });
    await fs.writeFile(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');

    const product = await startTheClone({ DATA_DIR: dataDir });
    expect(await product.exitCode, product.output()).toBe(1);
    const failure = product.output().match(/[^\n]*Vitrine failed to start[^\n]*/g) ?? [];
    expect(failure, product.output()).toHaveLength(1);
    // The folder named is the first the user cannot enter: the private folder or one above it.
    const blocked = /chmod o\+x (\S+),/.exec(failure[0]!)?.[1];
    expect(blocked, failure[0]).toBeDefined();
    expect(`${privateFolder}${path.sep}`.startsWith(`${blocked}${path.sep}`)).toBe(true);
    expect(failure[0]).toContain(`move ${path.join(dataDir, 'postgres')} away`);
    // One sentence, no stack trace: neither stack lines nor a serialised error.
    expect(product.output()).not.toMatch(/^\s+at /m);
    expect(product.output()).not.toContain('"stack"');
  },
  120_000,
);
