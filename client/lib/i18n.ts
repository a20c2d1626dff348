import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { supportedLanguages, type Language } from '../../shared/constants.ts';

/**
 * i18next for the whole client. Each language and namespace is its own chunk
 * (`locales/<language>/<namespace>.json`), so a visitor downloads only the language they read.
 */

export const defaultNamespace = 'common';

const localeLoaders = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  import: 'default',
});

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
  document.documentElement.lang = language;
}

export async function initI18n(language: Language): Promise<typeof i18next> {
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
      ns: [defaultNamespace],
      defaultNS: defaultNamespace,
      // React escapes what it renders; escaping here too would show `&amp;` and the like.
      interpolation: { escapeValue: false },
    });
  return i18next;
}
