import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  loadPrerenderEntry,
  type LoadedPrerenderEntry,
} from '../../scripts/vite/prerender-static-pages.ts';
import { supportedLanguages } from '#shared/constants.ts';
import { prerenderedPaths } from '#shared/static-pages.ts';

/**
 * The real SSR entry (client/prerender/render-page.tsx) loaded by Vite on the project's config, as
 * the build does: every static page renders in both languages, with its head and its data.
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let entry: LoadedPrerenderEntry;

beforeAll(async () => {
  entry = await loadPrerenderEntry({
    configFile: path.join(repoRoot, 'vite.config.ts'),
    root: path.join(repoRoot, 'client'),
  });
}, 60_000);

afterAll(async () => {
  await entry?.close();
});

const cases = supportedLanguages.flatMap((language) =>
  prerenderedPaths.map((page) => ({ page, language })),
);

describe('renderPage', () => {
  it.each(cases)('renders $page in $language', async ({ page, language }) => {
    const rendered = await entry.renderPage(page, language);

    expect(rendered.markup).toMatch(/<main\b/);
    expect(rendered.markup).toMatch(/<h1\b/);
    expect(rendered.payload).toMatchObject({ path: page });
    expect(rendered.headHtml).toMatch(/^<title>[^<]+ · Vitrine<\/title>$/m);
    expect(rendered.headHtml).toMatch(/<meta name="description" content="[^"]{50,}" \/>/);
    const canonical = `%VITRINE_PUBLIC_URL%${page}${language === 'fr' ? '?lang=fr' : ''}`;
    expect(rendered.headHtml).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(rendered.headHtml).toContain('hreflang="x-default"');
  });

  it('renders the same page differently in each language', async () => {
    const english = await entry.renderPage('/pricing', 'en');
    const french = await entry.renderPage('/pricing', 'fr');

    expect(english.markup).not.toBe(french.markup);
    expect(english.headHtml).not.toBe(french.headHtml);
    expect(english.payload).toEqual(french.payload);
  });

  it('renders the page for a first visit: signed out, with the consent banner marked prerendered', async () => {
    const rendered = await entry.renderPage('/', 'en');

    expect(rendered.markup).toContain('href="/login"');
    expect(rendered.markup).not.toMatch(/role="dialog"/);
    // index.html's inline script hides this copy for a visitor who has already chosen.
    expect(rendered.markup).toMatch(/<section class="consent-banner"[^>]*data-prerendered=""/);
  });
});
