import { describe, expect, it } from 'vitest';
import { mostRepeatedWord, wordStem } from '#shared/seo/text/repeated-words.ts';
import { findings, pageView } from '../support/seo-pages-and-checks.ts';

describe('the light stemmer of repeated words', () => {
  it.each([
    ['chaussons', 'chausson'],
    ['Chausson', 'chausson'],
    ['bijoux', 'bijou'],
    ['chapeaux', 'chapeau'],
    ['lavée', 'lavé'],
    ['lavées', 'lavé'],
    ['naturelle', 'naturel'],
    ['naturelles', 'naturel'],
    ['bonne', 'bon'],
    ['coquette', 'coquet'],
    ['shoes', 'shoe'],
    ['dresses', 'dress'],
    ['boxes', 'box'],
    ['candies', 'candy'],
  ])('reads %s as %s', (word, stem) => {
    expect(wordStem(word)).toBe(wordStem(stem));
  });

  it('leaves words that only look like inflections apart', () => {
    expect(wordStem('dress')).not.toBe(wordStem('dre'));
    expect(wordStem('box')).toBe('box');
    expect(wordStem('lin')).not.toBe(wordStem('line'));
    expect(wordStem('bus')).toBe('bus');
  });

  it('counts the most repeated content word, its inflections together, stop words left out', () => {
    expect(mostRepeatedWord('Chaussons, chaussons laine, chaussons')).toEqual({
      word: 'chaussons',
      count: 3,
    });
    expect(mostRepeatedWord('Shoes, running shoes, shoe for men')).toEqual({
      word: 'shoes',
      count: 3,
    });
    expect(mostRepeatedWord('Le lin, la laine et le coton de la maison')?.count).toBe(1);
    expect(mostRepeatedWord('The day, the night and the day')?.count).toBe(2);
    expect(mostRepeatedWord('Pour la, de la, à la')).toBeNull();
    expect(mostRepeatedWord('Lot de 3 torchons, 3 couleurs, 3 tailles')?.count).toBe(1);
    // An elided article is no part of the word it leans on.
    expect(mostRepeatedWord('L’été, été indien, d’été')).toEqual({ word: 'été', count: 3 });
  });
});

const english = (title: string, seoDescription: string | null = null) =>
  pageView({ language: 'en', primaryLanguage: 'en', title, seoDescription });
const french = (title: string, seoDescription: string | null = null) =>
  pageView({ language: 'fr', primaryLanguage: 'fr', title, seoDescription });

describe('T06 keyword stuffing in the title', () => {
  it.each([
    ['en', 'Shoes, running shoes, shoes for men'],
    ['en', 'Linen Napkins | Linen Napkin Set | Washed Linen'],
    ['fr', 'Chaussons, chaussons laine, chaussons'],
    ['fr', 'Bougie parfumée – bougies naturelles – bougie soja'],
  ] as const)('reports a word repeated three times or more, in %s: %s', (language, title) => {
    const view = language === 'en' ? english(title) : french(title);
    expect(findings('T06', view)).toEqual([
      { field: 'seoTitle', measured: 3, threshold: 3, excerpt: title },
    ]);
  });

  it('counts the search title the owner set, not the page title it replaces', () => {
    const view = pageView({
      title: 'Scarf, scarf, scarf',
      seoTitle: 'Merino wool scarf in forest green',
    });
    expect(findings('T06', view)).toEqual([]);
  });

  it('does not count the shop’s name the owner typed into the title', () => {
    const view = pageView({
      shopName: 'Maison Maison',
      title: 'Housse de coussin en lin – Maison Maison',
    });
    expect(findings('T06', view)).toEqual([]);
  });

  it.each([
    'Washed linen napkins, set of 4',
    'Men’s running shoes – lightweight mesh',
    'Merino wool scarf in forest green',
    'Handmade ceramic mug, speckled white',
    'Organic cotton T-shirt for women',
    'Linen shirt – Linen collection',
    'Rose & vanilla scented soy candle',
    'Dark chocolate bar with sea salt, 100 g',
    'The gift box: tea, honey and shortbread',
    'Hydrating face cream for dry skin, 50 ml',
    'Kids’ rain boots – yellow, sizes 24 to 35',
    'Cotton bath towel, bath sheet and hand towel',
    'Bamboo toothbrush, pack of 4',
  ])('leaves a normal English title alone: %s', (title) => {
    expect(findings('T06', english(title))).toEqual([]);
  });

  it.each([
    'Nappe en lin lavé couleur argile naturelle',
    'Chaussons en laine pour enfants, taille 20 à 30',
    'Bougie parfumée à la figue, cire de soja',
    'Pull en cachemire col roulé pour femme',
    'Coffret de thés bio : vert, noir et rooibos',
    'Savon à l’huile d’olive et au lait d’ânesse',
    'Crème hydratante visage pour peaux sèches',
    'Confiture de fraises de Plougastel, 350 g',
    'Sac cabas en cuir de vache, cuir grainé',
    'Plaid en laine mérinos – gris chiné',
    'Lot de 3 torchons en lin, 3 couleurs',
    'Robe d’été en lin pour femme, manches courtes',
    'Tablier de cuisine en lin lavé',
  ])('leaves a normal French title alone: %s', (title) => {
    expect(findings('T06', french(title))).toEqual([]);
  });
});

describe('M04 keyword stuffing in the meta description', () => {
  it('reports a word repeated four times or more in the search description, in both languages', () => {
    const stuffedEn =
      'Cheap shoes, best shoes, shoes online: buy shoes for men and women at the best price.';
    expect(findings('M04', english('Shoes', stuffedEn))).toEqual([
      { field: 'seoDescription', measured: 4, threshold: 4, excerpt: stuffedEn },
    ]);
    const stuffedFr =
      'Chaussons en laine, chaussons enfant, chaussons femme : tous nos chaussons au meilleur prix.';
    expect(findings('M04', french('Chaussons', stuffedFr))).toEqual([
      { field: 'seoDescription', measured: 4, threshold: 4, excerpt: stuffedFr },
    ]);
  });

  it('leaves a description with a word three times alone', () => {
    const description =
      'A linen tea towel in sage green: washed linen, soft from the first use, and linen that dries fast.';
    expect(findings('M04', english('Linen tea towel', description))).toEqual([]);
  });

  it.each([
    [
      'en',
      'Our washed linen napkins are soft from the first use, quick to dry and made to last for years of family dinners.',
    ],
    [
      'en',
      'A hydrating face cream for dry skin, made with shea butter and aloe vera. Light, fast to absorb, and free of perfume.',
    ],
    [
      'fr',
      'Nos chaussons en laine bouillie gardent les pieds au chaud tout l’hiver. Semelle en cuir souple, tailles du 20 au 45.',
    ],
    [
      'fr',
      'Une bougie parfumée à la figue, coulée à la main dans un pot en verre recyclé. Cire de soja, 40 heures de combustion.',
    ],
  ] as const)('leaves a normal description alone, in %s', (language, description) => {
    const view = language === 'en' ? english('Title', description) : french('Titre', description);
    expect(findings('M04', view)).toEqual([]);
  });

  it('reads only the search description the owner wrote, not the body Shopify falls back to', () => {
    const view = pageView({
      seoDescription: null,
      bodyHtml: '<p>Linen. Linen. Linen. Linen. Linen.</p>',
    });
    expect(findings('M04', view)).toEqual([]);
  });
});
