/**
 * Runs the product the way `npm start` does once it has prepared (server/main.ts under tsx), in a
 * temporary data directory on free ports, as the leader of a process group of its own: stopping it
 * signals the whole group, so that the embedded PostgreSQL and the Auth Emulator go with it even if
 * the server hangs. The caller builds the client first (ensureClientBuild). It does not go through
 * scripts/start.mjs: its dependency step would run `npm ci` whenever the install stamp differs from
 * the lock file, and a benchmark that already runs on the installed dependencies must not reinstall
 * them under the feet of everything else using node_modules.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort } from '#server/local/free-port.ts';
import { removeDataFolder } from './data-folder.mjs';
import { root } from './prepare.mjs';

export interface ProductProcess {
  /** The BFF, as a browser reaches it. */
  url: string;
  /** Resolves when /healthz answers; rejects when the product exits or stays silent too long. */
  ready: Promise<void>;
  /**
   * Idempotent and callable at once, even before `ready`: resolves once no process of the group is
   * left and the data directory is gone.
   */
  stop(): Promise<void>;
}

const healthTimeoutMs = 120_000;
const gracefulStopMs = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** True while at least one process of the group is alive (signal 0 only checks). */
function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

export async function startProductProcess(options: {
  projectId: string;
  /** Where the product's own output goes, one line at a time. */
  log: (line: string) => void;
  /** Added to the product's environment last, e.g. ROLE, DATABASE_URL or UPSTREAM_URL. */
  env?: NodeJS.ProcessEnv;
  /** Prefix of the output lines; default `[product]`. */
  label?: string;
}): Promise<ProductProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-bench-'));
  // As root, PostgreSQL runs as a system user of its own; opened to it, the cluster stays inside.
  await fs.chmod(dataDir, 0o755);
  const port = await findFreePort();
  const authEmulatorPort = await findFreePort();
  const localShopifyPort = await findFreePort();
  const localStripePort = await findFreePort();
  const url = `http://localhost:${port}`;

  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'main.ts')], {
    cwd: root,
    // Leader of a new session and process group (setsid), so the group can be signalled as one.
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_PORT: String(authEmulatorPort),
      LOCAL_SHOPIFY_PORT: String(localShopifyPort),
      LOCAL_STRIPE_PORT: String(localStripePort),
      FIREBASE_PROJECT_ID: options.projectId,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('Could not start the product (no process id)');
  for (const stream of [child.stdout, child.stderr]) {
    let pending = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (pending + chunk).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) options.log(`${options.label ?? '[product]'} ${line}`);
    });
  }
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exit = new Promise<void>((resolve) => {
    child.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      // SIGTERM to the whole group, as Playwright's webServer does: the server stops its services.
      signalGroup(pid, 'SIGTERM');
      const deadline = Date.now() + gracefulStopMs;
      while ((exited === undefined || groupAlive(pid)) && Date.now() < deadline) await sleep(100);
      if (groupAlive(pid)) {
        options.log(
          `The product did not stop within ${gracefulStopMs / 1000} s; killing its group`,
        );
        signalGroup(pid, 'SIGKILL');
        await Promise.race([exit, sleep(2_000)]);
      }
      await removeDataFolder(dataDir);
    })();
    return stopping;
  };

  const ready = (async () => {
    const deadline = Date.now() + healthTimeoutMs;
    for (;;) {
      if (exited !== undefined)
        throw new Error(
          `The product exited during its start (code ${exited.code}, signal ${exited.signal})`,
        );
      if (Date.now() > deadline)
        throw new Error(`The product did not answer /healthz within ${healthTimeoutMs / 1000} s`);
      const healthy = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      await sleep(250);
    }
  })();
  return { url, ready, stop };
}
