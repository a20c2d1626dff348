import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort } from './free-port.ts';
import { LocalSetupError } from './local-setup-error.ts';
import { cpuTicksOf, waitUntilReady } from './readiness-wait.ts';

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

const stopTimeoutMs = 10_000;
/** Loaded before firebase-tools: the emulator compiles its API's validators as they are used. */
const lazySchemas = fileURLToPath(new URL('./auth-emulator-lazy-schemas.mjs', import.meta.url));
const restartWindowMs = 10 * 60_000;
const maxRestartsPerWindow = 3;
/** Written beside the emulator's configuration each time it stops unexpectedly (see `watch`). */
export const unexpectedExitsFile = 'unexpected-exits.log';

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
    args.push('--export-on-exit', options.stateDir);
  }

  const firebaseCli = createRequire(import.meta.url).resolve('firebase-tools/lib/bin/firebase.js');
  const host = `127.0.0.1:${options.port}`;
  const launch = async (): Promise<RunningEmulator> => {
    const running = spawnEmulator(
      firebaseCli,
      [...args, ...(await importArgs(options.stateDir))],
      options,
    );
    try {
      await waitUntilReady({
        what: 'the Firebase Auth Emulator',
        program: {
          ended: () => endOf(running.child),
          progress: () => running.outputLength() + cpuTicksOf(running.child.pid),
        },
        isReady: () => answersAsReady(host),
        log: options.log,
        advice: `its output is above; fix what it says, or set FIREBASE_AUTH_EMULATOR_HOST to an Auth Emulator already running.`,
      });
    } catch (error) {
      running.kill();
      options.log(`[auth-emulator] did not start:\n${running.output()}`);
      throw error;
    }
    return running;
  };

  await refuseTakenPort(options.port);
  let current = await launch();
  let stopping = false;
  /** The start again under way, which a stop waits for so that the port is free when it returns. */
  let relaunching: Promise<unknown> = Promise.resolve();
  const restarts: number[] = [];

  /**
   * The emulator is a process of its own that the product depends on for every sign-in: should it
   * stop while the product runs, the product says why (its last output, also kept in
   * `unexpected-exits.log` beside its configuration) and starts it again on the same port, from
   * the users it last exported; it gives up after three restarts within ten minutes.
   */
  const watch = (running: RunningEmulator) => {
    running.child.once('exit', (code, signal) => {
      if (stopping || running !== current) return;
      const report = `[auth-emulator] stopped unexpectedly (${signal ?? `exit code ${code}`}) at ${new Date().toISOString()}; its last output:\n${running.output()}`;
      options.log(report);
      void fs
        .appendFile(path.join(options.workDir, unexpectedExitsFile), `${report}\n`)
        .catch(() => {});
      const now = Date.now();
      while (restarts.length > 0 && now - restarts[0]! > restartWindowMs) restarts.shift();
      if (restarts.length >= maxRestartsPerWindow) {
        options.log('[auth-emulator] stopped too often; not starting it again');
        return;
      }
      restarts.push(now);
      options.log(
        '[auth-emulator] starting it again on the same port (users created since it last stopped cleanly are lost)',
      );
      // Whatever of its process group outlived it must not hold the port nor answer for the new one.
      running.kill();
      relaunching = launch().then(
        (next) => {
          if (stopping) {
            next.kill();
            return;
          }
          current = next;
          watch(next);
          options.log(`[auth-emulator] running again on ${host}`);
        },
        (error: unknown) =>
          options.log(`[auth-emulator] could not start again: ${(error as Error).message}`),
      );
    });
  };
  watch(current);

  return {
    host,
    async stop() {
      stopping = true;
      await relaunching;
      await current.stop();
    },
  };
}

interface RunningEmulator {
  child: ChildProcess;
  /** The last lines it printed. */
  output(): string;
  /** How much it has printed in all. */
  outputLength(): number;
  kill(): void;
  /** SIGINT, which lets firebase-tools export the users, then SIGKILL if it lingers. */
  stop(): Promise<void>;
}

/** Users are imported from the state folder when a previous run exported them there. */
async function importArgs(stateDir: string | undefined): Promise<string[]> {
  if (stateDir === undefined) return [];
  const hasExport = await fs
    .access(path.join(stateDir, 'firebase-export-metadata.json'))
    .then(() => true)
    .catch(() => false);
  return hasExport ? ['--import', stateDir] : [];
}

function spawnEmulator(
  firebaseCli: string,
  args: string[],
  options: AuthEmulatorOptions,
): RunningEmulator {
  const child = spawn(process.execPath, ['--import', lazySchemas, firebaseCli, ...args], {
    cwd: options.workDir,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: undefined, NO_UPDATE_NOTIFIER: '1' },
  });
  const output: string[] = [];
  let outputLength = 0;
  const remember = (chunk: Buffer) => {
    outputLength += chunk.length;
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', remember);
  child.stderr?.on('data', remember);

  const killGroup = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killGroup);
  child.once('exit', () => process.off('exit', killGroup));

  return {
    child,
    output: () => output.join(''),
    outputLength: () => outputLength,
    kill: killGroup,
    async stop() {
      process.off('exit', killGroup);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
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

/**
 * Its own answer, not any server's: another program on the port would leave it unable to start,
 * which only its answer tells apart from a start that went well.
 */
async function answersAsReady(host: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    const body = (await response.json().catch(() => undefined)) as
      { authEmulator?: { ready?: boolean } } | undefined;
    return response.ok && body?.authEmulator?.ready === true;
  } catch {
    // Not listening yet.
    return false;
  }
}

/** How the process ended, or undefined while it runs. */
function endOf(child: ChildProcess): string | undefined {
  if (child.signalCode !== null) return child.signalCode;
  if (child.exitCode !== null) return `exit code ${child.exitCode}`;
  return undefined;
}

/** A port another program holds: said at once, in the words of the other local services. */
async function refuseTakenPort(port: number): Promise<void> {
  const taken = await new Promise<boolean>((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
  if (taken) {
    throw new LocalSetupError(
      `Port ${port} is taken: set FIREBASE_AUTH_EMULATOR_PORT to a free port, or FIREBASE_AUTH_EMULATOR_HOST to the address of an Auth Emulator already running.`,
    );
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Already gone.
  }
}
