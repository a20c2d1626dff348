import { describe, expect, it } from 'vitest';
import type { PageLanguageView, TranslatedField } from '#shared/seo/check.ts';
import { findings, pageView } from '../support/seo-pages-and-checks.ts';

/** A page in its translated language, with Shopify's translations of its fields. */
function translatedView(
  translations: TranslatedField[],
  overrides: Partial<PageLanguageView> = {},
): PageLanguageView {
  return pageView({ language: 'fr', primaryLanguage: 'en', translations, ...overrides });
}

const field = (key: string, source: string, value: string | null, outdated = false) => ({
  key,
  source,
  value,
  outdated,
});

describe('TG1 translation missing', () => {
  it('finds each field with text and no translation, quoting what shoppers see instead', () => {
    const view = translatedView([
      field('title', 'Linen throw', null),
      field('meta_title', 'Washed linen throw', null),
      field('meta_description', 'A washed linen throw, woven by hand.', null),
      field('body_html', '<p>Washed   <b>linen</b>.</p>', null),
      field('handle', 'linen-throw', null),
      field('product_type', 'Throw', null),
    ]);
    expect(findings('TG1', view)).toEqual([
      { field: 'title', excerpt: 'Linen throw' },
      { field: 'seoTitle', excerpt: 'Washed linen throw' },
      { field: 'seoDescription', excerpt: 'A washed linen throw, woven by hand.' },
      { field: 'body', excerpt: 'Washed linen.' },
      { field: 'handle', excerpt: 'linen-throw' },
      { excerpt: 'Throw' },
    ]);
  });

  it('passes translated fields, and fields with nothing to translate', () => {
    const view = translatedView([
      field('title', 'Linen throw', 'Plaid en lin'),
      field('body_html', '<p>Washed linen.</p>', ''),
      field('meta_title', '', null),
      field('meta_description', ' \n ', null),
      field('body_html', '<p>\u00a0</p><img src="throw.jpg">', null),
    ]);
    expect(findings('TG1', view)).toEqual([]);
  });

  it('finds a handle left untranslated only when it is made of words, not a name or a reference', () => {
    const view = translatedView([
      field('handle', 'washed-linen-throw', null),
      field('handle', 'sku-1234', null),
      field('handle', 'nova-xl', null),
      field('handle', 'lt-130-oat', null),
    ]);
    expect(findings('TG1', view)).toEqual([{ field: 'handle', excerpt: 'washed-linen-throw' }]);
  });

  it('reads the English of a store whose primary language is French', () => {
    const view = pageView({
      language: 'en',
      primaryLanguage: 'fr',
      translations: [field('title', 'Plaid en lin', null)],
    });
    expect(findings('TG1', view)).toEqual([{ field: 'title', excerpt: 'Plaid en lin' }]);
  });

  it('says nothing of the primary language', () => {
    const view = pageView({
      language: 'en',
      primaryLanguage: 'en',
      translations: [field('title', 'Linen throw', null)],
    });
    expect(findings('TG1', view)).toEqual([]);
  });
});

describe('TG2 translation outdated', () => {
  it('finds each translation whose original changed since, quoting the translation', () => {
    const view = translatedView([
      field('title', 'Linen throw, oatmeal', 'Plaid en lin', true),
      field('body_html', '<p>Washed linen.</p>', '<p>Lin  lavé.</p>', true),
      field('meta_title', 'Washed linen throw', 'Plaid en lin lavé', false),
    ]);
    expect(findings('TG2', view)).toEqual([
      { field: 'title', excerpt: 'Plaid en lin' },
      { field: 'body', excerpt: 'Lin lavé.' },
    ]);
  });

  it('leaves to TG1 a field marked outdated with no translation', () => {
    const view = translatedView([field('title', 'Linen throw', null, true)]);
    expect(findings('TG2', view)).toEqual([]);
  });

  it('says nothing of the primary language', () => {
    const view = pageView({
      translations: [field('title', 'Linen throw', 'Plaid en lin', true)],
    });
    expect(findings('TG2', view)).toEqual([]);
  });
});

describe('TG3 text still in the primary language', () => {
  it('finds a translation that copies the original, whatever its case and spacing', () => {
    const view = translatedView([
      field('title', 'Washed linen throw', 'washed  LINEN throw'),
      field('body_html', '<p>Washed linen, woven by hand.</p>', 'Washed linen,\nwoven by hand.'),
    ]);
    expect(findings('TG3', view)).toEqual([
      { field: 'title', excerpt: 'washed LINEN throw' },
      { field: 'body', excerpt: 'Washed linen, woven by hand.' },
    ]);
  });

  it('passes a copy that reads the same in every language', () => {
    const view = translatedView([
      field('title', 'Nova', 'Nova'),
      field('title', 'LT-130-OAT', 'LT-130-OAT'),
      field('title', '130 × 170 cm', '130 × 170 cm'),
      field('title', 'L / XL', 'L / XL'),
      field('title', 'Maison Lumen', 'maison lumen'),
      field('handle', 'nova', 'nova'),
    ]);
    expect(findings('TG3', view)).toEqual([]);
  });

  it('reads a handle as a copy only, never by its language: it is an address, not a sentence', () => {
    const view = translatedView([
      field('handle', 'washed-linen-throw', 'washed-linen-throw'),
      field('handle', 'plaid-en-lin', 'the-washed-linen-throw-for-the-living-room'),
    ]);
    expect(findings('TG3', view)).toEqual([{ field: 'handle', excerpt: 'washed-linen-throw' }]);
  });

  it('counts a copy from two words of three letters', () => {
    expect(findings('TG3', translatedView([field('title', 'Nova XL', 'Nova XL')]))).toEqual([]);
    expect(findings('TG3', translatedView([field('title', 'Nova Max', 'Nova Max')]))).toEqual([
      { field: 'title', excerpt: 'Nova Max' },
    ]);
  });

  it('finds a translation written in the primary language, from 24 characters', () => {
    const view = translatedView([
      // 24 characters, English, not the original.
      field('title', 'Wool blanket', 'Wool blanket for a couch'),
      // 23 characters: too short to judge.
      field('meta_title', 'Wool blanket', 'Wool blanket for a sofa'),
      field(
        'body_html',
        '<p>Washed linen.</p>',
        '<p>Washed linen throw, woven by hand in Normandy.</p>',
      ),
    ]);
    expect(findings('TG3', view)).toEqual([
      { field: 'title', excerpt: 'Wool blanket for a couch' },
      { field: 'body', excerpt: 'Washed linen throw, woven by hand in Normandy.' },
    ]);
  });

  it('passes translations in the page’s language', () => {
    const view = translatedView([
      field('title', 'Wool blanket', 'Couvertures en laine bio'),
      field(
        'body_html',
        '<p>Washed linen.</p>',
        '<p>Plaid en lin lavé, tissé à la main en Normandie.</p>',
      ),
      field('meta_title', 'Linen throw', null),
    ]);
    expect(findings('TG3', view)).toEqual([]);
  });

  it('reads French left in the English of a store whose primary language is French', () => {
    const view = pageView({
      language: 'en',
      primaryLanguage: 'fr',
      translations: [field('title', 'Couverture', 'Couvertures en laine bio')],
    });
    expect(findings('TG3', view)).toEqual([
      { field: 'title', excerpt: 'Couvertures en laine bio' },
    ]);
  });

  it('says nothing of the primary language', () => {
    const view = pageView({ translations: [field('title', 'Linen throw', 'Linen throw')] });
    expect(findings('TG3', view)).toEqual([]);
  });
});
