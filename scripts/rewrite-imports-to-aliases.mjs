#!/usr/bin/env node
/**
 * Rewrites relative imports that climb out of their room into the aliases of package.json
 * `imports` (docs/decisions/0021-area-surfaces.md): `../../../shared/errors.ts` becomes
 * `#shared/errors.ts`, `../../areas/seo/index.ts` from server/api becomes
 * `#server/areas/seo/index.ts`. A room is an area (server/areas/<area>), a feature
 * (client/features/<feature>), any other folder right under server/ or client/, shared/, tests/ or
 * scripts/; imports inside a room stay relative. Idempotent: run it again after a merge.
 *
 * server/ and shared/ keep relative imports for now: tsc (tsconfig.server.json) rewrites the `.ts`
 * of relative imports only and refuses an alias ending in `.ts` (TS2877), so the production build
 * needs another answer first.
 *
 *   node scripts/rewrite-imports-to-aliases.mjs [folder…]    default: client tests scripts
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const aliased = ['server', 'shared', 'client'];
const skipped = new Set(['node_modules', 'migrations', 'fixtures', 'dist']);

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(file);
    return /\.(ts|tsx|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The room a repository path lies in, as a path prefix ending in `/`. */
function roomOf(relativePath) {
  const parts = relativePath.split('/');
  if (
    (parts[0] === 'server' && parts[1] === 'areas') ||
    (parts[0] === 'client' && parts[1] === 'features')
  )
    return parts.length > 3 ? `${parts.slice(0, 3).join('/')}/` : `${parts.slice(0, 2).join('/')}/`;
  if ((parts[0] === 'server' || parts[0] === 'client') && parts.length > 2)
    return `${parts.slice(0, 2).join('/')}/`;
  return `${parts[0]}/`;
}

/** import … from '…', export … from '…', import '…', import('…'). */
const specifierPattern =
  /(\b(?:import|export)\b[^'"`;]*?\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])(\.\.\/[^'"]+)\2/gm;

export function rewriteFile(file) {
  const from = path.relative(root, file).split(path.sep).join('/');
  const room = roomOf(from);
  const source = readFileSync(file, 'utf8');
  let count = 0;
  const rewritten = source.replace(specifierPattern, (whole, before, quote, specifier) => {
    const target = path
      .relative(root, path.resolve(path.dirname(file), specifier))
      .split(path.sep)
      .join('/');
    const [top] = target.split('/');
    if (!aliased.includes(top) || target.startsWith(room)) return whole;
    count += 1;
    return `${before}${quote}#${target}${quote}`;
  });
  if (count > 0) writeFileSync(file, rewritten);
  return count;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  let files = 0;
  let imports = 0;
  for (const folder of folders.length > 0 ? folders : ['client', 'tests', 'scripts']) {
    for (const file of sourceFiles(path.resolve(root, folder))) {
      const count = rewriteFile(file);
      if (count > 0) {
        files += 1;
        imports += count;
      }
    }
  }
  process.stdout.write(`Rewrote ${imports} imports in ${files} files.\n`);
}
