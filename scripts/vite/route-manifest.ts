import { randomUUID } from 'node:crypto';
import type { AppRoute } from '#shared/routes.ts';

/**
 * The build-info files the client polls to learn that a newer build is out: `builds/latest.json`
 * and `builds/meta/{buildId}.json`. The BFF serves them as they are written here.
 */

export interface BuildStamp {
  /** Unique per build; the client is compiled with it, so it can tell its own build from a newer one. */
  readonly id: string;
  /** Milliseconds since the epoch at which the build started. */
  readonly timestamp: number;
}

export interface RouteManifest extends BuildStamp {
  readonly routes: ReadonlyArray<Pick<AppRoute, 'path' | 'name' | 'layout' | 'access'>>;
  /** Paths rendered to HTML at build time, in every language (shared/static-pages.ts). */
  readonly prerendered: readonly string[];
}

export function createBuildStamp(now: Date = new Date()): BuildStamp {
  return { id: randomUUID(), timestamp: now.getTime() };
}

/** `builds/latest.json`: only what the periodic check compares. */
export function latestBuildFile(stamp: BuildStamp): BuildStamp {
  return { id: stamp.id, timestamp: stamp.timestamp };
}

/** `builds/meta/<id>.json`: the route table this build was made with, and what it prerendered. */
export function routeManifest(
  stamp: BuildStamp,
  routes: readonly AppRoute[],
  prerendered: readonly string[] = [],
): RouteManifest {
  return {
    id: stamp.id,
    timestamp: stamp.timestamp,
    // Copied field by field so that nothing but the four public fields ever reaches the file.
    routes: routes.map(({ path, name, layout, access }) => ({ path, name, layout, access })),
    prerendered: [...prerendered],
  };
}

/** Where the two files go, relative to the build's output directory. */
export function buildInfoPaths(stamp: BuildStamp): { latest: string; manifest: string } {
  return { latest: 'builds/latest.json', manifest: `builds/meta/${stamp.id}.json` };
}
