import { spawn, type ChildProcess } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { findFreePort } from '#server/local/free-port.ts';

/**
 * The product started the way a developer starts it (`node scripts/start.mjs`, what `npm start`
 * runs) from a folder of the test's choosing, on free ports, with everything it prints kept for the
 * assertions. It leads a process group of its own, so that the test can stop it as a terminal would.
 */
export interface StartedProduct {
  process: ChildProcess;
  port: number;
  /** stdout and stderr as they came, interleaved. */
  output(): string;
  exitCode: Promise<number | null>;
  /** Resolves once `condition` holds; rejects when the product exits first or the time is up. */
  waitFor(condition: () => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** SIGTERM to the process group; resolves with the exit code. */
  stop(): Promise<number | null>;
}

export async function startProduct(options: {
  /** The clone to start from. */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  /** Wraps the command line, e.g. to run it under a pseudo-terminal; default: run it as it is. */
  wrap?: (commandLine: string[]) => string[];
}): Promise<StartedProduct> {
  const port = await findFreePort();
  const commandLine = [process.execPath, 'scripts/start.mjs'];
  const [command, ...args] = options.wrap?.(commandLine) ?? commandLine;
  const child = spawn(command!, args, {
    cwd: options.cwd,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      FIREBASE_AUTH_EMULATOR_PORT: String(await findFreePort()),
      LOCAL_SHOPIFY_PORT: String(await findFreePort()),
      LOCAL_STRIPE_PORT: String(await findFreePort()),
      FIREBASE_PROJECT_ID: 'demo-vitrine-started',
      // Started as a developer starts it, the product runs an Auth Emulator of its own. The test's
      // process may name the tests' emulator here (firebase-admin reads it from the environment), so
      // it is left out unless the test passes it in: an emulator already running is taken as is.
      FIREBASE_AUTH_EMULATOR_HOST: undefined,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exitCode = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => resolve(code)),
  );

  return {
    process: child,
    port,
    output: () => output,
    exitCode,
    async waitFor(condition, what, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (child.exitCode !== null || child.signalCode !== null)
          throw new Error(`Exited before ${what}:\n${output}`);
        if (Date.now() > deadline)
          throw new Error(`No ${what} after ${timeoutMs / 1000} s:\n${output}`);
        await delay(100);
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          process.kill(-child.pid!, 'SIGTERM');
        } catch {
          // Already gone.
        }
      }
      return exitCode;
    },
  };
}
