import {
  defaultLanguage,
  languageQueryParameter,
  localeCookieName,
  type Language,
} from '#shared/constants.ts';
import { isSupportedLanguage, languageFromQueryValue, languageOfTag } from '#shared/languages.ts';

/**
 * The language version of a prerendered page that a request gets: `?lang=` (the hreflang URLs),
 * then the locale cookie, then the browser's Accept-Language, then English. The client starts in
 * the same language by the same rule, so the page it renders over the prerendered one matches it.
 */

export interface PageLanguageSources {
  /** The parsed query string; `lang` may come once, several times, or not at all. */
  query: unknown;
  cookies: Record<string, string | undefined>;
  acceptLanguage: string | undefined;
}

function languageFromQuery(query: unknown): Language | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  return languageFromQueryValue((query as Record<string, unknown>)[languageQueryParameter]);
}

/**
 * The supported language the browser prefers most, by its Accept-Language header: the highest
 * q-value wins, the earlier entry on a tie; `fr-CA` counts as `fr`; `q=0` means "not this one"; `*`
 * names nothing.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | undefined {
  if (header === undefined) return undefined;
  let best: { language: Language; quality: number } | undefined;
  for (const entry of header.split(',')) {
    const [tag = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const language = languageOfTag(tag);
    if (language === undefined) continue;
    const quality = qualityOf(parameters);
    if (quality > 0 && (best === undefined || quality > best.quality)) best = { language, quality };
  }
  return best?.language;
}

function qualityOf(parameters: readonly string[]): number {
  for (const parameter of parameters) {
    const match = /^q\s*=\s*([01](?:\.\d{0,3})?)$/i.exec(parameter);
    if (match) return Number(match[1]);
    // A malformed weight makes the entry unusable rather than preferred.
    if (/^q\s*=/i.test(parameter)) return 0;
  }
  return 1;
}

export function pageLanguage(sources: PageLanguageSources): Language {
  const cookie = sources.cookies[localeCookieName];
  return (
    languageFromQuery(sources.query) ??
    (isSupportedLanguage(cookie) ? cookie : undefined) ??
    languageFromAcceptLanguage(sources.acceptLanguage) ??
    defaultLanguage
  );
}
