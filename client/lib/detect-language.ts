import {
  languageQueryParameter,
  localeCookieName,
  supportedLanguages,
  type Language,
} from '../../shared/constants.ts';
import { parseCookie } from './browser-storage.ts';

/**
 * Where a language can come from (spec §4 "Language"), each read strictly: only `en` and `fr` are
 * accepted anywhere. The order in which they count is resolveStartLanguage's (preferences.ts).
 */

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** The value of the locale cookie when it names a supported language. */
export function languageFromCookies(cookieHeader: string): Language | undefined {
  const value = parseCookie(cookieHeader, localeCookieName);
  return isSupportedLanguage(value) ? value : undefined;
}

/** `?lang=fr`: the language version of a page that a link or a crawler asked for. */
export function languageFromQuery(query: string): Language | undefined {
  const value = new URLSearchParams(query).get(languageQueryParameter);
  return isSupportedLanguage(value) ? value : undefined;
}

/** The first browser preference whose primary subtag is supported (`fr-CA` counts as `fr`). */
export function languageFromBrowser(preferences: readonly string[]): Language | undefined {
  for (const tag of preferences) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isSupportedLanguage(primary)) return primary;
  }
  return undefined;
}
