import { describe, expect, it } from 'vitest';
import {
  detectLanguage,
  languageFromBrowser,
  languageFromCookies,
} from '../../client/lib/detect-language.ts';

describe('languageFromCookies', () => {
  it('reads the locale cookie among others', () => {
    expect(languageFromCookies('theme=dark; i18n_redirected=fr; consent=accepted')).toBe('fr');
    expect(languageFromCookies('i18n_redirected=en')).toBe('en');
  });

  it('ignores an unsupported value, a look-alike name and a missing cookie', () => {
    expect(languageFromCookies('i18n_redirected=de')).toBeUndefined();
    expect(languageFromCookies('x_i18n_redirected=fr')).toBeUndefined();
    expect(languageFromCookies('')).toBeUndefined();
    expect(languageFromCookies('i18n_redirected=%E0%A4%A')).toBeUndefined();
  });
});

describe('languageFromBrowser', () => {
  it('takes the first supported preference by its primary subtag', () => {
    expect(languageFromBrowser(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(languageFromBrowser(['EN-gb'])).toBe('en');
    expect(languageFromBrowser(['de', 'es'])).toBeUndefined();
  });
});

describe('detectLanguage', () => {
  it('prefers the cookie, then the browser, then English', () => {
    expect(
      detectLanguage({ cookieHeader: 'i18n_redirected=en', browserLanguages: ['fr-FR'] }),
    ).toBe('en');
    expect(detectLanguage({ cookieHeader: '', browserLanguages: ['fr-FR'] })).toBe('fr');
    expect(detectLanguage({ cookieHeader: 'i18n_redirected=xx', browserLanguages: ['de'] })).toBe(
      'en',
    );
    expect(detectLanguage({ cookieHeader: '', browserLanguages: [] })).toBe('en');
  });
});
