import {
  defaultLanguage,
  localeCookieName,
  supportedLanguages,
  type Language,
} from '../../shared/constants.ts';

/**
 * The interface language at start (spec §4 "Language"): the locale cookie, else the browser's
 * preferences, else English. The backend account's language takes over once the user is known.
 */

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/** The value of the locale cookie when it names a supported language. */
export function languageFromCookies(cookieHeader: string): Language | undefined {
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator === -1 || pair.slice(0, separator).trim() !== localeCookieName) continue;
    let value = pair.slice(separator + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return undefined;
    }
    return isSupportedLanguage(value) ? value : undefined;
  }
  return undefined;
}

/** The first browser preference whose primary subtag is supported (`fr-CA` counts as `fr`). */
export function languageFromBrowser(preferences: readonly string[]): Language | undefined {
  for (const tag of preferences) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isSupportedLanguage(primary)) return primary;
  }
  return undefined;
}

export function detectLanguage(sources: {
  cookieHeader: string;
  browserLanguages: readonly string[];
}): Language {
  return (
    languageFromCookies(sources.cookieHeader) ??
    languageFromBrowser(sources.browserLanguages) ??
    defaultLanguage
  );
}
