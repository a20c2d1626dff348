#!/usr/bin/env node
/**
 * Compiles the server and what it imports of shared/ to dist/server (tsconfig.server.json), as
 * `tsc -p tsconfig.server.json` does, with one difference: an import through the aliases of
 * package.json `imports` (`#shared/errors.ts`) is compiled as it is written. tsc rewrites the `.ts`
 * of relative imports only and refuses the aliases' (TS2877, which it does not always tie to a
 * file); the production layout's package.json maps `#server/*.ts` and `#shared/*.ts` to the
 * compiled `.js` beside them (scripts/assemble-production.mjs), so the alias needs no rewriting.
 * Every other diagnostic fails the build, as with tsc, and so does a `.ts` left in the output that
 * is not one of those aliases.
 *
 *   node scripts/build-server.mjs
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** TS2877: "This import uses a '.ts' extension … but will not be rewritten during emit". */
const unrewrittenExtension = 2877;

/** `from '…'`, `import('…')` or `import '…'` naming a `.ts` file. */
const tsSpecifier = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s*)(['"])([^'"]+\.ts)\1/gm;

/** The `.ts` imports of the compiled files that the production layout does not map. */
function unmappedTsImports(outDir) {
  const found = [];
  for (const file of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.js')) continue;
    const text = readFileSync(path.join(outDir, file), 'utf8');
    for (const [, , specifier] of text.matchAll(tsSpecifier)) {
      if (!/^#(server|shared)\//.test(specifier)) found.push(`${file}: ${specifier}`);
    }
  }
  return found;
}

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
};
const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.server.json'),
  {},
  host,
);
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const emitted = program.emit();
const diagnostics = [
  ...config.errors,
  ...ts.getPreEmitDiagnostics(program),
  ...emitted.diagnostics,
].filter((diagnostic) => diagnostic.code !== unrewrittenExtension);

if (diagnostics.length > 0) {
  process.stderr.write(
    ts.formatDiagnosticsWithColorAndContext(diagnostics, {
      getCanonicalFileName: (file) => file,
      getCurrentDirectory: () => root,
      getNewLine: () => '\n',
    }),
  );
  process.exit(1);
}
const unmapped = unmappedTsImports(config.options.outDir);
if (unmapped.length > 0) {
  process.stderr.write(
    `These compiled imports name TypeScript files that production does not have:\n${unmapped.join('\n')}\n`,
  );
  process.exit(1);
}
