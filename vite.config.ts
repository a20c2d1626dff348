import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { buildArtifacts } from './scripts/vite/build-artifacts-plugin.ts';

const repoRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * The client build (`npm run build:client`) and the dev server that the BFF embeds (`npm run dev`).
 * In development the BFF runs Vite in middleware mode behind its own guards, sessions and proxy, and
 * answers page requests itself with `client/index.html` passed through `transformIndexHtml`: Vite
 * serves modules and HMR only, never an HTML page, so a page never skips a guard or gets the wrong
 * status (unknown paths are 404).
 */
export default defineConfig({
  root: path.join(repoRoot, 'client'),
  appType: 'custom',
  // The BFF prints "Ready on …"; Vite must not wipe it.
  clearScreen: false,
  plugins: [react(), buildArtifacts()],
  build: {
    outDir: path.join(repoRoot, 'dist', 'client'),
    // The output lies outside the root, so Vite would only warn instead of emptying it.
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              // The libraries every page runs, in a chunk of their own: it changes only when they
              // are upgraded, so browsers keep it cached across releases of the app. Listed by name
              // so that a library only some screens use (Firebase) never joins the first load.
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]/,
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
});
