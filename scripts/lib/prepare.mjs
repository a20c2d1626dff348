import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fingerprint, readStamp, writeStamp } from './fingerprint.mjs';

/**
 * The steps `npm start` and `npm test` share before anything of the project's own can run. Plain
 * Node with no dependency, since installing the dependencies is one of them.
 */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const installStamp = path.join(root, 'node_modules', '.vitrine-install-stamp');
const clientDir = path.join(root, 'dist', 'client');
const clientStamp = path.join(root, 'dist', '.client-build-stamp');
/** Everything a client build depends on. */
const clientInputs = ['client', 'shared', 'vite.config.ts', 'package-lock.json', 'scripts/vite'];

export function log(message) {
  process.stderr.write(`${message}\n`);
}

/**
 * Runs a command to its end. A SIGINT or SIGTERM that arrives meanwhile is passed on to it and this
 * process ends with it, so that stopping `npm start` mid-install leaves no `npm ci` behind. With
 * `onOutput`, what it prints (stdout and stderr, as they come) goes there instead of `stdio`.
 */
export function run(
  command,
  args,
  { env = {}, stdio = ['ignore', process.stderr, process.stderr], onOutput } = {},
) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: onOutput === undefined ? stdio : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    if (onOutput !== undefined) {
      child.stdout.on('data', (chunk) => onOutput(chunk.toString()));
      child.stderr.on('data', (chunk) => onOutput(chunk.toString()));
    }
    let stopRequested = false;
    const forward = (signal) => {
      stopRequested = true;
      child.kill(signal);
    };
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    // Kept output ends with its pipes, which may still hold some when the process exits.
    child.on(onOutput === undefined ? 'exit' : 'close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      if (stopRequested) process.exit(1);
      resolve(signal === null ? (code ?? 1) : 1);
    });
  });
}

/** Installs the locked dependencies when node_modules is missing or was installed from another lock. */
export async function ensureDependencies() {
  const wanted = fingerprint(root, ['package-lock.json']);
  if (fs.existsSync(path.join(root, 'node_modules')) && readStamp(installStamp) === wanted) return;
  log('Installing dependencies (npm ci)…');
  const status = await run('npm', ['ci', '--no-audit', '--no-fund']);
  if (status !== 0) throw new Error(`npm ci failed with exit code ${status}`);
  writeStamp(installStamp, wanted);
}

/**
 * Builds the client when dist/client is missing or older than its sources. With `onOutput`, what the
 * build says goes there rather than to stderr.
 */
export async function ensureClientBuild({ onOutput } = {}) {
  const wanted = fingerprint(root, clientInputs);
  if (fs.existsSync(path.join(clientDir, 'index.html')) && readStamp(clientStamp) === wanted)
    return;
  const notice = 'Building the client (vite build)…';
  if (onOutput === undefined) log(notice);
  else onOutput(`${notice}\n`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const status = await run(process.execPath, [vite, 'build', '--logLevel', 'warn'], { onOutput });
  if (status !== 0) throw new Error(`The client build failed with exit code ${status}`);
  writeStamp(clientStamp, wanted);
}
