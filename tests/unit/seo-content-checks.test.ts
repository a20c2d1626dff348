import { describe, expect, it } from 'vitest';
import type { PageKind } from '#shared/seo/check.ts';
import { contentChecks, frenchTypography } from '#shared/seo/checks/content-checks.ts';
import { textStatistics } from '#shared/seo/text/readability.ts';
import { pageCheck, pageView, paragraphOf, sentenceOf } from '../support/seo-pages-and-checks.ts';

const englishWords = ['soft', 'merino', 'wool', 'scarf', 'knitted', 'by', 'hand', 'in', 'Lyon'];
const frenchWords = ['écharpe', 'douce', 'en', 'laine', 'mérinos', 'tricotée', 'à', 'la', 'main'];

const thinContent = pageCheck('C01');
const flesch = pageCheck('C02');
const kandelMoles = pageCheck('C03');
const longSentences = pageCheck('C04');
const frenchTypographyCheck = pageCheck('F01');

/** A page of a few words, in its store's primary language, named by its title and handle. */
function shortPage(language: 'en' | 'fr', title: string, handle: string) {
  return pageView({
    kind: 'page',
    language,
    primaryLanguage: language,
    title,
    handle,
    bodyHtml: '<p>Maison Exemple SAS, 12 rue de l’Exemple, 59000 Lille.</p>',
  });
}

describe('C01 room to say more', () => {
  // Yoast's text length bands: the fewest words it does not rate "bad" for each kind of page.
  const minimum: [PageKind, number][] = [
    ['product', 150],
    ['collection', 10],
    ['page', 250],
    ['article', 250],
  ];

  it('is a notice, the audit’s lowest severity', () => {
    expect(thinContent.severity).toBe('info');
  });

  it.each([
    ['en', 'Legal notice', 'legal-notice'],
    ['fr', 'Mentions légales', 'mentions-legales'],
    ['en', 'Terms of Service', 'terms-of-service'],
    ['en', 'Privacy Policy', 'privacy-policy'],
    ['en', 'Shipping & Returns', 'shipping-returns'],
    ['en', 'Refund policy', 'refund-policy'],
    ['fr', 'Conditions générales de vente', 'cgv'],
    ['fr', 'CGV', 'conditions-generales-de-vente'],
    ['fr', 'Politique de confidentialité', 'politique-de-confidentialite'],
    ['fr', 'Livraison et retours', 'livraison-et-retours'],
    ['fr', 'Page', 'mentions-legales'],
  ] as const)('leaves a legal or policy page alone, in %s: %s', (language, title, handle) => {
    expect(thinContent.run(shortPage(language, title, handle))).toEqual([]);
  });

  it('offers a short product page room to say more, and nothing above the product minimum', () => {
    const product = (count: number, title: string) =>
      pageView({ kind: 'product', title, bodyHtml: paragraphOf(count, englishWords) });
    expect(thinContent.run(product(40, 'Linen shirt'))).toEqual([
      { field: 'body', measured: 40, threshold: 150 },
    ]);
    // A product's title is not read as a policy: only pages are.
    expect(thinContent.run(product(40, 'Returns bag, waxed canvas'))).toHaveLength(1);
    expect(thinContent.run(product(160, 'Linen shirt'))).toEqual([]);
  });

  it.each([
    ['en', 'Free shipping on linen', 'free-shipping-on-linen'],
    ['en', 'Our cookies', 'our-cookies-recipes'],
    ['en', 'Glossary of terms', 'glossary-of-terms'],
    ['fr', 'Livraison offerte dès 50 €', 'livraison-offerte'],
  ] as const)(
    'does not take a page that only mentions a policy word for a policy, in %s: %s',
    (language, title, handle) => {
      expect(thinContent.run(shortPage(language, title, handle))).toHaveLength(1);
    },
  );

  it('still offers an ordinary short page room to say more', () => {
    const view = pageView({
      kind: 'page',
      language: 'fr',
      primaryLanguage: 'fr',
      title: 'Nos ateliers',
      handle: 'nos-ateliers',
      bodyHtml: paragraphOf(20, frenchWords),
    });
    expect(thinContent.run(view)).toEqual([{ field: 'body', measured: 20, threshold: 250 }]);
  });

  describe.each(minimum)('on a %s (minimum %i words)', (kind, threshold) => {
    it.each([
      ['en', englishWords],
      ['fr', frenchWords],
    ] as const)(
      'reports one word short, not the minimum or one more, in %s',
      (language, vocabulary) => {
        const run = (count: number) =>
          thinContent.run(
            pageView({
              kind,
              language,
              primaryLanguage: language,
              bodyHtml: paragraphOf(count, vocabulary),
            }),
          );
        expect(run(threshold - 1)).toEqual([{ field: 'body', measured: threshold - 1, threshold }]);
        expect(run(threshold)).toEqual([]);
        expect(run(threshold + 1)).toEqual([]);
      },
    );
  });

  it('counts only visible words: not markup, attributes, scripts or comments', () => {
    const hidden =
      `<p title="${'hidden '.repeat(50)}">${'word '.repeat(145)}</p>` +
      `<script>${'var x = 1; '.repeat(20)}</script><!-- ${'note '.repeat(20)} -->`;
    expect(thinContent.run(pageView({ bodyHtml: hidden }))).toEqual([
      { field: 'body', measured: 145, threshold: 150 },
    ]);
  });

  it('reports an empty body', () => {
    expect(thinContent.run(pageView({ kind: 'collection', bodyHtml: '' }))).toEqual([
      { field: 'body', measured: 0, threshold: 10 },
    ]);
  });
});

