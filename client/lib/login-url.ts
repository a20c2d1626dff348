import { loginAddress, type LoginNotice } from '#shared/login-address.ts';
import { isSupportedLanguage } from './detect-language.ts';

/**
 * `/login` in the language the user was reading. Ending the sessions or deleting the account
 * removes the language cookie, so without `?lang=` a French reader would land on the next page in
 * their browser's language; the query names the page's language version and is stored nowhere.
 * `notice` is what the page says once on arrival (that the account was deleted).
 */
export function loginUrlInLanguage(language: string | undefined, notice?: LoginNotice): string {
  return loginAddress({
    ...(isSupportedLanguage(language) && { language }),
    ...(notice !== undefined && { notice }),
  });
}
