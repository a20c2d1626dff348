import { languageQueryParameter } from '#shared/constants.ts';
import { isSupportedLanguage } from '#client/lib/detect-language.ts';

/**
 * `/login` in the language the user was reading. Ending the sessions or deleting the account
 * removes the language cookie, so without `?lang=` a French reader would land on the next page in
 * their browser's language; the query names the page's language version and is stored nowhere.
 */
export function loginUrlInLanguage(language: string | undefined): string {
  return isSupportedLanguage(language) ? `/login?${languageQueryParameter}=${language}` : '/login';
}