const oneSyllableEnglish = ['the', 'cat', 'sat', 'on', 'mat', 'dog', 'ran', 'red', 'hat', 'warm'];
const twoSyllablesEnglish = ['paper', 'water', 'happy', 'cotton', 'linen', 'jacket', 'button'];
const oneSyllableFrench = ['chat', 'laine', 'robe', 'doux', 'chaud', 'bleu', 'lin', 'sac', 'main'];
const twoSyllablesFrench = ['coton', 'bouton', 'jolie', 'tissu', 'couleur', 'douceur', 'velours'];

describe('C02 Flesch reading ease (English)', () => {
  /** One sentence of `words` words and `syllables` syllables, checked before use. */
  const english = (words: number, syllables: number) => {
    const text = sentenceOf(words, syllables - words, oneSyllableEnglish, twoSyllablesEnglish);
    expect(textStatistics(text, 'en')).toEqual({ words, sentences: 1, syllables });
    return pageView({ bodyHtml: `<p>${text}</p>` });
  };

  it('reports a score that rounds below 60, not one that rounds to 60 or more', () => {
    // 206.835 − 1.015 × 42 − 84.6 × 52/42 = 59.46
    expect(flesch.run(english(42, 52))).toEqual([{ field: 'body', measured: 59, threshold: 60 }]);
    // 206.835 − 1.015 × 20 − 84.6 × 30/20 = 59.64, shown as 60
    expect(flesch.run(english(20, 30))).toEqual([]);
    // 206.835 − 1.015 × 21 − 84.6 × 31/21 = 60.63
    expect(flesch.run(english(21, 31))).toEqual([]);
  });

  it('measures English pages only', () => {
    const hard = english(42, 52);
    expect(flesch.run({ ...hard, language: 'fr', primaryLanguage: 'fr' })).toEqual([]);
  });

  it('does not score 10 words or fewer', () => {
    expect(flesch.run(english(10, 20))).toEqual([]);
    expect(flesch.run(english(11, 22))).toEqual([{ field: 'body', measured: 26, threshold: 60 }]);
  });
});

describe('C03 Kandel & Moles reading ease (French)', () => {
  const french = (words: number, syllables: number) => {
    const text = sentenceOf(words, syllables - words, oneSyllableFrench, twoSyllablesFrench);
    expect(textStatistics(text, 'fr')).toEqual({ words, sentences: 1, syllables });
    return pageView({ language: 'fr', primaryLanguage: 'fr', bodyHtml: `<p>${text}</p>` });
  };

  it('reports a score that rounds below 60, not one that rounds to 60 or more', () => {
    // 207 − 1.015 × 41 − 73.6 × 59/41 = 59.47
    expect(kandelMoles.run(french(41, 59))).toEqual([
      { field: 'body', measured: 59, threshold: 60 },
    ]);
    // 207 − 1.015 × 27 − 73.6 × 44/27 = 59.65, shown as 60
    expect(kandelMoles.run(french(27, 44))).toEqual([]);
    // 207 − 1.015 × 43 − 73.6 × 60/43 = 60.66
    expect(kandelMoles.run(french(43, 60))).toEqual([]);
  });

  it('measures French pages only, and not an English body the French page falls back to', () => {
    const hard = french(41, 59);
    expect(kandelMoles.run({ ...hard, language: 'en', primaryLanguage: 'en' })).toEqual([]);
    const untranslated = {
      ...hard,
      primaryLanguage: 'en' as const,
      translations: [{ key: 'body_html', source: hard.bodyHtml, value: null, outdated: false }],
    };
    expect(kandelMoles.run(untranslated)).toEqual([]);
  });
});

