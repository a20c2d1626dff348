import fs from 'node:fs';
import path from 'node:path';
import { initI18n, loadNamespaces, type Namespace } from '#client/lib/i18n.ts';
import type { Language } from '#shared/constants.ts';

/**
 * The client's i18next in a component test rendered into a DOM, over the real catalogues. In a DOM
 * the client's modules are those of the browser, which fetch each catalogue as a file of the build
 * (client/lib/i18n.ts); no web server runs in a unit test, so the catalogues' addresses
 * (/client/locales/<language>/<namespace>.json) are answered from the repository's files, as the
 * server answers them, and every other request goes to the DOM's own fetch.
 */

// Not `new URL(…, import.meta.url)`, which Vite turns into an asset's address in a DOM test.
const repositoryDir = path.resolve(import.meta.dirname, '../..');
const cataloguePath = /^\/client\/locales\/[a-z]{2}\/[a-z-]+\.json$/;

function answerCataloguesFromFiles(): void {
  const domFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    // Only the path matters: the catalogues are the page's own files.
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    if (!cataloguePath.test(url.pathname)) return domFetch(input, init);
    const text = fs.readFileSync(path.join(repositoryDir, url.pathname), 'utf8');
    return Promise.resolve(
      new Response(text, { status: 200, headers: { 'content-type': 'application/json' } }),
    );
  };
}

/** Starts the client's i18next in `language` with `extraNamespaces`, in a DOM test. */
export async function initDomI18n(
  language: Language,
  extraNamespaces: readonly Namespace[] = [],
): ReturnType<typeof initI18n> {
  answerCataloguesFromFiles();
  const i18n = await initI18n(language, extraNamespaces);
  await loadNamespaces(extraNamespaces);
  return i18n;
}

/** Switches the language, with the namespaces the test reads, as a screen's route does. */
export async function changeDomLanguage(
  i18n: Awaited<ReturnType<typeof initI18n>>,
  language: Language,
  needed: readonly Namespace[] = [],
): Promise<void> {
  await i18n.changeLanguage(language);
  await loadNamespaces(needed);
}
