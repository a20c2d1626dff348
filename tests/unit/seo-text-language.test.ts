import { describe, expect, it } from 'vitest';
import { identifyLanguage } from '#shared/seo/text/language.ts';

const storeLanguages = ['en', 'fr'] as const;

/** Product copy and alt texts as stores write them, each with its translation. */
const pairs: [string, string][] = [
  [
    'Soft merino wool scarf, hand-knitted in our workshop.',
    'Écharpe en laine mérinos, tricotée à la main dans notre atelier.',
  ],
  ['Free shipping on orders over 50', 'Livraison offerte dès 50 € d’achat'],
  ['Our new collection: shop now', 'Notre nouvelle collection : achetez maintenant'],
  ['Portrait of model wearing red scarf', 'Gros plan sur le collier pendentif doré'],
  ['Leather wallet with card slots', 'Portefeuille en cuir avec porte-cartes'],
  ['Stainless steel water bottle, 750 ml', 'Gourde en acier inoxydable, 750 ml'],
  [
    'Scented soy candle with lavender and vanilla',
    'Bougie parfumée à la cire de soja, lavande et vanille',
  ],
  [
    'This lightweight jacket keeps you warm without the bulk. Made from recycled nylon.',
    'Cette veste légère vous tient chaud sans vous encombrer. Fabriquée en nylon recyclé.',
  ],
  [
    'Machine wash cold, tumble dry low. Do not bleach.',
    'Lavage en machine à froid, séchage doux. Ne pas javelliser.',
  ],
  ['Woman holding a wicker basket bag', 'Femme tenant un sac panier en osier'],
  ['Kids rain boots with reflective trim', 'Bottes de pluie enfant à bandes réfléchissantes'],
  [
    'Each piece is unique: small variations in colour and texture are part of its charm.',
    'Chaque pièce est unique : de petites variations de couleur et de texture font son charme.',
  ],
];

describe('identifyLanguage', () => {
  it.each(pairs)('tells "%s" from its translation', (english, french) => {
    expect(identifyLanguage(english, storeLanguages)).toBe('en');
    expect(identifyLanguage(french, storeLanguages)).toBe('fr');
  });

  it('does not judge under 24 characters', () => {
    const short = 'Red wool scarf for men'; // 22 characters
    expect(short.length).toBeLessThan(24);
    expect(identifyLanguage(short, storeLanguages)).toBeNull();
    expect(identifyLanguage('   Livraison offerte   ', storeLanguages)).toBeNull();
  });

  it('judges from 24 characters', () => {
    expect('The perfect gift for him').toHaveLength(24);
    expect(identifyLanguage('The perfect gift for him', storeLanguages)).toBe('en');
    expect(identifyLanguage('Le cadeau idéal pour lui', storeLanguages)).toBe('fr');
  });

  it('declines a text half in English, half in French', () => {
    const mixed =
      'Cette écharpe en laine mérinos est tricotée à la main. This scarf is hand-knitted from merino wool.';
    expect(identifyLanguage(mixed, storeLanguages)).toBeNull();
  });

  it('declines a short text it cannot tell, rather than guess', () => {
    // Words shared by both languages: tinyld gives them near-equal odds.
    expect(identifyLanguage('T-shirt coton bio unisexe', storeLanguages)).toBeNull();
    expect(identifyLanguage('Robe longue en lin naturel', storeLanguages)).toBeNull();
  });

  it('never names French for short English product names that tinyld’s light build calls French', () => {
    for (const name of ['Handmade ceramic coffee mug', 'Chocolate praline gift box']) {
      expect(identifyLanguage(name, storeLanguages), name).not.toBe('fr');
    }
  });

  it('declines short titles made of names, which tinyld reads with little likelihood', () => {
    // Each was read as the other language before: a false "title in another language".
    for (const title of [
      'Rattan Napkin Set – Indigo',
      'Torchon en lin – anthracite',
      'Tasse en verre recyclé – anthracite',
    ]) {
      expect(identifyLanguage(title, storeLanguages), title).toBeNull();
    }
    // Likely enough, and not contradicted, a short title is still judged.
    expect(identifyLanguage('Couvertures en laine bio', storeLanguages)).toBe('fr');
    expect(identifyLanguage('Wool blanket for a couch', storeLanguages)).toBe('en');
  });

  it('answers only with a candidate language', () => {
    expect(identifyLanguage('Cette veste légère vous tient chaud.', ['en'])).toBe('en');
    expect(identifyLanguage('Cette veste légère vous tient chaud.', [])).toBeNull();
  });
});
