import { describe, expect, it } from 'vitest';
import {
  languageFromBrowser,
  languageFromCookies,
  languageFromQuery,
} from '#client/lib/detect-language.ts';
import { isSupportedLanguage, languageFromQueryValue, languageOfTag } from '#shared/languages.ts';

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

describe('languageFromQuery', () => {
  it('reads ?lang= strictly', () => {
    expect(languageFromQuery('?lang=fr')).toBe('fr');
    expect(languageFromQuery('redirect=%2Fdashboard&lang=en')).toBe('en');
    expect(languageFromQuery('?lang=de')).toBeUndefined();
    expect(languageFromQuery('?lang=FR')).toBeUndefined();
    expect(languageFromQuery('?language=fr')).toBeUndefined();
    expect(languageFromQuery('')).toBeUndefined();
  });
});

describe('languageFromBrowser', () => {
  it('takes the first supported preference by its primary subtag', () => {
    expect(languageFromBrowser(['de-DE', 'fr-CA', 'en'])).toBe('fr');
    expect(languageFromBrowser(['EN-gb'])).toBe('en');
    expect(languageFromBrowser(['de', 'es'])).toBeUndefined();
  });
});

/** The rules the client shares with the BFF (shared/languages.ts). */
describe('the shared language rules', () => {
  it('accept en and fr only, in lower case', () => {
    expect(isSupportedLanguage('en')).toBe(true);
    expect(isSupportedLanguage('fr')).toBe(true);
    for (const value of ['FR', 'de', 'fr-CA', '', undefined, null, 1, ['fr']]) {
      expect(isSupportedLanguage(value)).toBe(false);
    }
  });

  it('read a parsed ?lang= value, the first one when repeated', () => {
    expect(languageFromQueryValue('fr')).toBe('fr');
    expect(languageFromQueryValue(['fr', 'en'])).toBe('fr');
    expect(languageFromQueryValue(['de', 'fr'])).toBeUndefined();
    expect(languageFromQueryValue(null)).toBeUndefined();
    expect(languageFromQueryValue(undefined)).toBeUndefined();
    expect(languageFromQueryValue('FR')).toBeUndefined();
  });

  it('read a language tag by its primary subtag', () => {
    expect(languageOfTag('fr-CA')).toBe('fr');
    expect(languageOfTag('EN-gb')).toBe('en');
    expect(languageOfTag('fr')).toBe('fr');
    expect(languageOfTag('de-FR')).toBeUndefined();
    expect(languageOfTag('*')).toBeUndefined();
    expect(languageOfTag('')).toBeUndefined();
  });
});
