import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import {
  browserStorageKeys,
  defaultLanguage,
  defaultTheme,
  localeCookieName,
  preferenceCookieMaxAgeDays,
  themeCookieName,
  type Language,
  type Theme,
} from '#shared/constants.ts';
import type { Account, UpdateAccountBody } from '#shared/schemas/account.ts';
import { ApiError } from './api-error.ts';
import { getAuthState, type AuthState } from './auth-session.ts';
import { browserStorage, type BrowserStorage } from './browser-storage.ts';
import { consentStore, type ConsentStore } from './consent.ts';
import {
  isSupportedLanguage,
  languageFromBrowser,
  languageFromCookies,
  languageFromQuery,
} from './detect-language.ts';
import { applyTheme, isSupportedTheme, onSystemColorSchemeChange } from './theme.ts';

/**
 * The visitor's language and theme: applied to the page at once, kept in cookies
 * only while cookie consent is `accepted`, and saved to the backend account when signed in.
 *
 * createPreferences takes everything it acts on as arguments, so that the decisions are tested in
 * Node; the exported functions are wired to i18next, the document, the cookies and the API.
 */

/** `saved` to the account; `local-only` when there is no account to save to; or the save failed. */
export type SaveResult = 'saved' | 'local-only' | 'account-save-failed';

/**
 * The language at start: the backend account's (when signed in) › `?lang=` › the locale cookie ›
 * the older `user-language` entry › the browser's languages › English.
 */
export function resolveStartLanguage(sources: {
  accountLanguage?: string;
  query: string;
  cookieHeader: string;
  legacyEntry?: string;
  browserLanguages: readonly string[];
}): Language {
  if (isSupportedLanguage(sources.accountLanguage)) return sources.accountLanguage;
  return (
    languageFromQuery(sources.query) ??
    languageFromCookies(sources.cookieHeader) ??
    (isSupportedLanguage(sources.legacyEntry) ? sources.legacyEntry : undefined) ??
    languageFromBrowser(sources.browserLanguages) ??
    defaultLanguage
  );
}

export interface PreferencesOptions {
  storage: Pick<
    BrowserStorage,
    'readCookie' | 'writeCookie' | 'deleteCookie' | 'readStorage' | 'removeStorage'
  >;
  consent: Pick<ConsentStore, 'get' | 'set'>;
  i18n: { language(): string | undefined; changeLanguage(language: Language): Promise<unknown> };
  applyTheme(preference: Theme): void;
  /** Calls the listener whenever the system's colour scheme changes; returns how to stop. */
  onSystemColorSchemeChange(listener: () => void): () => void;
  getAuthState(): AuthState;
  updateAccount(body: UpdateAccountBody): Promise<Account>;
}

export interface Preferences {
  acceptCookies(): void;
  /** Settles once a withdrawal's defaults are saved to the account (or that save gave up). */
  refuseCookies(): Promise<void>;
  changeLanguage(language: Language): Promise<SaveResult>;
  getThemePreference(): Theme;
  subscribeTheme(listener: () => void): () => void;
  changeTheme(theme: Theme): Promise<SaveResult>;
  applyAccountPreferences(account: Pick<Account, 'language' | 'theme'>): Promise<void>;
  /** Sign-out: the cookies that followed the account are deleted; the page keeps its looks. */
  clearPreferences(): void;
  startPreferences(): void;
}

