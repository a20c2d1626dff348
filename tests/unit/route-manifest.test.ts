import { describe, expect, it } from 'vitest';
import { appRoutes } from '#shared/routes.ts';
import {
  buildInfoPaths,
  createBuildStamp,
  latestBuildFile,
  routeManifest,
} from '../../scripts/vite/route-manifest.ts';

describe('build stamps', () => {
  it('gives every build its own id and the time it was made', () => {
    const first = createBuildStamp(new Date('2026-01-02T03:04:05.000Z'));
    const second = createBuildStamp(new Date('2026-01-02T03:04:05.000Z'));
    expect(first.timestamp).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
    expect(first.id).not.toBe(second.id);
    // The id becomes a file name and a URL segment.
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the build-info files', () => {
  const stamp = { id: 'a1b2c3', timestamp: 1_767_323_045_000 };

  it('puts only the id and the time in builds/latest.json', () => {
    expect(latestBuildFile({ ...stamp, extra: true } as typeof stamp)).toEqual(stamp);
  });

  it('lists every route of the route table with its path, name, layout and access', () => {
    const manifest = routeManifest(stamp, appRoutes);
    expect(manifest).toMatchObject({ id: 'a1b2c3', timestamp: stamp.timestamp, prerendered: [] });
    expect(manifest.routes).toHaveLength(appRoutes.length);
    expect(manifest.routes).toContainEqual({
      path: '/seo/pages',
      name: 'seo-pages',
      layout: 'authenticated',
      access: 'auth',
    });
    expect(manifest.routes).toContainEqual({
      path: '/',
      name: 'index',
      layout: 'static',
      access: 'guest',
    });
  });

  it('lists the prerendered paths it is given, none by default', () => {
    expect(routeManifest(stamp, appRoutes, ['/', '/pricing']).prerendered).toEqual([
      '/',
      '/pricing',
    ]);
    expect(routeManifest(stamp, appRoutes).prerendered).toEqual([]);
  });

  it('copies no field of a route beyond the four public ones', () => {
    const manifest = routeManifest(stamp, [
      { path: '/x', name: 'x', layout: 'none', access: 'open', internalNote: 'secret' } as never,
    ]);
    expect(manifest.routes).toEqual([{ path: '/x', name: 'x', layout: 'none', access: 'open' }]);
  });

  it('names the manifest after the build id', () => {
    expect(buildInfoPaths(stamp)).toEqual({
      latest: 'builds/latest.json',
      manifest: 'builds/meta/a1b2c3.json',
    });
  });
});
