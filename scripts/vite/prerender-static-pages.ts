import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServer, isRunnableDevEnvironment, type ResolvedConfig } from 'vite';
import { prerenderedPageFile } from '#shared/build-artifacts.ts';
import { supportedLanguages, type Language } from '#shared/constants.ts';
import { payloadPathFor, prerenderedPaths, type PrerenderedPath } from '#shared/static-pages.ts';
import { prerenderedPageHtml, withInlineStylesheets } from './prerendered-page-html.ts';

/**
 * Renders the static pages (shared/static-pages.ts) in every language after the client bundle is
 * written, through the SSR entry client/prerender/render-page.tsx, which Vite loads in Node with the
 * project's own config (the React plugin, `import.meta.glob`, CSS imports). Writes
 * `prerendered/<language><path>/index.html` and `<path>/_payload.json` into the build; a page that
 * fails to render fails the build, naming the page and the language.
 */

/** The SSR entry, relative to the Vite root (client/). */
export const prerenderEntry = '/prerender/render-page.tsx';

interface RenderedPage {
  markup: string;
  headHtml: string;
  payload: unknown;
}

interface PrerenderEntry {
  renderPage(path: PrerenderedPath, language: Language): Promise<RenderedPage>;
}

function isPrerenderEntry(module: unknown): module is PrerenderEntry {
  return (
    typeof module === 'object' &&
    module !== null &&
    typeof (module as { renderPage?: unknown }).renderPage === 'function'
  );
}

async function writeFile(file: string, content: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, content);
}

export class PrerenderError extends Error {
  constructor(
    readonly page: string,
    readonly language: string,
    cause: unknown,
  ) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`Prerendering ${page} in ${language} failed: ${reason}`, { cause });
    this.name = 'PrerenderError';
  }
}

/**
 * Renders every page × language with `render` and writes them into `outDir`, whose index.html is the
 * template. Returns the paths prerendered, for the route manifest.
 */
export async function writePrerenderedPages(
  outDir: string,
  render: PrerenderEntry['renderPage'],
): Promise<readonly PrerenderedPath[]> {
  const template = withInlineStylesheets(
    await fs.readFile(path.join(outDir, 'index.html'), 'utf8'),
    (href) => readFileSync(path.join(outDir, href), 'utf8'),
  );
  // Language by language: the renderer switches i18next once per language, not once per page.
  for (const language of supportedLanguages) {
    for (const page of prerenderedPaths) {
      let html: string;
      let payload: unknown;
      try {
        const rendered = await render(page, language);
        if (rendered.markup.trim() === '') throw new Error('the page rendered nothing');
        html = prerenderedPageHtml(template, { language, ...rendered });
        payload = rendered.payload;
      } catch (error) {
        throw new PrerenderError(page, language, error);
      }
      await writeFile(path.join(outDir, prerenderedPageFile(page, language)), html);
      // The data is the same in every language; written once per page all the same is harmless.
      await writeFile(path.join(outDir, payloadPathFor(page)), JSON.stringify(payload));
    }
  }
  return prerenderedPaths;
}

export interface LoadedPrerenderEntry extends PrerenderEntry {
  close(): Promise<void>;
}

/**
 * The SSR entry, loaded by a Vite server on the given config and root, without HTTP, HMR or
 * dependency pre-bundling. `close` stops the server.
 */
export async function loadPrerenderEntry(options: {
  configFile: string | false;
  root: string;
}): Promise<LoadedPrerenderEntry> {
  // A cache of its own: the dev server of `npm run dev` may be using the project's at the same time.
  const cacheDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-prerender-'));
  const server = await createServer({
    configFile: options.configFile,
    root: options.root,
    cacheDir,
    logLevel: 'warn',
    clearScreen: false,
    appType: 'custom',
    server: { middlewareMode: true, ws: false, hmr: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
  }).catch(async (error: unknown) => {
    await fs.rm(cacheDir, { recursive: true, force: true });
    throw error;
  });
  const close = async () => {
    await server.close();
    await fs.rm(cacheDir, { recursive: true, force: true });
  };
  try {
    const environment = server.environments.ssr;
    if (environment === undefined || !isRunnableDevEnvironment(environment)) {
      throw new Error('Vite offers no runnable SSR environment to prerender with');
    }
    const entry: unknown = await environment.runner.import(prerenderEntry);
    if (!isPrerenderEntry(entry)) throw new Error(`${prerenderEntry} exports no renderPage()`);
    return { renderPage: entry.renderPage, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The build's prerender step (buildArtifacts' `prerender` option), on the build's own config. */
export async function prerenderStaticPages(
  outDir: string,
  config: ResolvedConfig,
): Promise<readonly PrerenderedPath[]> {
  const entry = await loadPrerenderEntry({
    configFile: config.configFile ?? false,
    root: config.root,
  });
  try {
    return await writePrerenderedPages(outDir, entry.renderPage);
  } finally {
    await entry.close();
  }
}
