import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Lint for the whole repository. The import boundaries of ARCHITECTURE.md are enforced here:
 * shared/ imports neither server/ nor client/, and client/ and server/ never import each other.
 * Relative imports are matched by folder name, since this rule does not resolve paths.
 */

const reachesFolder = (...folders) => `^(\\.{1,2}/)+(.*/)?(${folders.join('|')})(/|$)`;

const importBoundary = (folders, message) => ({
  'no-restricted-imports': ['error', { patterns: [{ regex: reachesFolder(...folders), message }] }],
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
    rules: importBoundary(
      ['server'],
      'The client reaches the server over HTTP only; share code through shared/.',
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: importBoundary(
      ['client'],
      'The server never imports client code; share code through shared/.',
    ),
  },
  {
    files: ['shared/**/*.ts'],
    rules: importBoundary(
      ['server', 'client'],
      'shared/ is imported by both sides and imports neither.',
    ),
  },
]);
