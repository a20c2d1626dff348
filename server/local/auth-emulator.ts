import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort } from './free-port.ts';

export interface AuthEmulator {
  /** host:port, the form FIREBASE_AUTH_EMULATOR_HOST takes. */
  host: string;
  stop(): Promise<void>;
}

export interface AuthEmulatorOptions {
  projectId: string;
  port: number;
  /** Users are imported from here at start and exported back on stop, so they survive a restart. */
  stateDir?: string;
  workDir: string;
  log: (line: string) => void;
}

const readyTimeoutMs = 60_000;
const stopTimeoutMs = 10_000;

/**
 * The Firebase Auth Emulator from firebase-tools, in a process group of its own so that stopping it
 * stops the Java-free Node server it spawns as well. It listens on 127.0.0.1 only.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  await fs.mkdir(options.workDir, { recursive: true });
  // The hub and logging ports are picked freely so that several emulators (product, tests) coexist.
  const [hubPort, loggingPort] = [await findFreePort(), await findFreePort()];
  const firebaseJson = {
    emulators: {
      auth: { host: '127.0.0.1', port: options.port },
      hub: { host: '127.0.0.1', port: hubPort },
      logging: { host: '127.0.0.1', port: loggingPort },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  };
  const configPath = path.join(options.workDir, 'firebase.json');
  await fs.writeFile(configPath, JSON.stringify(firebaseJson, null, 2));

  const args = [
    'emulators:start',
    '--only',
    'auth',
    '--project',
    options.projectId,
    '--config',
    configPath,
  ];
  if (options.stateDir !== undefined) {
    await fs.mkdir(options.stateDir, { recursive: true });
    const hasExport = await fs
      .access(path.join(options.stateDir, 'firebase-export-metadata.json'))
      .then(() => true)
      .catch(() => false);
    if (hasExport) args.push('--import', options.stateDir);
    args.push('--export-on-exit', options.stateDir);
  }

  const firebaseCli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const child = spawn(process.execPath, [firebaseCli, ...args], {
    cwd: options.workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: undefined, NO_UPDATE_NOTIFIER: '1' },
  });
  const output: string[] = [];
  const remember = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);

  const killGroup = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killGroup);

  const host = `127.0.0.1:${options.port}`;
  try {
    await waitUntilReady(host, child);
  } catch (error) {
    signalGroup(child, 'SIGKILL');
    process.off('exit', killGroup);
    options.log(`[auth-emulator] did not start:\n${output.join('')}`);
    throw error;
  }

  return {
    host,
    async stop() {
      process.off('exit', killGroup);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGINT lets firebase-tools export the users before it exits.
      signalGroup(child, 'SIGINT');
      const finished = await Promise.race([
        exited.then(() => true),
        delay(stopTimeoutMs).then(() => false),
      ]);
      if (!finished) {
        signalGroup(child, 'SIGKILL');
        await exited;
      }
    },
  };
}

async function waitUntilReady(host: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + readyTimeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`Auth emulator exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await delay(200);
  }
  throw new Error(`Auth emulator not ready on ${host} after ${readyTimeoutMs / 1000} s`);
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
