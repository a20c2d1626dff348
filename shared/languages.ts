import { supportedLanguages, type Language } from './constants.ts';

/**
 * How a language is read from what a request or a browser says, the same way on both sides: the BFF
 * picks the language version of a prerendered page (server/bff/page-language.ts) by the rule the
 * client starts in (client/lib/detect-language.ts), so the page the client renders over the
 * prerendered one is in the same language. Every source is read strictly: only `en` and `fr`, in
 * lower case, are accepted; anything else counts as unsaid.
 */

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (supportedLanguages as readonly string[]).includes(value);
}

/**
 * The language named by the `lang` query parameter, given as its parser leaves it: a string, or a
 * list when the parameter is repeated, where the first one counts (as `URLSearchParams.get` does).
 */
export function languageFromQueryValue(value: unknown): Language | undefined {
  const first: unknown = Array.isArray(value) ? value[0] : value;
  return isSupportedLanguage(first) ? first : undefined;
}

/** The supported language of a BCP 47 tag by its primary subtag: `fr-CA` and `FR` are `fr`. */
export function languageOfTag(tag: string): Language | undefined {
  const primary = tag.split('-')[0]?.toLowerCase();
  return isSupportedLanguage(primary) ? primary : undefined;
}
