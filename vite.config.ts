import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildArtifacts } from './scripts/vite/build-artifacts-plugin.ts';
import { prerenderStaticPages } from './scripts/vite/prerender-static-pages.ts';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

const frameworkModule =
  /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next)[\\/]/;
/**
 * The prerendered pages' entry and what it imports: a few KB that start the app when the visitor
 * needs it (client/app/prerendered-page-start.ts). Kept out of the app's entry chunk, which would
 * bring the framework with it.
 */
const prerenderedEntry = 'prerendered-main.ts';
const prerenderedEntryModule =
  /client[\\/](prerendered-main|app[\\/](prerendered-page-start|interaction-replay))\.ts$/;
/** What that entry shares with the app: the constants and Vite's helper of `import()`. */
const prerenderedEntryShared = /shared[\\/]constants\.ts$|vite[\\/]preload-helper/;
const transComponentModule =
  /node_modules[\\/]react-i18next[\\/].*[\\/](Trans|TransWithoutContext|utils)\.js$/;

/**
 * What the first load would otherwise carry for nothing (npm run bench:client):
 * - react-router's package exports point at its development build, warnings included, in every
 *   mode; the production build it ships beside it is the same code without them;
 * - react-i18next reads useSyncExternalStore through a shim kept for React versions before 18;
 *   React 19 has the hook itself (client/lib/react-sync-external-store.ts hands it over).
 */
const reactRouterBuild = path.join(repoRoot, 'node_modules', 'react-router', 'dist', 'production');
const productionAliases = [
  { find: /^react-router$/, replacement: path.join(reactRouterBuild, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterBuild, 'dom-export.mjs') },
];
const reactHookShim = {
  find: /^use-sync-external-store\/shim$/,
  replacement: path.join(repoRoot, 'client', 'lib', 'react-sync-external-store.ts'),
};

/**
 * The client build (`npm run build:client`) and the dev server that the BFF embeds (`npm run dev`).
 * In development the BFF runs Vite in middleware mode behind its own guards, sessions and proxy, and
 * answers page requests itself with `client/index.html` passed through `transformIndexHtml`: Vite
 * serves modules and HMR only, never an HTML page, so a page never skips a guard or gets the wrong
 * status (unknown paths are 404). The build also renders the static pages to HTML, in English and
 * French, through client/prerender/render-page.tsx.
 */
export default defineConfig(({ command }) => ({
  root: path.join(repoRoot, 'client'),
  appType: 'custom',
  // The BFF prints "Ready on …"; Vite must not wipe it.
  clearScreen: false,
  // The static pages are prerendered once the bundle is written (scripts/vite/prerender-static-pages.ts).
  plugins: [react(), buildArtifacts({ prerender: prerenderStaticPages, prerenderedEntry })],
  resolve: {
    // The dev server keeps react-router's development warnings.
    alias: command === 'build' ? [...productionAliases, reactHookShim] : [reactHookShim],
  },
  define: {
    // Session replay's compression worker is served as a file of the build (client/lib/
    // error-reporting-sdk.ts), since the CSP refuses the blob: URL the SDK would start its inline
    // copy from; the flag drops that unusable copy from the SDK's chunk.
    __SENTRY_EXCLUDE_REPLAY_WORKER__: true,
  },
  build: {
    outDir: path.join(repoRoot, 'dist', 'client'),
    // The output lies outside the root, so Vite would only warn instead of emptying it.
    emptyOutDir: true,
    assetsDir: 'assets',
    // One stylesheet, linked from index.html: the prerendered pages are laid out by it before any
    // script runs. Split per chunk, a layout's or a page's rules would arrive with its JavaScript and
    // move the prerendered content as they applied (layout shift). All of it is a few KB gzip.
    cssCodeSplit: false,
    // index.html preloads what the entry imports. A lazy screen's own imports are not preloaded
    // with link tags added at run time: on a phone, adding them while the router starts made the
    // longest task of the page (npm run bench:client); the browser fetches them as it meets them,
    // and screens are preloaded ahead of navigation anyway (client/lib/route-preload.ts).
    // The prerendered pages' entry is the exception: when it starts the app, the app's entry and
    // the modules it imports are asked for at once, as index.html's loader asks for them.
    modulePreload: {
      // Every browser the product supports follows <link rel="modulepreload"> itself.
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostId, hostType }) =>
        hostType === 'html' || hostId.includes('prerendered-main') ? dependencies : [],
    },
    // Translations are fetched as files (client/lib/i18n.ts); inlined as data: URLs they would land
    // in the JavaScript they are kept out of.
    assetsInlineLimit: (file) => (file.endsWith('.json') ? false : undefined),
    rolldownOptions: {
      // index.html, the app's pages; the prerendered pages' entry, which the build writes into
      // their HTML in place of index.html's (scripts/vite/build-artifacts-plugin.ts).
      input: {
        index: path.join(repoRoot, 'client', 'index.html'),
        'prerendered-main': path.join(repoRoot, 'client', prerenderedEntry),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs, in a chunk of their own: it changes only when they
              // are upgraded, so browsers keep it cached across releases of the app. Listed by name
              // so that a library only some screens use (Firebase) never joins the first load.
              // react-i18next's <Trans> (and the HTML parser and helpers it brings) serves only the
              // pages with links inside their texts, so it stays with them, out of the first load;
              // its useTranslation is not used at all (client/lib/use-translation.ts).
              name: 'framework',
              test: (id) => frameworkModule.test(id) && !transComponentModule.test(id),
            },
            {
              // zod/mini, with which the client parses every answer of the BFF and the API
              // (shared/schemas): the first load needs it for the session's answer, the signed-in
              // screens for theirs, so it is one chunk of its own that they all share, rather than
              // pieces copied into the entry and the screens.
              name: 'zod-mini',
              test: /node_modules[\\/]zod[\\/]/,
            },
            {
              // TanStack Query, the signed-in screens' server state: loaded with the authenticated
              // layout (client/app/query-client.ts), never with the public pages.
              name: 'tanstack-query',
              test: /node_modules[\\/]@tanstack[\\/]/,
            },
            {
              // What the prerendered pages' entry shares with the app, in a chunk of its own: in
              // the app's entry chunk it would bring the whole app to the prerendered pages.
              name: 'start-shared',
              test: prerenderedEntryShared,
            },
            {
              // The app's own code that every first load runs, in the entry's file: left to the
              // automatic splitting, the pieces the screens share too (the session, the constants,
              // the language detection) became files of their own, each fetched and compressed
              // apart, which the first load paid for (npm run bench:client).
              name: 'index',
              tags: ['$initial'],
              test: (id) =>
                !/node_modules/.test(id) &&
                !prerenderedEntryModule.test(id) &&
                !prerenderedEntryShared.test(id),
            },
          ],
        },
      },
    },
  },
  server: {
    middlewareMode: true,
    fs: {
      strict: true,
      // Only what the client is made of: shared/ holds the route table and constants, node_modules its
      // dependencies. Not the repository root, which holds .data/ (session secret, database files).
      allow: ['client', 'shared', 'node_modules'].map((folder) => path.join(repoRoot, folder)),
    },
  },
}));
