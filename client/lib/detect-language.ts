import { languageQueryParameter, localeCookieName, type Language } from '#shared/constants.ts';
import { isSupportedLanguage, languageFromQueryValue, languageOfTag } from '#shared/languages.ts';
import { parseCookie } from './browser-storage.ts';

/**
 * Where a language can come from in the browser, each read strictly by the
 * rules the BFF also picks a prerendered page's language by (shared/languages.ts). The order in
 * which they count is resolveStartLanguage's (preferences.ts).
 */

// Kept importable from here: the client's modules read languages through this file.
export { isSupportedLanguage };

/** The value of the locale cookie when it names a supported language. */
export function languageFromCookies(cookieHeader: string): Language | undefined {
  const value = parseCookie(cookieHeader, localeCookieName);
  return isSupportedLanguage(value) ? value : undefined;
}

/** `?lang=fr`: the language version of a page that a link or a crawler asked for. */
export function languageFromQuery(query: string): Language | undefined {
  return languageFromQueryValue(new URLSearchParams(query).get(languageQueryParameter));
}

/** The first browser preference whose primary subtag is supported (`fr-CA` counts as `fr`). */
export function languageFromBrowser(preferences: readonly string[]): Language | undefined {
  for (const tag of preferences) {
    const language = languageOfTag(tag);
    if (language !== undefined) return language;
  }
  return undefined;
}
