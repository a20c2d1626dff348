import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, pageLanguage } from '#server/bff/page-language.ts';

describe('languageFromAcceptLanguage', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['fr', 'fr'],
    ['fr-CA', 'fr'],
    ['FR-be', 'fr'],
    ['de-DE, fr;q=0.5, en;q=0.4', 'fr'],
    ['en;q=0.4, fr;q=0.7', 'fr'],
    ['en, fr', 'en'],
    ['fr;q=0.8, en;q=0.8', 'fr'],
    ['fr;q=0, en;q=0.1', 'en'],
    ['fr;q=0', undefined],
    ['*', undefined],
    ['de, es;q=0.9', undefined],
    ['fr;q=abc, en;q=0.2', 'en'],
    ['fr;q=1.000', 'fr'],
    ['fr ; q = 0.9 , en ; q = 0.3', 'fr'],
  ])('%j → %s', (header, language) => {
    expect(languageFromAcceptLanguage(header)).toBe(language);
  });
});

describe('pageLanguage', () => {
  const none = { query: {}, cookies: {}, acceptLanguage: undefined };

  it('is English when nothing says otherwise', () => {
    expect(pageLanguage(none)).toBe('en');
  });

  it('takes ?lang= first, then the locale cookie, then Accept-Language', () => {
    const all = {
      query: { lang: 'en' },
      cookies: { i18n_redirected: 'fr' },
      acceptLanguage: 'fr',
    };
    expect(pageLanguage(all)).toBe('en');
    expect(pageLanguage({ ...all, query: {} })).toBe('fr');
    expect(
      pageLanguage({ ...all, query: {}, cookies: { i18n_redirected: 'en' }, acceptLanguage: 'fr' }),
    ).toBe('en');
    expect(pageLanguage({ ...none, acceptLanguage: 'fr-FR' })).toBe('fr');
  });

  it('skips values that are not supported languages', () => {
    expect(
      pageLanguage({
        query: { lang: 'de' },
        cookies: { i18n_redirected: 'es' },
        acceptLanguage: 'fr',
      }),
    ).toBe('fr');
    expect(pageLanguage({ ...none, query: { lang: 'FR' } })).toBe('en');
  });

  it('takes the first of repeated ?lang= values', () => {
    expect(pageLanguage({ ...none, query: { lang: ['fr', 'en'] } })).toBe('fr');
  });

  it('ignores a query that is not an object', () => {
    expect(pageLanguage({ ...none, query: undefined })).toBe('en');
  });
});
