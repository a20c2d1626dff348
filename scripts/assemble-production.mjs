#!/usr/bin/env node
/**
 * The production layout, assembled in one place for the Dockerfile and for
 * tests/integration/production-layout.test.ts, so that the image and the test that starts it cannot
 * disagree on what ships. Plain Node with no dependency: the Dockerfile runs it before any install.
 *
 *   node scripts/assemble-production.mjs dependencies <folder>   production node_modules only
 *   node scripts/assemble-production.mjs files <folder>          the builds, migrations, package.json
 *
 * The layout is the repository's with JavaScript in place of TypeScript (<folder>/server/main.js,
 * <folder>/shared/…, <folder>/dist/client/…), so that every path the server computes from its own
 * file (the client build, server/db/migrations) is the same as in the repository.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What `npm ci` reads. */
const installFiles = ['package.json', 'package-lock.json', '.npmrc'];

/**
 * What the server runs, from the repository (after `npm run build`) to the production folder: the
 * compiled server and shared code (tsc keeps their folders under dist/server), the SQL migrations
 * that server/db/database.ts applies at start, the client build the BFF serves, and package.json,
 * whose `"type": "module"` makes Node read the compiled files as modules.
 */
export const productionFiles = [
  { from: 'dist/server', to: '.' },
  { from: 'server/db/migrations', to: 'server/db/migrations' },
  { from: 'dist/client', to: 'dist/client' },
  // The weekly summary's words, which the server reads (server/areas/weekly-summary/summary-texts.ts).
  { from: 'client/locales', to: 'client/locales' },
  { from: 'package.json', to: 'package.json' },
];

/**
 * Packages that a runtime dependency lists but the server never loads, removed after the install
 * with whatever only they needed: @sentry/node lists Sentry's bundler plugins (for its `/vite`,
 * `/webpack`… entry points), and they bring the Sentry CLI and a native parser, about 40 MB. The
 * production-layout test starts the server with error reporting on, so an SDK that starts loading
 * them fails it.
 */
const unusedRuntimePackages = ['@sentry/bundler-plugins'];

/** Files Node never reads at run time: source maps of the dependencies, type declarations, docs. */
const unusedFilePattern = /(\.map|\.d\.ts|\.d\.mts|\.d\.cts|\.md|\.markdown)$/i;

function run(command, args, options) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/**
 * Installs the locked production dependencies into `target`/node_modules and removes what the
 * server never loads. `--omit=optional` as well as `--omit=dev`: npm keeps a package that is both a
 * devDependency somewhere and an optional peer of a runtime one (TypeScript for i18next's types,
 * PGlite for drizzle-orm's) unless both are omitted, and firebase-admin's optional Firestore and
 * Cloud Storage clients are not used (the server uses its Auth client only).
 */
export async function installProductionDependencies(
  target,
  { source = repoRoot, preferOffline = false } = {},
) {
  await fs.mkdir(target, { recursive: true });
  for (const file of installFiles)
    await fs.copyFile(path.join(source, file), path.join(target, file));
  await run(
    'npm',
    [
      'ci',
      '--omit=dev',
      '--omit=optional',
      '--no-audit',
      '--no-fund',
      ...(preferOffline ? ['--prefer-offline'] : []),
    ],
    { cwd: target },
  );
  await removeUnusedPackages(target);
  await removeUnusedFiles(path.join(target, 'node_modules'));
}

/**
 * Removes unusedRuntimePackages and every installed package that only they needed: what stays is what
 * the root's dependencies reach without passing through them, resolved as Node resolves a bare
 * import (the nearest node_modules up the tree), from the lock's list of installed folders.
 */
