import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  PrerenderError,
  writePrerenderedPages,
} from '../../scripts/vite/prerender-static-pages.ts';
import { prerenderedPaths } from '#shared/static-pages.ts';

/** The writing half of the prerender, with a stand-in for the SSR entry. */
describe('writePrerenderedPages', () => {
  const template =
    '<!doctype html><html lang="en"><head><title>Vitrine</title></head>' +
    '<body><div id="root"></div></body></html>';
  let outDir: string;

  beforeEach(async () => {
    outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'vitrine-prerender-test-'));
    await fs.writeFile(path.join(outDir, 'index.html'), template);
  });

  afterEach(async () => {
    await fs.rm(outDir, { recursive: true, force: true });
  });

  const fakeRender = async (page: string, language: string) => ({
    markup: `<h1>${page} in ${language}</h1>`,
    headHtml: `<title>${page} (${language})</title>`,
    payload: { path: page, data: { rendered: true } },
  });

  it('writes every page in every language, and each payload, and returns the paths', async () => {
    const written = await writePrerenderedPages(outDir, fakeRender);

    expect(written).toEqual(prerenderedPaths);
    const fr = await fs.readFile(path.join(outDir, 'prerendered/fr/pricing/index.html'), 'utf8');
    expect(fr).toContain('<html lang="fr">');
    expect(fr).toContain('<div id="root"><h1>/pricing in fr</h1></div>');
    expect(fr).toContain('<title>/pricing (fr)</title>');
    const home = await fs.readFile(path.join(outDir, 'prerendered/en/index.html'), 'utf8');
    expect(home).toContain('<h1>/ in en</h1>');
    expect(
      JSON.parse(await fs.readFile(path.join(outDir, 'pricing/_payload.json'), 'utf8')),
    ).toEqual({ path: '/pricing', data: { rendered: true } });
    expect(JSON.parse(await fs.readFile(path.join(outDir, '_payload.json'), 'utf8'))).toEqual({
      path: '/',
      data: { rendered: true },
    });
    const files = await fs.readdir(path.join(outDir, 'prerendered'), { recursive: true });
    expect(files.filter((file) => file.endsWith('index.html'))).toHaveLength(
      prerenderedPaths.length * 2,
    );
  });

  it('fails naming the page and the language when a page cannot be rendered', async () => {
    const failing = async (page: string, language: string) => {
      if (page === '/legal' && language === 'fr') throw new Error('legal.title is missing');
      return fakeRender(page, language);
    };

    const result = writePrerenderedPages(outDir, failing);

    await expect(result).rejects.toThrow(PrerenderError);
    await expect(result).rejects.toThrow(
      'Prerendering /legal in fr failed: legal.title is missing',
    );
  });

  it('fails when a page renders nothing', async () => {
    await expect(
      writePrerenderedPages(outDir, async (page, language) => ({
        ...(await fakeRender(page, language)),
        markup: page === '/login' ? ' ' : '<p>ok</p>',
      })),
    ).rejects.toThrow('Prerendering /login in en failed: the page rendered nothing');
  });
});
