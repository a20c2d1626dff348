import { describe, expect, it, vi } from 'vitest';
import { createBrowserStorage, type KeyValueStorage } from '#client/lib/browser-storage.ts';
import { ApiError } from '#client/lib/api-error.ts';
import type { AuthState } from '#client/lib/auth-session.ts';
import { createConsentStore } from '#client/lib/consent.ts';
import { createPreferences, resolveStartLanguage } from '#client/lib/preferences.ts';
import type { Language, Theme } from '#shared/constants.ts';
import type { Account } from '#shared/schemas/account.ts';

/** document.cookie as a browser keeps it: a line per write, `Max-Age=0` deletes. */
function fakeCookieJar() {
  const cookies = new Map<string, string>();
  const writes: string[] = [];
  return {
    cookies,
    writes,
    get cookie(): string {
      return [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair = '', ...attributes] = line.split('; ');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      if (attributes.includes('Max-Age=0')) cookies.delete(name);
      else cookies.set(name, pair.slice(separator + 1));
    },
  };
}

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & {
  entries: Map<string, string>;
} {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

const signedIn: AuthState = {
  status: 'signed-in',
  user: {
    uid: 'u1',
    email: 'ada@example.com',
    displayName: 'Ada',
    photoURL: null,
    providerId: 'password',
    emailVerified: true,
  },
};

function setup(
  options: {
    cookies?: Record<string, string>;
    local?: Record<string, string>;
    language?: Language;
    auth?: AuthState;
    updateAccount?: () => Promise<Account>;
  } = {},
) {
  const jar = fakeCookieJar();
  for (const [name, value] of Object.entries(options.cookies ?? {})) jar.cookies.set(name, value);
  const local = memoryStorage(options.local);
  const storage = createBrowserStorage({
    document: () => jar,
    storage: () => local,
    secure: () => false,
  });
  const consent = createConsentStore(storage);
  let language: Language = options.language ?? 'en';
  const changeLanguage = vi.fn(async (next: Language) => {
    language = next;
  });
  const applied: Theme[] = [];
  const systemListeners: Array<() => void> = [];
  const updateAccount = vi.fn(options.updateAccount ?? (async () => ({}) as unknown as Account));
  const preferences = createPreferences({
    storage,
    consent,
    i18n: { language: () => language, changeLanguage },
    applyTheme: (theme) => void applied.push(theme),
    onSystemColorSchemeChange: (listener) => {
      systemListeners.push(listener);
      return () => {};
    },
    getAuthState: () => options.auth ?? { status: 'signed-out' },
    updateAccount,
  });
  return {
    jar,
    local,
    consent,
    preferences,
    changeLanguage,
    applied,
    systemListeners,
    updateAccount,
    language: () => language,
  };
}

describe('resolveStartLanguage', () => {
  const none = { query: '', cookieHeader: '', browserLanguages: [] as string[] };

  it('takes the account, then ?lang, then the cookie, the legacy entry, the browser, English', () => {
    const all = {
      accountLanguage: 'fr',
      query: '?lang=en',
      cookieHeader: 'i18n_redirected=fr',
      legacyEntry: 'en',
      browserLanguages: ['fr-CA'],
    };
    expect(resolveStartLanguage(all)).toBe('fr');
    expect(resolveStartLanguage({ ...all, accountLanguage: undefined })).toBe('en');
    expect(resolveStartLanguage({ ...all, accountLanguage: undefined, query: '' })).toBe('fr');
    expect(
      resolveStartLanguage({ ...all, accountLanguage: undefined, query: '', cookieHeader: '' }),
    ).toBe('en');
    expect(
      resolveStartLanguage({
        ...all,
        accountLanguage: undefined,
        query: '',
        cookieHeader: '',
        legacyEntry: undefined,
      }),
    ).toBe('fr');
    expect(resolveStartLanguage(none)).toBe('en');
  });

  it('accepts only en and fr from every source', () => {
    expect(
      resolveStartLanguage({
        accountLanguage: 'de',
        query: '?lang=es',
        cookieHeader: 'i18n_redirected=it',
        legacyEntry: 'pt',
        browserLanguages: ['nl', 'fr-BE'],
      }),
    ).toBe('fr');
    expect(resolveStartLanguage({ ...none, query: '?lang=FR', browserLanguages: ['de'] })).toBe(
      'en',
    );
  });

  it('reads ?lang among other query parameters', () => {
    expect(resolveStartLanguage({ ...none, query: '?redirect=%2Fx&lang=fr' })).toBe('fr');
  });
});

describe('cookie consent', () => {
  it('accepting writes the current language and theme cookies for 365 days', () => {
    const { jar, local, preferences } = setup({ language: 'fr' });
    void preferences.changeTheme('dark');
    expect(jar.cookies.size).toBe(0);
    preferences.acceptCookies();
    expect(local.entries.get('vitrine_cookie_consent')).toBe('accepted');
    expect(jar.cookies.get('i18n_redirected')).toBe('fr');
    expect(jar.cookies.get('vitrine_theme')).toBe('dark');
    expect(jar.writes).toContain('i18n_redirected=fr; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('refusing as a first choice writes nothing and changes nothing', () => {
    const { jar, local, preferences, changeLanguage, applied } = setup({ language: 'fr' });
    preferences.refuseCookies();
    expect(local.entries.get('vitrine_cookie_consent')).toBe('refused');
    expect(jar.writes).toEqual([]);
    expect(changeLanguage).not.toHaveBeenCalled();
    expect(applied).toEqual([]);
  });

  it('withdrawing deletes both cookies and returns to English and the system theme', () => {
    const { jar, preferences, changeLanguage, applied, language } = setup({
      language: 'fr',
      cookies: { vitrine_theme: 'dark', i18n_redirected: 'fr', other: 'kept' },
      local: { vitrine_cookie_consent: 'accepted' },
    });
    expect(preferences.getThemePreference()).toBe('dark');
    preferences.refuseCookies();
    expect([...jar.cookies.keys()]).toEqual(['other']);
    expect(changeLanguage).toHaveBeenCalledWith('en');
    expect(language()).toBe('en');
    expect(preferences.getThemePreference()).toBe('system');
    expect(applied).toEqual(['system']);
  });

  it('withdrawing while signed in saves English and the system theme to the account', async () => {
    const { preferences, updateAccount, language } = setup({
      auth: signedIn,
      language: 'fr',
      cookies: { vitrine_theme: 'dark', i18n_redirected: 'fr' },
      local: { vitrine_cookie_consent: 'accepted' },
    });
    await preferences.refuseCookies();
    expect(updateAccount.mock.calls).toEqual([[{ language: 'en', theme: 'system' }]]);
    expect(language()).toBe('en');
    expect(preferences.getThemePreference()).toBe('system');
  });

  it('withdrawing stays done locally when the account save answers 404 or fails', async () => {
    for (const failure of [
      new ApiError(404, 'account_not_found', 'none'),
      new ApiError(503, 'upstream_unavailable', 'down'),
    ]) {
      const { jar, local, preferences, updateAccount, language } = setup({
        auth: signedIn,
        language: 'fr',
        cookies: { vitrine_theme: 'dark', i18n_redirected: 'fr' },
        local: { vitrine_cookie_consent: 'accepted' },
        updateAccount: () => Promise.reject(failure),
      });
      await expect(preferences.refuseCookies()).resolves.toBeUndefined();
      expect(updateAccount).toHaveBeenCalledTimes(1);
      expect(local.entries.get('vitrine_cookie_consent')).toBe('refused');
      expect(jar.cookies.size).toBe(0);
      expect(language()).toBe('en');
      expect(preferences.getThemePreference()).toBe('system');
    }
  });

  it('refusing as a first choice while signed in leaves the account alone', async () => {
    const { preferences, updateAccount } = setup({ auth: signedIn, language: 'fr' });
    await preferences.refuseCookies();
    expect(updateAccount).not.toHaveBeenCalled();
  });

  it('writes no cookie while consent is not accepted', async () => {
    const { jar, preferences } = setup();
    await preferences.changeLanguage('fr');
    await preferences.changeTheme('light');
    expect(jar.writes).toEqual([]);
    preferences.refuseCookies();
    await preferences.changeLanguage('en');
    expect(jar.writes).toEqual([]);
  });
});

describe('changeLanguage and changeTheme', () => {
  it('stay local when signed out, writing the cookies when consent is accepted', async () => {
    const { jar, preferences, updateAccount, language, applied } = setup({
      local: { vitrine_cookie_consent: 'accepted' },
    });
    expect(await preferences.changeLanguage('fr')).toBe('local-only');
    expect(language()).toBe('fr');
    expect(await preferences.changeTheme('dark')).toBe('local-only');
    expect(applied).toEqual(['dark']);
    expect(jar.cookies.get('i18n_redirected')).toBe('fr');
    expect(jar.cookies.get('vitrine_theme')).toBe('dark');
    expect(updateAccount).not.toHaveBeenCalled();
  });

  it('save to the account when signed in', async () => {
    const { preferences, updateAccount } = setup({ auth: signedIn });
    expect(await preferences.changeLanguage('fr')).toBe('saved');
    expect(await preferences.changeTheme('light')).toBe('saved');
    expect(updateAccount.mock.calls).toEqual([[{ language: 'fr' }], [{ theme: 'light' }]]);
  });

  it('keep the switch when the save fails, and say so', async () => {
    const { preferences, language } = setup({
      auth: signedIn,
      updateAccount: () => Promise.reject(new ApiError(503, 'upstream_unavailable', 'down')),
    });
    expect(await preferences.changeLanguage('fr')).toBe('account-save-failed');
    expect(language()).toBe('fr');
    expect(await preferences.changeTheme('dark')).toBe('account-save-failed');
    expect(preferences.getThemePreference()).toBe('dark');
  });

  it('treat a signed-in user without an account yet (404) as local-only', async () => {
    const { preferences } = setup({
      auth: signedIn,
      updateAccount: () => Promise.reject(new ApiError(404, 'account_not_found', 'none')),
    });
    expect(await preferences.changeLanguage('fr')).toBe('local-only');
  });

  it('tell the theme subscribers about a change, not about the same theme again', async () => {
    const { preferences } = setup();
    const listener = vi.fn();
    preferences.subscribeTheme(listener);
    await preferences.changeTheme('dark');
    await preferences.changeTheme('dark');
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('startPreferences', () => {
  it('migrates the legacy entry to the cookie when consent is accepted, and removes it', () => {
    const { jar, local, preferences } = setup({
      local: { 'user-language': 'fr', vitrine_cookie_consent: 'accepted' },
    });
    preferences.startPreferences();
    expect(jar.cookies.get('i18n_redirected')).toBe('fr');
    expect(local.entries.has('user-language')).toBe(false);
  });

  it('removes the legacy entry without writing a cookie when consent is not accepted', () => {
    const { jar, local, preferences } = setup({ local: { 'user-language': 'fr' } });
    preferences.startPreferences();
    expect(jar.writes).toEqual([]);
    expect(local.entries.has('user-language')).toBe(false);
  });

  it('leaves an existing locale cookie alone and drops an invalid legacy value', () => {
    const first = setup({
      cookies: { i18n_redirected: 'en' },
      local: { 'user-language': 'fr', vitrine_cookie_consent: 'accepted' },
    });
    first.preferences.startPreferences();
    expect(first.jar.cookies.get('i18n_redirected')).toBe('en');
    expect(first.local.entries.has('user-language')).toBe(false);

    const second = setup({ local: { 'user-language': 'de', vitrine_cookie_consent: 'accepted' } });
    second.preferences.startPreferences();
    expect(second.jar.writes).toEqual([]);
    expect(second.local.entries.has('user-language')).toBe(false);
  });

  it('applies the theme cookie and follows the system while the preference is system', async () => {
    const { preferences, applied, systemListeners } = setup({
      cookies: { vitrine_theme: 'system' },
    });
    preferences.startPreferences();
    expect(applied).toEqual(['system']);
    expect(systemListeners).toHaveLength(1);
    systemListeners[0]?.();
    expect(applied).toEqual(['system', 'system']);
    await preferences.changeTheme('dark');
    systemListeners[0]?.();
    expect(applied).toEqual(['system', 'system', 'dark']);
  });

  it('ignores an invalid theme cookie and runs only once', () => {
    const { preferences, applied, systemListeners } = setup({
      cookies: { vitrine_theme: 'neon' },
    });
    preferences.startPreferences();
    preferences.startPreferences();
    expect(applied).toEqual(['system']);
    expect(systemListeners).toHaveLength(1);
  });
});

describe('applyAccountPreferences', () => {
  it("applies the account's language and theme without saving them back", async () => {
    const { preferences, updateAccount, language, applied, jar } = setup({
      auth: signedIn,
      cookies: { vitrine_theme: 'light' },
    });
    await preferences.applyAccountPreferences({ language: 'fr', theme: 'dark' });
    preferences.startPreferences();
    expect(language()).toBe('fr');
    expect(preferences.getThemePreference()).toBe('dark');
    expect(applied).toEqual(['dark', 'dark']);
    expect(updateAccount).not.toHaveBeenCalled();
    expect(jar.writes).toEqual([]);
  });

  it('keeps the cookies in step with the account when consent is accepted', async () => {
    const { preferences, jar } = setup({
      auth: signedIn,
      local: { vitrine_cookie_consent: 'accepted' },
    });
    await preferences.applyAccountPreferences({ language: 'fr', theme: 'dark' });
    expect(jar.cookies.get('i18n_redirected')).toBe('fr');
    expect(jar.cookies.get('vitrine_theme')).toBe('dark');
  });
});
