import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { supportedLanguages, type Language } from '#shared/constants.ts';

/**
 * i18next for the whole client. Each language and namespace is its own file
 * (`locales/<language>/<namespace>.json`), so a visitor downloads only the language they read and
 * only the namespaces of the screens they open.
 */

/**
 * One namespace per area, loaded with its screens: `common` is the frame (layouts, switchers,
 * errors, routes' titles); `marketing` the public pages; `account` the sign-in and e-mail
 * verification pages; `auth` the messages of the identity provider's and the account's failures,
 * which the account pages and Settings share; then one per signed-in area, named like its feature
 * folder. Which screen reads which is client/app/screens.ts's table.
 */
export const namespaces = [
  'common',
  'marketing',
  'account',
  'auth',
  'dashboard',
  'shops',
  'seo',
  'seo-checks',
  'blog',
  'subscription',
  'settings',
  'contact',
  /** The weekly summary mail and its unsubscribe page: read by the server only. */
  'weekly-summary',
] as const;
export type Namespace = (typeof namespaces)[number];
export const defaultNamespace = 'common' satisfies Namespace;

type Resources = Record<string, unknown>;

/**
 * In the browser the translations are fetched as JSON files of the build (hashed, cached for a
 * year): parsing JSON is cheaper than running the same text as a JavaScript module, and the first
 * load's JavaScript stays within its budget (npm run bench:client). The prerender runs in Node
 * without an HTTP server, so it imports them as modules; `import.meta.env.SSR` is a build-time
 * constant and the browser bundle keeps only the first branch.
 */
const localeLoaders: Record<string, () => Promise<Resources>> = import.meta.env.SSR
  ? import.meta.glob<Resources>('../locales/*/*.json', { import: 'default' })
  : Object.fromEntries(
      Object.entries(
        import.meta.glob<string>('../locales/*/*.json', {
          query: '?url',
          import: 'default',
          eager: true,
        }),
      ).map(([file, url]) => [file, () => fetchResources(url)]),
    );

async function fetchResources(url: string): Promise<Resources> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`Translations ${url} answered ${response.status}`);
  return (await response.json()) as Resources;
}

const localeChunks: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = localeLoaders[`../locales/${language}/${namespace}.json`];
    if (load === undefined) {
      callback(new Error(`No translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (resources) => callback(null, resources),
      (error: unknown) =>
        callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Keeps `<html lang>` on the language in use, for screen readers, hyphenation and search engines. */
function followLanguageInDocument(language: string): void {
  // The prerender runs i18next in Node, where there is no document to follow.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/**
 * Starts i18next in `language` with the common namespace and `extraNamespaces` (those of the first
 * screen, so that they load alongside instead of after). Other namespaces load when a screen asks.
 */
export async function initI18n(
  language: Language,
  extraNamespaces: readonly Namespace[] = [],
): Promise<typeof i18next> {
  i18next.off('languageChanged', followLanguageInDocument);
  i18next.on('languageChanged', followLanguageInDocument);
  await i18next
    .use(localeChunks)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: supportedLanguages,
      // Both languages are complete (tests/unit/locales.test.ts), so no fallback language is
      // downloaded next to the one in use.
      fallbackLng: false,
      ns: [...new Set([defaultNamespace, ...extraNamespaces])],
      defaultNS: defaultNamespace,
      // React escapes what it renders; escaping here too would show `&amp;` and the like.
      interpolation: { escapeValue: false },
    });
  return i18next;
}

/**
 * Resolves once i18next has been initialised, whoever initialised it (the app start in the browser,
 * the prerender in Node): a screen's route waits for it before asking for its namespaces, since its
 * code may arrive before the translations have started.
 */
export function whenI18nReady(): Promise<void> {
  if (i18next.isInitialized) return Promise.resolve();
  return new Promise((resolve) => {
    const onInitialized = (): void => {
      i18next.off('initialized', onInitialized);
      resolve();
    };
    i18next.on('initialized', onInitialized);
  });
}

/** Loads the namespaces a screen declares, in the current language, once i18next is ready. */
export async function loadNamespaces(needed: readonly Namespace[]): Promise<void> {
  if (needed.length === 0) return;
  await whenI18nReady();
  await i18next.loadNamespaces([...needed]);
}
