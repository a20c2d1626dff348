import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint for the whole repository. The import boundaries of ARCHITECTURE.md are enforced here:
 * shared/ imports neither server/ nor client/, and client/ and server/ never import each other.
 * Inside the client, imports go one way, app → features → components → lib → shared, and a feature
 * never imports another feature. Relative imports are matched by folder name, since this rule does
 * not resolve paths.
 */

const reachesFolder = (...folders) => `^(\\.{1,2}/)+(.*/)?(${folders.join('|')})(/|$)`;

const boundary = (folders, message) => ({ regex: reachesFolder(...folders), message });

/**
 * One rule entry per block: ESLint does not merge the options of a rule set by several blocks (the
 * last block wins), so each client block repeats the boundaries of the blocks above it.
 */
const importBoundaries = (...boundaries) => ({
  'no-restricted-imports': ['error', { patterns: boundaries }],
});

const clientToServer = boundary(
  ['server'],
  'The client reaches the server over HTTP only; share code through shared/.',
);
const belowApp = boundary(
  ['app'],
  'Only client/app wires the app together; nothing below it imports it.',
);

/**
 * The features, read from the folder so that a new one is covered. From inside features/<x>, another
 * feature is reached by climbing to features/ (`../../<y>/`) or past it (`../features/<y>/`).
 */
const features = readdirSync(new URL('./client/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureBlocks = features.map((feature) => {
  const others = features.filter((other) => other !== feature);
  return {
    files: [`client/features/${feature}/**/*.{ts,tsx}`],
    rules: importBoundaries(clientToServer, belowApp, {
      regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
      message:
        'A feature never imports another feature; move what both need to client/components or client/lib.',
    }),
  };
});

export default defineConfig([
  globalIgnores([
    'dist/',
    '**/node_modules/',
    '.data/',
    '.test-data/',
    '.test-results/',
    'coverage/',
    'playwright-report/',
    'test-results/',
    'server/db/migrations/',
    // Personal experiments, never committed.
    '.scratch/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: globals.node },
    rules: {
      // `_` marks an argument or binding kept for its position (Fastify hooks, tuple patterns).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: globals.browser },
    rules: importBoundaries(clientToServer),
  },
  ...featureBlocks,
  {
    files: ['client/components/**/*.{ts,tsx}'],
    rules: importBoundaries(
      clientToServer,
      boundary(
        ['app', 'features'],
        'client/components is shared by the features and imports neither them nor client/app.',
      ),
    ),
  },
  {
    files: ['client/lib/**/*.{ts,tsx}'],
    rules: importBoundaries(
      clientToServer,
      boundary(
        ['components', 'features', 'app'],
        'client/lib holds no React components and imports nothing of the layers above it.',
      ),
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: importBoundaries(
      boundary(['client'], 'The server never imports client code; share code through shared/.'),
    ),
  },
  {
    files: ['shared/**/*.ts'],
    rules: importBoundaries(
      boundary(['server', 'client'], 'shared/ is imported by both sides and imports neither.'),
    ),
  },
]);
