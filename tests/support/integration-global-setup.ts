import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { removeDataFolder } from '../../scripts/lib/data-folder.mjs';
import { migrateDatabase, openDatabase } from '#server/db/database.ts';
import { startAuthEmulator } from '#server/local/auth-emulator.ts';
import { startEmbeddedPostgres } from '#server/local/embedded-postgres.ts';
import { findFreePort } from '#server/local/free-port.ts';
import { testProjectId } from './test-environment.ts';

/**
 * Integration tests run against a real PostgreSQL and the real Firebase Auth Emulator, started once
 * for the run on ports of their own (so they never meet a running `npm start`) and thrown away after.
 */
const templateDatabaseName = 'vitrine_template';

/**
 * The template each test file's database is copied from (integration-file-database.ts). PostgreSQL
 * copies only a database no one is connected to: nobody connects to the template, and this copy is
 * made from the server's maintenance database while the migrated one is idle.
 */
async function copyAsTemplate(migratedUrl: string): Promise<void> {
  const migrated = new URL(migratedUrl);
  const maintenance = Object.assign(new URL(migratedUrl), { pathname: '/postgres' });
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(
      `create database "${templateDatabaseName}" template "${migrated.pathname.slice(1)}"`,
    );
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-integration-'));
  // mkdtemp makes the folder private (0700). As root, PostgreSQL runs as a system user of its own;
  // opened to it, the cluster stays inside and goes with the folder (otherwise local mode keeps it
  // elsewhere, and removeDataFolder removes it there).
  await fs.chmod(dataDir, 0o755);
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const [database, emulator] = await Promise.all([
    startEmbeddedPostgres(dataDir, log),
    findFreePort().then((port) =>
      startAuthEmulator({
        projectId: testProjectId,
        port,
        workDir: path.join(dataDir, 'auth-emulator'),
        log,
      }),
    ),
  ]);
  const handle = openDatabase(database.url, { maxConnections: 1 });
  await migrateDatabase(handle);
  await handle.close();
  await copyAsTemplate(database.url);

  project.provide('databaseUrl', database.url);
  project.provide('templateDatabaseName', templateDatabaseName);
  project.provide('authEmulatorHost', emulator.host);

  return async () => {
    await Promise.allSettled([emulator.stop(), database.stop()]);
    await removeDataFolder(dataDir);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's main database, also the one to connect to for creating others. */
    databaseUrl: string;
    templateDatabaseName: string;
    authEmulatorHost: string;
  }
}
