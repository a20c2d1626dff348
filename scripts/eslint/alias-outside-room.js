import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * An import that leaves its room names its target through the aliases of package.json `imports`
 * (`#shared/errors.ts`, `#server/areas/seo/index.ts`), never by climbing folders
 * (`../../../../shared/errors.ts`): the reader sees at once where it leads, and a file moved
 * inside its room keeps its imports. Imports inside a room stay relative. `eslint --fix` rewrites
 * them (docs/decisions/0023-aliases-across-rooms.md).
 *
 * A room is an area (server/areas/<area>), a feature (client/features/<feature>), any other folder
 * right under server/ or client/, shared/, tests/ or scripts/.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The folders package.json `imports` names: `#server/*`, `#shared/*`, `#client/*`. */
const aliasedFolders = ['server', 'shared', 'client'];

/** The room a repository path lies in, as a path prefix ending in `/`. */
export function roomOf(relativePath) {
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

/** The alias for a relative import from `file` (absolute), or undefined when it stays relative. */
export function aliasFor(file, specifier) {
  if (!specifier.startsWith('../')) return undefined;
  const from = path.relative(repoRoot, file).split(path.sep).join('/');
  if (from.startsWith('..')) return undefined;
  const target = path
    .relative(repoRoot, path.resolve(path.dirname(file), specifier))
    .split(path.sep)
    .join('/');
  if (!aliasedFolders.includes(target.split('/')[0]) || target.startsWith(roomOf(from))) {
    return undefined;
  }
  return `#${target}`;
}

export const aliasOutsideRoom = {
  meta: {
    type: 'suggestion',
    fixable: 'code',
    docs: { description: 'An import that leaves its room uses the package.json alias.' },
    schema: [],
    messages: {
      alias:
        'This import leaves its room: write it {{alias}} (docs/decisions/0023-aliases-across-rooms.md).',
    },
  },
  create(context) {
    const file = context.physicalFilename ?? context.filename;
    const check = (node) => {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      const alias = aliasFor(file, source.value);
      if (alias === undefined) return;
      const quote = source.raw[0];
      context.report({
        node: source,
        messageId: 'alias',
        data: { alias },
        fix: (fixer) => fixer.replaceText(source, `${quote}${alias}${quote}`),
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
