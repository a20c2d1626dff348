import {
  languageQueryParameter,
  loginModeParameter,
  loginNoticeParameter,
  signUpMode,
  type Language,
} from './constants.ts';
import { flowPaths } from './routes.ts';

/**
 * The addresses of /login, and what its query asks of the page: the sign-up form open rather than
 * the sign-in (`mode=sign-up`, the public pages' "Create your free account"), a notice said once on
 * arrival (`notice=account-deleted`, after an account's deletion), the page to go on to after the
 * sign-in or the sign-up (`redirect`), and the page's language (`lang`).
 */

export { loginModeParameter, loginNoticeParameter, signUpMode } from './constants.ts';
export const loginNotices = ['account-deleted'] as const;
export type LoginNotice = (typeof loginNotices)[number];

export interface LoginAddress {
  signUp?: boolean;
  notice?: LoginNotice;
  redirect?: string;
  language?: Language;
}

export function loginAddress({ signUp, notice, redirect, language }: LoginAddress = {}): string {
  const query = new URLSearchParams();
  if (signUp === true) query.set(loginModeParameter, signUpMode);
  if (notice !== undefined) query.set(loginNoticeParameter, notice);
  if (redirect !== undefined) query.set('redirect', redirect);
  if (language !== undefined) query.set(languageQueryParameter, language);
  const search = query.toString();
  return search === '' ? flowPaths.login : `${flowPaths.login}?${search}`;
}

/** The notice a /login address asks for, if it is one the page knows. */
export function loginNoticeOf(query: URLSearchParams): LoginNotice | undefined {
  const notice = query.get(loginNoticeParameter);
  return loginNotices.find((known) => known === notice);
}
