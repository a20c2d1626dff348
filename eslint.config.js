import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { aliasOutsideRoom } from './scripts/eslint/alias-outside-room.js';
import { noAreaCycle } from './scripts/eslint/no-area-cycle.js';

/**
 * Lint for the whole repository, and the import boundaries of docs/decisions/0011-server-rooms.md:
 * - shared/ imports neither server/ nor client/, and client/ and server/ never import each other;
 * - in the client, imports go one way, app → features → components → lib → shared, and a feature
 *   never imports another feature (matched by folder name, since that rule does not resolve paths);
 * - in the server, each room imports only the rooms below it (resolved paths, see serverRooms), and
 *   an area is reached from outside it through its index.ts only
 *   (docs/decisions/0021-area-surfaces.md);
 * - nowhere does a chain of imports lead back to where it started, nor a chain of areas to the
 *   area it started from (scripts/eslint/no-area-cycle.js);
 * - an import that leaves its room uses the package.json alias (scripts/eslint/alias-outside-room.js).
 */

/** A relative path climbing to one of these folders, or an alias (`#client/app/…`) naming it. */
const reachesFolder = (...folders) => `^((\\.{1,2}/)+|#)(.*/)?(${folders.join('|')})(/|$)`;

const boundary = (folders, message) => ({ regex: reachesFolder(...folders), message });

/**
 * One rule entry per block: ESLint does not merge the options of a rule set by several blocks (the
 * last block wins), so each client block repeats the boundaries of the blocks above it.
 */
const importBoundaries = (...boundaries) => ({
  'no-restricted-imports': ['error', { patterns: boundaries }],
});

/**
 * The client's blocks add the imports its first load must not carry: react-i18next's own
 * useTranslation weighs about 2 KB gzip more than client/lib/use-translation.ts, which every
 * component uses instead (npm run bench:client).
 */
const clientImportRules = (...boundaries) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [
        {
          name: 'react-i18next',
          importNames: ['useTranslation'],
          message:
            'Use client/lib/use-translation.ts: react-i18next’s hook weighs on every first load.',
        },
      ],
      patterns: boundaries,
    },
  ],
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
    rules: clientImportRules(clientToServer, belowApp, {
      regex: `^((\\.\\./)+(features/)?|#client/features/)(${others.join('|')})(/|$)`,
      message:
        'A feature never imports another feature; move what both need to client/components or client/lib.',
    }),
  };
});

// ---------------------------------------------------------------------------------------------
// The server's rooms (docs/decisions/0011-server-rooms.md). Each entry names what a room may not
// import; whatever is not named is allowed. The composition root (main.ts, start-product.ts,
// workers.ts, operations-figures.ts) wires the rooms together and may import all of them.

const compositionRoot = [
  'server/main.ts',
  'server/start-product.ts',
  'server/workers.ts',
  'server/operations-figures.ts',
];
const edges = ['server/api', 'server/bff'];

