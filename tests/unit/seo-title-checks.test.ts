import { describe, expect, it } from 'vitest';
import { titleWithoutShopName } from '#shared/seo/checks/page-title.ts';
import { duplicateCheck, findings, pageView } from '../support/seo-pages-and-checks.ts';

describe('T01 title missing', () => {
  it('finds a page whose shown title is blank, in either language', () => {
    expect(findings('T01', pageView({ title: '' }))).toEqual([{ field: 'title' }]);
    expect(findings('T01', pageView({ language: 'fr', title: ' \u00a0\n' }))).toEqual([
      { field: 'title' },
    ]);
  });

  it('takes the search title when the page title is blank, and the page title when the search title is', () => {
    expect(findings('T01', pageView({ title: '', seoTitle: 'Plaid en lin' }))).toEqual([]);
    expect(findings('T01', pageView({ title: 'Linen throw', seoTitle: '  ' }))).toEqual([]);
    expect(findings('T01', pageView({ title: '', seoTitle: ' ' }))).toHaveLength(1);
  });

  it('passes a title of one character', () => {
    expect(findings('T01', pageView({ title: 'X' }))).toEqual([]);
  });
});

describe('T02 duplicate title', () => {
  const key = (title: string, seoTitle: string | null = null) =>
    duplicateCheck('T02').key(pageView({ title, seoTitle }));

  it('groups titles that differ only by case and spacing', () => {
    expect(key('  Linen   Throw ')).toBe(key('linen throw'));
    expect(key('Plaid\u00a0en lin ÉCRU')).toBe(key('plaid en  lin écru'));
  });

  it('keeps different titles apart', () => {
    expect(key('Linen throw')).not.toBe(key('Linen throws'));
    expect(key('Plaid en lin écru')).not.toBe(key('Plaid en lin ecru'));
  });

  it('keys on the search title when there is one', () => {
    expect(key('Linen throw', 'Washed linen throw')).toBe(key('washed linen throw'));
    expect(key('Linen throw', 'Washed linen throw')).not.toBe(key('Linen throw'));
  });

  it('leaves a page with no title out of every group', () => {
    expect(key('  ')).toBeNull();
  });
});

describe('T03 title too wide', () => {
  /**
   * The titles below, followed by Dawn's ` – Maison Lumen`, measure 599.2, 600.3 and 601.5 px in
   * Chromium's Arial 20 px with kerning off (from an element's bounding box).
   */
  const shopName = 'Maison Lumen';
  const cases = {
    en: {
      below: 'Soft linen throw in olive, woven by hand in Brittany',
      at: 'Soft linen throw in ivory, woven by hand in Brittany',
      above: 'Soft linen throw in sand, woven by hand in Brittany',
    },
    fr: {
      below: 'Plaid doux en lin marine, tissé main en Normandie',
      at: 'Plaid léger en lin marine, tissé main en Normandie',
      above: 'Plaid délavé en lin ivoire, tissé main en Normandie',
    },
  } as const;

  describe.each(['en', 'fr'] as const)('in %s', (language) => {
    const run = (title: string) => findings('T03', pageView({ language, shopName, title }));

    it('passes the title as rendered at 599 and 600 px', () => {
      expect(run(cases[language].below)).toEqual([]);
      expect(run(cases[language].at)).toEqual([]);
    });

    it('finds it at 601 px, quoting the rendered title with its shop name', () => {
      expect(run(cases[language].above)).toEqual([
        {
          field: 'seoTitle',
          measured: 601,
          threshold: 600,
          excerpt: `${cases[language].above} – Maison Lumen`,
        },
      ]);
    });
  });

  it('measures no-break spaces as drawn: a narrow one is half a space', () => {
    const narrow = cases.fr.above.replace('Plaid délavé', 'Plaid\u202fdélavé');
    const [finding] = findings('T03', pageView({ language: 'fr', shopName, title: narrow }));
    expect(finding).toBeUndefined();
    const noBreak = cases.fr.above.replace('Plaid délavé', 'Plaid\u00a0délavé');
    const [wide] = findings('T03', pageView({ language: 'fr', shopName, title: noBreak }));
    expect(wide).toMatchObject({ measured: 601, excerpt: `${noBreak} – Maison Lumen` });
  });

  it('measures the search title, not the page title', () => {
    const title = cases.en.above;
    expect(findings('T03', pageView({ shopName, title, seoTitle: 'Soft linen throw' }))).toEqual(
      [],
    );
    expect(findings('T03', pageView({ shopName, title: 'Throw', seoTitle: title }))).toHaveLength(
      1,
    );
  });

  it('adds no shop name to a title that already contains it, as Dawn does', () => {
    // 601 px with the suffix; the same words with the shop's name inside come to about 520 px.
    const title = `${cases.fr.above.replace('Plaid', 'Plaid Maison Lumen')}`;
    expect(findings('T03', pageView({ language: 'fr', shopName, title }))).toEqual([]);
    // Liquid's `contains` is case-sensitive: a lowercase shop name still gets the suffix.
    const lowercase = cases.fr.above.replace('Plaid', 'Plaid maison lumen');
    const [finding] = findings('T03', pageView({ language: 'fr', shopName, title: lowercase }));
    expect(finding?.excerpt).toBe(`${lowercase} – Maison Lumen`);
  });

  it('does not measure a missing title, which T01 reports', () => {
    expect(findings('T03', pageView({ title: '', shopName: 'W'.repeat(60) }))).toEqual([]);
  });
});