describe('C04 long sentences', () => {
  const short = (vocabulary: readonly string[]) => sentenceOf(8, 0, vocabulary, vocabulary);
  const long = (vocabulary: readonly string[], words = 21) =>
    sentenceOf(words, 0, vocabulary, vocabulary);

  it.each([
    ['en', oneSyllableEnglish],
    ['fr', oneSyllableFrench],
  ] as const)(
    'reports more than 25 %% of sentences over 20 words, in %s',
    (language, vocabulary) => {
      const text = (longCount: number, shortCount: number) =>
        pageView({
          language,
          primaryLanguage: language,
          bodyHtml: [
            ...Array.from({ length: longCount }, () => `<p>${long(vocabulary)}</p>`),
            ...Array.from({ length: shortCount }, () => `<p>${short(vocabulary)}</p>`),
          ].join(''),
        });
      // 2 of 7 = 28.6 %
      expect(longSentences.run(text(2, 5))).toEqual([
        { field: 'body', measured: 29, threshold: 25, excerpt: expect.any(String) as string },
      ]);
      // 2 of 8 = 25 %, 2 of 9 = 22 %
      expect(longSentences.run(text(2, 6))).toEqual([]);
      expect(longSentences.run(text(2, 7))).toEqual([]);
    },
  );

  it('counts a sentence of 20 words as not long', () => {
    const body = [
      long(oneSyllableEnglish, 20),
      long(oneSyllableEnglish, 20),
      short(oneSyllableEnglish),
      short(oneSyllableEnglish),
    ];
    expect(longSentences.run(pageView({ bodyHtml: `<p>${body.join(' ')}</p>` }))).toEqual([]);
    body[0] = long(oneSyllableEnglish, 21);
    body[1] = long(oneSyllableEnglish, 21);
    expect(longSentences.run(pageView({ bodyHtml: `<p>${body.join(' ')}</p>` }))).toEqual([
      { field: 'body', measured: 50, threshold: 25, excerpt: long(oneSyllableEnglish, 21) },
    ]);
  });

  it('needs 4 sentences: one long sentence is never a pattern', () => {
    const three = [long(oneSyllableEnglish), long(oneSyllableEnglish), short(oneSyllableEnglish)];
    expect(longSentences.run(pageView({ bodyHtml: `<p>${three.join(' ')}</p>` }))).toEqual([]);
  });

  it('quotes the first long sentence, cut to 120 characters', () => {
    const veryLong = sentenceOf(40, 40, oneSyllableEnglish, twoSyllablesEnglish);
    const body = [veryLong, veryLong, short(oneSyllableEnglish), short(oneSyllableEnglish)].join(
      ' ',
    );
    const [finding] = longSentences.run(pageView({ bodyHtml: `<p>${body}</p>` }));
    expect(finding?.excerpt?.length).toBeLessThanOrEqual(120);
    expect(finding?.excerpt).toMatch(/^Paper water happy .*…$/);
  });
});

describe('F01 French typography', () => {
  it('counts each problem that is certain', () => {
    expect(frenchTypography('Prix : 20 €').count).toBe(1);
    expect(frenchTypography('Super! Vraiment?').count).toBe(2);
    expect(frenchTypography('Un style « chic » et "moderne"').count).toBe(3);
    expect(frenchTypography("L'été, aujourd'hui").count).toBe(2);
  });

  it('accepts correct French typography, times and addresses', () => {
    expect(
      frenchTypography(
        'Prix\u00a0: 20\u202f€. Super\u202f! Vraiment\u202f? «\u00a0Chic\u00a0». L’été, à 10:30 sur https://example.fr',
      ).count,
    ).toBe(0);
  });

  const french = (bodyHtml: string, overrides = {}) =>
    pageView({ language: 'fr', primaryLanguage: 'fr', title: 'Écharpe', bodyHtml, ...overrides });

  it('reports each field with its count and the text around the first problem', () => {
    expect(
      frenchTypographyCheck.run(
        french('<p>Livraison offerte&nbsp;! Prix : 20 €</p>', { title: "Écharpe d'hiver" }),
      ),
    ).toEqual([
      { field: 'title', measured: 1, excerpt: "Écharpe d'hiver" },
      { field: 'body', measured: 1, excerpt: 'Livraison offerte\u00a0! Prix : 20 €' },
    ]);
  });

  it('reports nothing on a correct French page and nothing on an English one', () => {
    expect(frenchTypographyCheck.run(french('<p>Prix&nbsp;: 20&#8239;€</p>'))).toEqual([]);
    expect(frenchTypographyCheck.run(pageView({ bodyHtml: "<p>Price : it's 20 €!</p>" }))).toEqual(
      [],
    );
  });

  it('leaves out a field that shows the English original on the French page', () => {
    const fallback = pageView({
      language: 'fr',
      primaryLanguage: 'en',
      title: "Men's scarf",
      bodyHtml: "<p>Don't miss it : it's the warmest scarf we've ever knitted in our workshop.</p>",
      translations: [{ key: 'title', source: "Men's scarf", value: null, outdated: false }],
    });
    expect(frenchTypographyCheck.run(fallback)).toEqual([]);
  });
});

describe('content declarations', () => {
  it('declares each check once, with its area and severity', () => {
    expect(contentChecks.map((check) => [check.id, check.area, check.severity])).toEqual([
      ['C01', 'content', 'info'],
      ['C02', 'content', 'info'],
      ['C03', 'content', 'info'],
      ['C04', 'content', 'info'],
      ['F01', 'content', 'info'],
    ]);
  });
});
