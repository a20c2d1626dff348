import { spawnSync } from 'node:child_process';
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

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Installs the locked dependencies when node_modules is missing or was installed from another lock. */
export function ensureDependencies() {
  const wanted = fingerprint(root, ['package.json', 'package-lock.json']);
  if (fs.existsSync(path.join(root, 'node_modules')) && readStamp(installStamp) === wanted) return;
  log('Installing dependencies (npm ci)…');
  const status = run('npm', ['ci', '--no-audit', '--no-fund'], { stdio: ['ignore', process.stderr, process.stderr] });
  if (status !== 0) throw new Error(`npm ci failed with exit code ${status}`);
  writeStamp(installStamp, wanted);
}

/** Builds the client when dist/client is missing or older than its sources. */
export function ensureClientBuild() {
  const wanted = fingerprint(root, clientInputs);
  if (fs.existsSync(path.join(clientDir, 'index.html')) && readStamp(clientStamp) === wanted) return;
  log('Building the client (vite build)…');
  const status = run(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], {
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (status !== 0) throw new Error(`The client build failed with exit code ${status}`);
  writeStamp(clientStamp, wanted);
}
