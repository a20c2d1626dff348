import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appRoutes } from '#shared/routes.ts';
import { buildArtifacts } from '../../scripts/vite/build-artifacts-plugin.ts';
import { scriptHash } from '../../scripts/vite/inline-script-hashes.ts';

/** A real Vite build of a tiny page with the plugin, to see the files as the BFF will find them. */
describe('the build-artifacts plugin in a Vite build', () => {
  const stamp = { id: 'test-build-4f2a', timestamp: 1_767_323_045_000 };
  const inlineScript = "document.documentElement.dataset.ready = 'yes';";
  let root: string;
  let outDir: string;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-build-'));
    outDir = path.join(root, 'dist');
    await fs.writeFile(
      path.join(root, 'index.html'),
      `<!doctype html><html><head><script>${inlineScript}</script></head>` +
        '<body><script type="module" src="/main.js"></script></body></html>',
    );
    // Large enough to be precompressed; the build id must survive minification as a literal.
    await fs.writeFile(
      path.join(root, 'main.js'),
      `document.body.dataset.build = import.meta.env.VITE_BUILD_ID;\n` +
        `document.body.dataset.words = ${JSON.stringify('vitrine '.repeat(300))};\n`,
    );
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [buildArtifacts({ stamp })],
      build: { outDir, emptyOutDir: true },
    });
  }, 30_000);

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  const readJson = async (file: string): Promise<unknown> =>
    JSON.parse(await fs.readFile(path.join(outDir, file), 'utf8'));

  it('writes builds/latest.json', async () => {
    expect(await readJson('builds/latest.json')).toEqual(stamp);
  });

  it('writes the route manifest under the build id', async () => {
    const manifest = (await readJson(`builds/meta/${stamp.id}.json`)) as { routes: unknown[] };
    expect(manifest).toMatchObject({ ...stamp, prerendered: [] });
    expect(manifest.routes).toHaveLength(appRoutes.length);
  });

  it('loads the entry through an inline loader, with no script or preload tag the parser would meet', async () => {
    const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
    const entry = (await fs.readdir(path.join(outDir, 'assets'))).find((name) =>
      name.endsWith('.js'),
    );

    expect(html).not.toMatch(/<script[^>]*\bsrc=|rel="?modulepreload/);
    expect(html).toContain(`script.src = "/assets/${entry}";`);
  });

  it('writes the CSP hashes of the inline scripts of index.html, the loader among them', async () => {
    const html = await fs.readFile(path.join(outDir, 'index.html'), 'utf8');
    const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1]!,
    );
    const loader = inlineScripts.find((script) => script.includes('document.createElement'))!;

    expect(await readJson('csp-hashes.json')).toEqual({
      scriptSrc: [scriptHash(inlineScript), scriptHash(loader)],
    });
  });

  it('compiles the build id into the client code', async () => {
    const assets = await fs.readdir(path.join(outDir, 'assets'));
    const script = assets.find((name) => name.endsWith('.js'));
    expect(script).toBeDefined();
    expect(await fs.readFile(path.join(outDir, 'assets', script!), 'utf8')).toContain(stamp.id);
    expect(assets).toEqual(expect.arrayContaining([`${script}.br`, `${script}.gz`]));
  });
});

/**
 * With a prerender step: the pages it writes are listed in the manifest, their inline scripts are
 * hashed and they are precompressed, since each of those steps runs after it; its failure fails the
 * build with its message.
 */
describe('the build-artifacts plugin with a prerender step', () => {
  const stamp = { id: 'test-build-prerender', timestamp: 1_767_323_045_000 };
  const pageScript = "document.documentElement.dataset.page = 'pricing';";
  let root: string;
  let outDir: string;
  let seenConfigRoot: string | undefined;

  const writeSite = async (directory: string) => {
    await fs.writeFile(
      path.join(directory, 'index.html'),
      '<!doctype html><html><head></head><body><script type="module" src="/main.js"></script></body></html>',
    );
    await fs.writeFile(path.join(directory, 'main.js'), 'document.body.dataset.ready = "yes";\n');
  };

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-build-prerender-'));
    outDir = path.join(root, 'dist');
    await writeSite(root);
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [
        buildArtifacts({
          stamp,
          prerender: async (directory, config) => {
            seenConfigRoot = config.root;
            const page = path.join(directory, 'prerendered', 'en', 'pricing', 'index.html');
            await fs.mkdir(path.dirname(page), { recursive: true });
            await fs.writeFile(
              page,
              `<!doctype html><html><head><script>${pageScript}</script></head><body>${'<p>Plans</p>'.repeat(200)}</body></html>`,
            );
            return ['/pricing'];
          },
        }),
      ],
      build: { outDir, emptyOutDir: true },
    });
  }, 30_000);

  afterAll(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('gives the step the output directory and the resolved config', () => {
    expect(seenConfigRoot).toBe(root);
  });

  it('lists the prerendered paths in the route manifest', async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(outDir, 'builds', 'meta', `${stamp.id}.json`), 'utf8'),
    ) as { prerendered: string[] };
    expect(manifest.prerendered).toEqual(['/pricing']);
  });

  it("hashes the prerendered pages' inline scripts for the CSP", async () => {
    const hashes = JSON.parse(await fs.readFile(path.join(outDir, 'csp-hashes.json'), 'utf8'));
    // index.html's (its entry loader), then the page's.
    expect(hashes.scriptSrc).toHaveLength(2);
    expect(hashes.scriptSrc[1]).toBe(scriptHash(pageScript));
  });

  it('precompresses the prerendered pages', async () => {
    const files = await fs.readdir(path.join(outDir, 'prerendered', 'en', 'pricing'));
    expect(files.sort()).toEqual(['index.html', 'index.html.br', 'index.html.gz']);
  });

  it('fails the build with the message of a failed prerender', async () => {
    const failing = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-build-failing-'));
    try {
      await writeSite(failing);
      await expect(
        build({
          configFile: false,
          root: failing,
          logLevel: 'silent',
          plugins: [
            buildArtifacts({
              stamp,
              prerender: async () => {
                throw new Error(
                  'Prerendering /pricing in fr failed: heads.pricing.title is missing',
                );
              },
            }),
          ],
          build: { outDir: path.join(failing, 'dist'), emptyOutDir: true },
        }),
      ).rejects.toThrow('Prerendering /pricing in fr failed: heads.pricing.title is missing');
    } finally {
      await fs.rm(failing, { recursive: true, force: true });
    }
  });
});

describe('the build-artifacts plugin under the dev server', () => {
  it('defines no build id, so the client never compares itself with a build', async () => {
    const plugin = buildArtifacts({ stamp: { id: 'test-build-4f2a', timestamp: 1 } });
    const config = plugin.config as (config: object, env: object) => unknown;
    expect(config({}, { command: 'serve', mode: 'development' })).toBeUndefined();
    expect(config({}, { command: 'build', mode: 'production' })).toEqual({
      define: { 'import.meta.env.VITE_BUILD_ID': '"test-build-4f2a"' },
    });
  });
});
