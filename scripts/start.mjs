#!/usr/bin/env node
/**
 * `npm start` (and `npm run dev` with --dev): installs dependencies when missing or stale, builds the
 * client when its build is missing or stale (not in dev, where Vite serves it), then runs the server
 * in this very process, so that Ctrl-C and SIGTERM reach it directly and it stops what it started.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureClientBuild, ensureDependencies, log, root } from './lib/prepare.mjs';

const dev = process.argv.includes('--dev');

try {
  await ensureDependencies();
  if (!dev) await ensureClientBuild();
} catch (error) {
  log(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// tsx is a dependency, so it can only be loaded once they are installed.
const { register } = await import('tsx/esm/api');
register();
await import(pathToFileURL(path.join(root, 'server', 'main.ts')).href);
