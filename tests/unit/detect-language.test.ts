import { describe, expect, it } from 'vitest';
import {
  languageFromBrowser,
  languageFromCookies,
  languageFromQuery,
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
