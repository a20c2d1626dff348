import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Refuses an import from one area (a folder under an `areas/` folder) into another area that
 * already reaches back to the first through its own imports, however many areas lie between.
 * import-x/no-cycle follows files, so it misses a loop between folders whose files never form one
 * (the account area erasing the SEO changes while the SEO changes name approvers through the
 * account area): this rule reads every import of the areas' files and follows folders instead.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `#server/…`, `#shared/…`, `#client/…` (package.json `imports`) point into those folders. */
function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  const alias = /^#(server|shared|client)\/(.*)$/.exec(specifier);
  return alias ? path.join(repoRoot, alias[1], alias[2]) : undefined;
}

/** The area a file lies in, below `areasRoot`, or undefined. */
function areaOf(areasRoot, file) {
  const relative = path.relative(areasRoot, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const [area, ...rest] = relative.split(path.sep);
  return rest.length > 0 ? area : undefined;
}

const specifierPattern =
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Which areas each area imports, read from the files on disk; once per areas folder and run. */
const graphs = new Map();
function areaGraph(areasRoot) {
  let graph = graphs.get(areasRoot);
  if (graph !== undefined) return graph;
  graph = new Map();
  for (const entry of readdirSync(areasRoot, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const reached = new Set();
    for (const file of sourceFiles(path.join(areasRoot, entry.name))) {
      for (const match of readFileSync(file, 'utf8').matchAll(specifierPattern)) {
        const target = resolveSpecifier(file, match[1] ?? match[2] ?? match[3]);
        const area = target === undefined ? undefined : areaOf(areasRoot, target);
        if (area !== undefined && area !== entry.name) reached.add(area);
      }
    }
    graph.set(entry.name, reached);
  }
  graphs.set(areasRoot, graph);
  return graph;
}

/** The areas from `start` to `goal` along the graph's arrows, or undefined when none leads there. */
function pathBetween(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const area = queue.shift();
    if (area === goal) {
      const steps = [];
      for (let at = area; at !== undefined; at = cameFrom.get(at)) steps.unshift(at);
      return steps;
    }
    for (const next of graph.get(area) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, area);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const noAreaCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Areas import each other one way: no loop between area folders.' },
    schema: [],
    messages: {
      loop: 'The {{from}} area imports the {{to}} area, which reaches back to it ({{path}}): areas import one way only (docs/decisions/0021-area-surfaces.md).',
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const match = /^(.*[\\/]areas)[\\/][^\\/]+[\\/]/.exec(file);
    if (match === null) return {};
    const areasRoot = match[1];
    const from = areaOf(areasRoot, file);
    const check = (node) => {
      if (node.source?.type !== 'Literal' || typeof node.source.value !== 'string') return;
      const target = resolveSpecifier(file, node.source.value);
      const to = target === undefined ? undefined : areaOf(areasRoot, target);
      if (to === undefined || to === from) return;
      const back = pathBetween(areaGraph(areasRoot), to, from);
      if (back !== undefined)
        context.report({
          node: node.source,
          messageId: 'loop',
          data: { from, to, path: [from, ...back].join(' → ') },
        });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