describe('T04 half-empty title', () => {
  it.each([
    ['en', 'Maison Lumen'],
    ['fr', '  maison   LUMEN '],
    ['en', '| Maison Lumen'],
    ['fr', '– Maison Lumen'],
    ['en', '- Linen throw'],
    ['fr', ': Plaid en lin'],
    ['en', '— Sale'],
  ] as const)('finds %s title %j', (language, title) => {
    expect(findings('T04', pageView({ language, title }))).toEqual([
      { field: 'seoTitle', excerpt: title.trim().replace(/\s+/g, ' ') },
    ]);
  });

  it.each([
    ['en', 'Linen throw | Maison Lumen'],
    ['fr', 'Plaid en lin – Maison Lumen'],
    ['en', 'Maison Lumen linen throw'],
    ['fr', 'Maison Lumen : plaids en lin'],
    ['fr', '-20 % sur les plaids en lin'],
    ['en', '–15% on linen throws'],
    ['en', ''],
  ] as const)('passes %s title %j', (language, title) => {
    expect(findings('T04', pageView({ language, title }))).toEqual([]);
  });

  it('reads the search title the page shows', () => {
    const view = pageView({ title: 'Linen throw', seoTitle: '| Maison Lumen' });
    expect(findings('T04', view)).toHaveLength(1);
  });
});

describe('T05 title in another language', () => {
  it.each([
    ['en', 'Couvertures en laine bio'],
    ['en', 'Plaid en lin lavé, tissé à la main en Normandie'],
    ['fr', 'Wool blanket for a couch'],
    ['fr', 'Washed linen throw, woven by hand in Normandy'],
  ] as const)('finds on a %s page the title %j', (language, title) => {
    expect(findings('T05', pageView({ language, title }))).toEqual([
      { field: 'seoTitle', excerpt: title },
    ]);
  });

  it.each([
    ['en', 'Wool blanket for a couch'],
    ['fr', 'Couvertures en laine bio'],
    ['en', 'Washed linen throw, woven by hand in Normandy'],
    ['fr', 'Plaid en lin lavé, tissé à la main en Normandie'],
  ] as const)('passes on a %s page the title %j', (language, title) => {
    expect(findings('T05', pageView({ language, title }))).toEqual([]);
  });

  it('judges a title under 24 characters when its small words leave no doubt, not under 12', () => {
    // 23 characters each, in the other language.
    expect(findings('T05', pageView({ language: 'en', title: 'Couverture en laine bio' }))).toEqual(
      [{ field: 'seoTitle', excerpt: 'Couverture en laine bio' }],
    );
    expect(findings('T05', pageView({ language: 'fr', title: 'Wool blanket for a sofa' }))).toEqual(
      [{ field: 'seoTitle', excerpt: 'Wool blanket for a sofa' }],
    );
    // Under 12 characters.
    expect(findings('T05', pageView({ language: 'en', title: 'Sac en lin' }))).toEqual([]);
  });

  it('leaves a title shown in English for want of its translation to the translation checks', () => {
    const title = 'Washed linen throw, woven by hand in Normandy';
    const untranslated = (value: string | null) =>
      pageView({
        language: 'fr',
        primaryLanguage: 'en',
        title,
        translations: [{ key: 'title', source: title, value, outdated: false }],
      });
    expect(findings('T05', untranslated(null))).toEqual([]);
    // Translated with the English text pasted in: the storefront shows it as French's own.
    expect(findings('T05', untranslated(title))).toHaveLength(1);
  });

  it('reads the title without the shop’s name the owner typed into it', () => {
    const shop = { shopName: 'Maison Exemple' };
    // "Maison Exemple" is French: with it, an English title would read as French.
    for (const seoTitle of [
      'Linen Napkin Set | Maison Exemple',
      'MAISON EXEMPLE – Linen Napkin Set',
    ]) {
      expect(
        findings('T05', pageView({ ...shop, language: 'en', title: 'Napkins', seoTitle })),
      ).toEqual([]);
    }
    // Only the whole name goes: a shop called "Lin" leaves "Linen" alone.
    expect(titleWithoutShopName('Linen Napkins | Lin', 'Lin')).toBe('Linen Napkins');
    expect(titleWithoutShopName('LIN – Linge de lit', 'Lin')).toBe('Linge de lit');
    // What is left is judged as ever.
    const french = 'Serviettes en lin lavé, tissées en Normandie | Maison Exemple';
    expect(
      findings('T05', pageView({ ...shop, language: 'en', title: 'Napkins', seoTitle: french })),
    ).toEqual([{ field: 'seoTitle', excerpt: french }]);
  });

  it('reads the search title the page shows', () => {
    const title = 'Wool blanket for a couch';
    expect(
      findings('T05', pageView({ language: 'fr', title, seoTitle: 'Couvertures en laine bio' })),
    ).toEqual([]);
    expect(
      findings('T05', pageView({ language: 'fr', title: 'Couverture', seoTitle: title })),
    ).toHaveLength(1);
  });
});
