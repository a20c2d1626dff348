import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { LocalConfig } from '../config.ts';
import { startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres.ts';
import { printMailLinks } from './mail-link-printer.ts';

export interface LocalServices {
  databaseUrl: string;
  authEmulatorHost: string;
  sessionSecret: string;
  stop(): Promise<void>;
}

/**
 * The stand-ins of local mode, started side by side: the embedded PostgreSQL (unless DATABASE_URL
 * is given) and the Firebase Auth Emulator (unless FIREBASE_AUTH_EMULATOR_HOST names one already
 * running), both keeping their data under DATA_DIR.
 */
export async function startLocalServices(
  config: LocalConfig,
  log: (line: string) => void,
): Promise<LocalServices> {
  await fs.mkdir(config.dataDir, { recursive: true });
  const [database, emulator, sessionSecret] = await Promise.allSettled([
    config.databaseUrl === undefined
      ? startEmbeddedPostgres(config.dataDir, log)
      : Promise.resolve(undefined),
    config.authEmulatorHost === undefined
      ? startAuthEmulator({
          projectId: config.firebase.projectId,
          port: config.authEmulatorPort,
          stateDir: path.join(config.dataDir, 'auth-emulator', 'state'),
          workDir: path.join(config.dataDir, 'auth-emulator'),
          log,
        })
      : Promise.resolve({ host: config.authEmulatorHost, stop: async () => {} }),
    config.sessionSecret ?? readOrCreateSessionSecret(config.dataDir),
  ]);

  const started: Array<EmbeddedDatabase | AuthEmulator> = [];
  if (database.status === 'fulfilled' && database.value !== undefined) started.push(database.value);
  if (emulator.status === 'fulfilled') started.push(emulator.value);
  const stopAll = async () => {
    await Promise.allSettled(started.map((service) => service.stop()));
  };

  if (
    database.status === 'rejected' ||
    emulator.status === 'rejected' ||
    sessionSecret.status === 'rejected'
  ) {
    await stopAll();
    const failure = [database, emulator, sessionSecret].find(
      (result) => result.status === 'rejected',
    );
    throw (failure as PromiseRejectedResult).reason;
  }

  const stopPrinting = printMailLinks(emulator.value.host, config.firebase.projectId, log);
  return {
    databaseUrl: config.databaseUrl ?? database.value!.url,
    authEmulatorHost: emulator.value.host,
    sessionSecret: sessionSecret.value,
    async stop() {
      stopPrinting();
      await stopAll();
    },
  };
}

/** A random secret made on first start and kept, so that sessions survive a restart. */
async function readOrCreateSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'session-secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (existing !== undefined && existing.trim().length >= 32) return existing.trim();
  const secret = randomBytes(32).toString('base64url');
  await fs.writeFile(file, secret, { mode: 0o600 });
  return secret;
}
