import fs from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'vite';
import { cspHashesFileName } from '../../shared/build-artifacts.ts';
import { appRoutes } from '../../shared/routes.ts';
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

/**
 * Everything the server needs from a client build beyond the bundle itself: the build-info files of
 * spec §7, the CSP hashes of index.html, and precompressed siblings of the text assets. They are
 * written after the bundle, in that order, so that the build-info files are compressed as well.
 */
export function buildArtifacts(options: { stamp?: BuildStamp } = {}): Plugin {
  const stamp = options.stamp ?? createBuildStamp();
  let outDir = '';
  return {
    name: 'vitrine:build-artifacts',
    // Only a build has an id: under `npm run dev` the client knows no build, so it never compares
    // itself with whatever build dist/ happens to hold.
    config(_config, env) {
      return env.command === 'build' ? { define: buildIdDefine(stamp) } : undefined;
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const paths = buildInfoPaths(stamp);
      await writeJson(path.join(outDir, paths.latest), latestBuildFile(stamp));
      await writeJson(path.join(outDir, paths.manifest), routeManifest(stamp, appRoutes));

      const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
      await writeJson(path.join(outDir, cspHashesFileName), cspHashesFile(html));

      await precompressDirectory(outDir);
    },
  };
}
