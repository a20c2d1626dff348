import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { cspHashesFileName, prerenderedDirName } from '#shared/build-artifacts.ts';
import { appRoutes } from '#shared/routes.ts';
import { withEntryLoader } from './entry-loader.ts';
import { cspHashesFile } from './inline-script-hashes.ts';
import { precompressDirectory } from './precompress-assets.ts';
import {
  buildInfoPaths,
  createBuildStamp,
  latestBuildFile,
  routeManifest,
  type BuildStamp,
} from './route-manifest.ts';

/** The compile-time constant through which the client knows the build it belongs to. */
export function buildIdDefine(stamp: BuildStamp): Record<string, string> {
  return { 'import.meta.env.VITE_BUILD_ID': JSON.stringify(stamp.id) };
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(value));
}

/** Writes pages rendered at build time into `outDir`; returns their paths for the route manifest. */
export type PrerenderStep = (outDir: string, config: ResolvedConfig) => Promise<readonly string[]>;

export interface BuildArtifactsOptions {
  stamp?: BuildStamp;
  /** The prerender (scripts/vite/prerender-static-pages.ts); none: no page is prerendered. */
  prerender?: PrerenderStep;
}

/** Every HTML page of the build: index.html and the prerendered pages. */
async function htmlPagesOf(outDir: string): Promise<string[]> {
  const pages = [path.join(outDir, 'index.html')];
  const prerenderedDir = path.join(outDir, prerenderedDirName);
  const entries = await fs
    .readdir(prerenderedDir, { withFileTypes: true, recursive: true })
    .catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    });
  for (const entry of entries) {
    if (entry.isFile() && entry.name.endsWith('.html'))
      pages.push(path.join(entry.parentPath, entry.name));
  }
  return pages;
}

/**
 * Everything the server needs from a client build beyond the bundle itself. index.html loads the app
 * through an inline loader (entry-loader.ts), which the CSP allows by its hash. After the bundle, in
 * this order: the prerendered pages (copies of that index.html), the build-info files (the manifest
 * lists those pages), the CSP hashes of the inline scripts of every page, and last the precompressed
 * siblings of the text files, so that the pages and build-info files are compressed as well.
 */
export function buildArtifacts(options: BuildArtifactsOptions = {}): Plugin {
  const stamp = options.stamp ?? createBuildStamp();
  let outDir = '';
  let resolvedConfig: ResolvedConfig | undefined;
  let building = false;
  return {
    name: 'vitrine:build-artifacts',
    // Only a build has an id: under `npm run dev` the client knows no build, so it never compares
    // itself with whatever build dist/ happens to hold.
    config(_config, env) {
      building = env.command === 'build';
      return building ? { define: buildIdDefine(stamp) } : undefined;
    },
    // After Vite's own changes, which add the entry's script and preload tags. Under `npm run dev`
    // the page keeps Vite's tags: the dev server's CSP allows them.
    transformIndexHtml: {
      order: 'post',
      handler: (html) => (building ? withEntryLoader(html) : html),
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      resolvedConfig = config;
    },
    async writeBundle() {
      const prerendered =
        options.prerender === undefined || resolvedConfig === undefined
          ? []
          : await options.prerender(outDir, resolvedConfig);

      const paths = buildInfoPaths(stamp);
      await writeJson(path.join(outDir, paths.latest), latestBuildFile(stamp));
      await writeJson(
        path.join(outDir, paths.manifest),
        routeManifest(stamp, appRoutes, prerendered),
      );

      // The prerendered pages are copies of index.html and share its inline scripts; their hashes
      // are taken from every page all the same, so that no page can carry a script the CSP blocks.
      const pages = await Promise.all(
        (await htmlPagesOf(outDir)).map((page) => fs.readFile(page, 'utf8')),
      );
      await writeJson(path.join(outDir, cspHashesFileName), cspHashesFile(...pages));

      await precompressDirectory(outDir);
    },
  };
}