async function removeUnusedPackages(target) {
  const lock = JSON.parse(await fs.readFile(path.join(target, 'package-lock.json'), 'utf8'));
  const installed = new Set();
  for (const folder of Object.keys(lock.packages)) {
    if (folder === '') continue;
    try {
      await fs.access(path.join(target, folder));
      installed.add(folder);
    } catch {
      // Omitted by the install (dev or optional).
    }
  }
  const resolve = (from, name) => {
    let base = from;
    for (;;) {
      const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
      if (installed.has(candidate)) return candidate;
      if (base === '') return undefined;
      const parent = base.lastIndexOf('/node_modules/');
      base = parent === -1 ? '' : base.slice(0, parent);
    }
  };
  const reached = new Set();
  const queue = [''];
  while (queue.length > 0) {
    const folder = queue.pop();
    const entry = lock.packages[folder];
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}),
    ];
    for (const name of names) {
      if (unusedRuntimePackages.includes(name)) continue;
      const found = resolve(folder, name);
      if (found !== undefined && !reached.has(found)) {
        reached.add(found);
        queue.push(found);
      }
    }
  }
  // Deepest first, so that a nested folder goes before the one that holds it.
  const unreached = [...installed].filter((folder) => !reached.has(folder));
  unreached.sort((a, b) => b.length - a.length);
  for (const folder of unreached) {
    await fs.rm(path.join(target, folder), { recursive: true, force: true });
  }
  await removeDanglingLinks(path.join(target, 'node_modules', '.bin'));
}

async function removeDanglingLinks(folder) {
  const entries = await fs.readdir(folder).catch(() => []);
  for (const name of entries) {
    const link = path.join(folder, name);
    await fs.stat(link).catch(() => fs.rm(link, { force: true }));
  }
}

async function removeUnusedFiles(folder) {
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) await removeUnusedFiles(file);
    else if (entry.isFile() && unusedFilePattern.test(entry.name)) await fs.rm(file);
  }
}

/** Copies productionFiles from a built repository (`npm run build`) into `target`. */
export async function copyProductionFiles(target, { source = repoRoot } = {}) {
  for (const { from, to } of productionFiles) {
    const origin = path.join(source, from);
    try {
      await fs.access(origin);
    } catch {
      throw new Error(`${from} is missing: run npm run build first`);
    }
    await fs.cp(origin, path.join(target, to), { recursive: true });
  }
  await pointImportsAtCompiledFiles(path.join(target, 'package.json'));
}

/**
 * The repository's `#server/…` and `#shared/…` imports (package.json `imports`) name TypeScript
 * files, and tsc rewrites the extensions of relative imports only: the production package.json maps
 * them to the compiled JavaScript beside them. The server never imports `#client/…`.
 */
async function pointImportsAtCompiledFiles(packageFile) {
  const manifest = JSON.parse(await fs.readFile(packageFile, 'utf8'));
  manifest.imports = {
    '#server/*.ts': './server/*.js',
    '#server/*': './server/*',
    '#shared/*.ts': './shared/*.js',
    '#shared/*': './shared/*',
  };
  await fs.writeFile(packageFile, `${JSON.stringify(manifest, null, 2)}\n`);
}

/** The size of a folder in bytes, and the number of packages in its node_modules. */
export async function measureDependencies(target) {
  let bytes = 0;
  let packages = 0;
  const walk = async (folder) => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) await walk(file);
      else if (entry.isFile()) {
        bytes += (await fs.stat(file)).size;
        // A package is a folder with a package.json right under a node_modules folder's entry.
        if (entry.name === 'package.json' && isPackageFolder(folder)) packages += 1;
      }
    }
  };
  await walk(path.join(target, 'node_modules'));
  return { bytes, packages };
}

function isPackageFolder(folder) {
  const parts = folder.split(path.sep);
  const last = parts.length - 1;
  return (
    parts[last - 1] === 'node_modules' ||
    (parts[last - 2] === 'node_modules' && parts[last - 1].startsWith('@'))
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [step, target] = process.argv.slice(2);
  if ((step !== 'dependencies' && step !== 'files') || target === undefined) {
    process.stderr.write(
      'Usage: node scripts/assemble-production.mjs dependencies|files <folder>\n',
    );
    process.exit(64);
  }
  const folder = path.resolve(target);
  if (step === 'dependencies') {
    await installProductionDependencies(folder);
    const { bytes, packages } = await measureDependencies(folder);
    process.stdout.write(
      `Production dependencies: ${packages} packages, ${(bytes / 1024 / 1024).toFixed(1)} MB of files\n`,
    );
  } else {
    await copyProductionFiles(folder);
  }
}