export function createPreferences(options: PreferencesOptions): Preferences {
  const { storage, consent, i18n } = options;
  let theme: Theme | undefined;
  let started = false;
  const themeListeners = new Set<() => void>();

  function currentLanguage(): Language {
    const language = i18n.language();
    return isSupportedLanguage(language) ? language : defaultLanguage;
  }

  /** The theme chosen in this visit, else the cookie's, else `system`; read lazily, not at import. */
  function getThemePreference(): Theme {
    if (theme === undefined) {
      const fromCookie = storage.readCookie(themeCookieName);
      theme = isSupportedTheme(fromCookie) ? fromCookie : defaultTheme;
    }
    return theme;
  }

  function setTheme(next: Theme): void {
    const changed = next !== getThemePreference();
    theme = next;
    options.applyTheme(next);
    if (changed) for (const listener of [...themeListeners]) listener();
  }

  function rememberInCookie(name: string, value: string): void {
    if (consent.get() === 'accepted') storage.writeCookie(name, value, preferenceCookieMaxAgeDays);
  }

  async function saveToAccount(body: UpdateAccountBody): Promise<SaveResult> {
    if (options.getAuthState().status !== 'signed-in') return 'local-only';
    try {
      await options.updateAccount(body);
      return 'saved';
    } catch (error) {
      // Signed in before the e-mail is verified, or mid sign-up: no account exists to save to yet.
      if (error instanceof ApiError && error.status === 404) return 'local-only';
      return 'account-save-failed';
    }
  }

  /** The older `user-language` entry: moved to the cookie when none is set, then removed. */
  function migrateLegacyLanguage(): void {
    const legacy = storage.readStorage('local', browserStorageKeys.legacyUserLanguage);
    if (legacy === undefined) return;
    if (isSupportedLanguage(legacy) && storage.readCookie(localeCookieName) === undefined) {
      rememberInCookie(localeCookieName, legacy);
    }
    storage.removeStorage('local', browserStorageKeys.legacyUserLanguage);
  }

  return {
    acceptCookies() {
      consent.set('accepted');
      rememberInCookie(localeCookieName, currentLanguage());
      rememberInCookie(themeCookieName, getThemePreference());
    },

    async refuseCookies() {
      const withdrawn = consent.get() === 'accepted';
      consent.set('refused');
      if (!withdrawn) return;
      storage.deleteCookie(localeCookieName);
      storage.deleteCookie(themeCookieName);
      void i18n.changeLanguage(defaultLanguage);
      setTheme(defaultTheme);
      // The defaults go to the account too, or its language and theme would come back at the next
      // load. No account yet (404) or a failed save leaves the withdrawal done locally.
      await saveToAccount({ language: defaultLanguage, theme: defaultTheme });
    },

    async changeLanguage(language) {
      await i18n.changeLanguage(language);
      rememberInCookie(localeCookieName, language);
      return saveToAccount({ language });
    },

    getThemePreference,

    subscribeTheme(listener) {
      themeListeners.add(listener);
      return () => themeListeners.delete(listener);
    },

    async changeTheme(next) {
      setTheme(next);
      rememberInCookie(themeCookieName, next);
      return saveToAccount({ theme: next });
    },

    async applyAccountPreferences(account) {
      // The account is where these came from: nothing is saved back, but the cookies follow.
      setTheme(account.theme);
      rememberInCookie(themeCookieName, account.theme);
      rememberInCookie(localeCookieName, account.language);
      if (currentLanguage() !== account.language) await i18n.changeLanguage(account.language);
    },

    clearPreferences() {
      storage.deleteCookie(localeCookieName);
      storage.deleteCookie(themeCookieName);
    },

    startPreferences() {
      if (started) return;
      started = true;
      migrateLegacyLanguage();
      options.applyTheme(getThemePreference());
      options.onSystemColorSchemeChange(() => {
        if (getThemePreference() === 'system') options.applyTheme('system');
      });
    },
  };
}

const preferences: Preferences = createPreferences({
  storage: browserStorage,
  consent: consentStore,
  i18n: {
    language: () => i18next.resolvedLanguage ?? i18next.language,
    changeLanguage: (language) => i18next.changeLanguage(language),
  },
  applyTheme,
  onSystemColorSchemeChange,
  getAuthState,
  // Only a signed-in user saves to an account: the account's code is loaded then, not with the
  // page.
  updateAccount: async (body) => (await import('./account-api.ts')).updateAccount(body),
});

/** Consent accepted: the current language and theme are written to their cookies. */
export function acceptCookies(): void {
  preferences.acceptCookies();
}

/**
 * Consent refused. On a first choice nothing changes; after an accepted consent (withdrawal) both
 * cookies are deleted and the page returns to English and the system theme, saved to the account
 * when signed in.
 */
export function refuseCookies(): void {
  void preferences.refuseCookies();
}

/** i18next (and with it `<html lang>`), the cookie with consent, the account when signed in. */
export function changeLanguage(language: Language): Promise<SaveResult> {
  return preferences.changeLanguage(language);
}

export function getThemePreference(): Theme {
  return preferences.getThemePreference();
}

export function subscribeThemePreference(listener: () => void): () => void {
  return preferences.subscribeTheme(listener);
}

const serverThemePreference = (): Theme => defaultTheme;

export function useThemePreference(): Theme {
  return useSyncExternalStore(subscribeThemePreference, getThemePreference, serverThemePreference);
}

/** The page at once, the cookie with consent, the account when signed in. */
export function changeTheme(theme: Theme): Promise<SaveResult> {
  return preferences.changeTheme(theme);
}

/** At start when signed in: the account's language and theme, without saving them back. */
export function applyAccountPreferences(
  account: Pick<Account, 'language' | 'theme'>,
): Promise<void> {
  return preferences.applyAccountPreferences(account);
}

/**
 * A sign-out clears the preferences: the language and theme cookies, written from the
 * account, go, so the next visitor of this browser starts from the defaults. The page about to be
 * left keeps its language and theme; the sign-out's full load to /login starts afresh.
 */
export function clearPreferences(): void {
  preferences.clearPreferences();
}

/**
 * Called once by the app start, after i18next is initialised: migrates the older language entry,
 * applies the theme and keeps `system` following the system's colour scheme.
 */
export function startPreferences(): void {
  preferences.startPreferences();
}