/** The areas, read from the folder so that a new one is covered. */
const areas = readdirSync(new URL('./server/areas/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which areas an area may use, through their index.ts: the account area erases what the others keep
 * about a user (its stores disconnected as their owner would disconnect them; the SEO changes'
 * erasure is given to it by the wiring, since they name their approvers through it); the catalog
 * reads a store with the shops area's access to it; the SEO area audits the catalog's copy and shows
 * the owner's changes of a page beside its audit; the SEO changes read and record the texts in the
 * catalog's copy, check the store with the shops area and name their approvers as the account area
 * does; the weekly summary reads each owner's settings and stores and sums each store up from its
 * dashboard (docs/decisions/0030-weekly-summary.md); billing and the shops area record the live
 * events of the owners' open screens (the areas acting on a store record theirs through the shops
 * area, which knows its owner). Any other arrow needs a line here and in the decision record; the
 * arrows never form a loop (no-area-cycle).
 */
const areaDependencies = {
  account: ['activity', 'billing', 'contact', 'live', 'sessions', 'shops'],
  billing: ['activity', 'live'],
  blog: ['account', 'billing', 'catalog', 'shops'],
  catalog: ['shops'],
  dashboard: ['billing', 'blog', 'seo', 'seo-changes', 'shops'],
  seo: ['billing', 'catalog', 'seo-changes', 'shops'],
  'seo-changes': ['account', 'billing', 'catalog', 'shops'],
  shops: ['activity', 'billing', 'live'],
  'weekly-summary': ['account', 'dashboard', 'shops'],
};

/**
 * What lies outside every area and may use them all, through their index.ts (the other rooms may
 * use none: serverRooms).
 */
const areaUsers = [...edges, ...compositionRoot];

const serverRooms = [
  {
    target: 'server/platform',
    forbidden: [
      'server/areas',
      ...edges,
      'server/http',
      'server/db',
      'server/jobs',
      'server/local',
    ],
    why: 'Platform adapters speak to the outside world and know nothing of the product.',
  },
  {
    target: 'server/db',
    forbidden: [
      'server/areas',
      ...edges,
      'server/http',
      'server/jobs',
      'server/platform',
      'server/local',
    ],
    why: 'The database handle knows no area and no adapter: each area defines and queries its own tables.',
  },
  {
    target: 'server/jobs',
    forbidden: ['server/areas', ...edges, 'server/http', 'server/local'],
    why: 'The job queue runs what the areas define and knows none of them.',
  },
  {
    target: 'server/http',
    forbidden: ['server/areas', ...edges, 'server/db', 'server/jobs', 'server/local'],
    why: 'server/http holds what both HTTP edges share, beneath them both.',
  },
  {
    target: 'server/areas',
    forbidden: [...edges, 'server/http', 'server/local'],
    why: 'An area holds the rules and the data; the HTTP edges call it, never the other way.',
  },
  {
    target: 'server/api',
    forbidden: ['server/bff', 'server/local'],
    why: 'The API never reaches into the BFF; local stand-ins are wired by the composition root.',
  },
  {
    target: 'server/bff',
    forbidden: ['server/api', 'server/jobs', 'server/local'],
    why: 'The BFF reaches the API over HTTP only and runs no jobs; local stand-ins are wired by the composition root.',
  },
  {
    target: 'server/local',
    forbidden: ['server/areas', ...edges, 'server/http', 'server/jobs', 'server/db'],
    why: 'Local stand-ins imitate the outside world and know nothing of the product.',
  },
];

const serverZones = [
  ...serverRooms.flatMap(({ target, forbidden, why }) =>
    [...forbidden, ...compositionRoot].map((from) => ({ target, from, message: why })),
  ),
  ...areas.flatMap((area) =>
    areas
      .filter((other) => other !== area)
      .flatMap((other) =>
        (areaDependencies[area] ?? []).includes(other)
          ? [
              {
                target: `server/areas/${area}`,
                from: `server/areas/${other}`,
                except: ['./index.ts'],
                message: `The ${area} area uses the ${other} area through server/areas/${other}/index.ts only.`,
              },
            ]
          : [
              {
                target: `server/areas/${area}`,
                from: `server/areas/${other}`,
                message: `The ${area} area may not use the ${other} area: add the arrow to areaDependencies and the decision record first.`,
              },
            ],
      ),
  ),
  ...areaUsers.flatMap((target) =>
    areas.map((area) => ({
      target,
      from: `server/areas/${area}`,
      except: ['./index.ts'],
      message: `Outside the ${area} area, it is used through server/areas/${area}/index.ts only.`,
    })),
  ),
];

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
    // Deliberate violations that tests/unit/lint-boundaries.test.ts lints on purpose.
    'tests/fixtures/import-cycle/',
    'tests/fixtures/area-cycle/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,ts,mts,cts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { globals: globals.node },
    plugins: {
      'import-x': importX,
      vitrine: { rules: { 'no-area-cycle': noAreaCycle, 'alias-outside-room': aliasOutsideRoom } },
    },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // The cycle rule follows imports into the files it can parse: TypeScript and JavaScript alike.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'vitrine/no-area-cycle': 'error',
      'vitrine/alias-outside-room': 'error',
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
    rules: clientImportRules(clientToServer),
  },
  ...featureBlocks,
  {
    files: ['client/components/**/*.{ts,tsx}'],
    rules: clientImportRules(
      clientToServer,
      boundary(
        ['app', 'features'],
        'client/components is shared by the features and imports neither them nor client/app.',
      ),
    ),
  },
  {
    files: ['client/lib/**/*.{ts,tsx}'],
    rules: clientImportRules(
      clientToServer,
      boundary(
        ['components', 'features', 'app'],
        'client/lib holds no React components and imports nothing of the layers above it.',
      ),
    ),
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      ...importBoundaries(
        boundary(['client'], 'The server never imports client code; share code through shared/.'),
      ),
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: importBoundaries(
      boundary(['server', 'client'], 'shared/ is imported by both sides and imports neither.'),
    ),
  },
]);
