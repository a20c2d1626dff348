import { detectAll } from 'tinyld';
import { describe, expect, it } from 'vitest';
import { SeededStore } from '#server/local/shopify/seeded-store.ts';
import { visibleText } from '#shared/seo/text/html.ts';
import { detectAmong, type ModelLanguage } from '#shared/seo/text/language-model.ts';

/**
 * The audit's port of tinyld must answer exactly as tinyld does, likelihoods included: the thresholds
 * of shared/seo/text/language.ts and the precision measured on the seeded store rest on tinyld's
 * answers. Compared on every text of a seeded store of 600 products (titles, descriptions, search
 * texts, alt texts, translations, pages and articles) and on texts made to reach tinyld's corners.
 */

function seededStoreTexts(): string[] {
  const store = new SeededStore('maison-langues', 600);
  const texts: string[] = [];
  const add = (value: string | null | undefined) => {
    if (value !== null && value !== undefined && value !== '') texts.push(value);
  };
  const addTranslations = (translations: Record<string, Record<string, { value: string }>>) => {
    for (const keys of Object.values(translations)) {
      for (const [key, translation] of Object.entries(keys)) {
        add(key === 'body_html' ? visibleText(translation.value) : translation.value);
      }
    }
  };
  for (const id of store.productIds()) {
    const product = store.product(id)!;
    add(product.title);
    add(visibleText(product.descriptionHtml));
    add(product.seo.title);
    add(product.seo.description);
    for (const media of product.media) add(media.alt);
    addTranslations(product.translations);
  }
  for (const collection of store.collections.values()) {
    add(collection.title);
    add(visibleText(collection.descriptionHtml));
    add(collection.seo.title);
    add(collection.seo.description);
    add(collection.image?.altText);
    addTranslations(collection.translations);
  }
  for (const page of [...store.pages.values(), ...store.articles.values()]) {
    add(page.title);
    add(visibleText(page.body));
    for (const metafield of Object.values(page.metafields)) add(metafield.value);
    addTranslations(page.translations);
  }
  return texts;
}

/** Texts that reach the model's corners: punctuation it cuts at or keeps, digits, accents, scripts. */
const cornerTexts = [
  '',
  ' ',
  '1234 5678',
  'a',
  '(',
  'Linen shirt (navy) – size 42 {limited} <new>',
  'Chemise en lin « bleu marine » : taille 42 !',
  'L’été à la plage, c’est l’idéal',
  "L'été à la plage, c'est l'idéal",
  'Ｔｅｅ ｓｈｉｒｔ １２３',
  'ÉCHARPE EN LAINE MÉRINOS',
  'naïve café crème brûlée à emporter',
  'Œuvre d’art — édition limitée… 50 % de réduction',
  'The quick brown fox jumps over the lazy dog. Then again! And again? Yes: again.',
  'Wool\tscarf\u00a0with  tassels\n\nand   fringes',
  'Ceramic mug 350 ml | Tasse en céramique 350 ml',
  'Handmade ceramic coffee mug',
  'Chocolate praline gift box',
  'Rattan Napkin Set – Indigo',
  'Torchon en lin – anthracite',
  '北欧 デザイン',
  'Кашемировый шарф',
  'Sale!!! Sale!!! Sale!!!',
  'a. b. c. d. e. f. g. h. i. j.',
  '[draft] {{ product.title }} \\ backslash / slash',
  '🙂 emoji only 🙂',
  // Accents written as combining marks, letters beyond Latin-1, and ligatures.
  'Cafe\u0301 cre\u0300me bru\u0302le\u0301e, c\u0327a va',
  'Tiếng Việt có dấu, và tiếng Pháp cũng có',
  'Œuf brouillé, cœur fondant, ﬁn ﬂocon',
  'Straße, Ærø, Ødegaard, Łódź',
];

const modelComparisonTimeoutMs = 60_000;

const onlyChoices: ModelLanguage[][] = [['en', 'fr'], ['fr', 'en'], ['en'], ['fr']];

describe('detectAmong', () => {
  // Each text once: the seeded store repeats a third of its texts (a title used again as the search
  // title, a product's alt texts), and a detector's answer depends on the text alone.
  const texts = [...new Set([...seededStoreTexts(), ...cornerTexts])];

  it('reads thousands of distinct texts of the seeded store', () => {
    expect(texts.length).toBeGreaterThan(3000);
  });

  it.each(onlyChoices.map((only) => [only.join(' and '), only] as const))(
    'answers as tinyld does with %s',
    (_name, only) => {
      const differences = texts
        .map((text) => ({ text, ours: detectAmong(text, only), tinyld: detectAll(text, { only }) }))
        .filter(({ ours, tinyld }) => JSON.stringify(ours) !== JSON.stringify(tinyld));
      expect(differences).toEqual([]);
    },
    // Two detectors over thousands of texts: seconds each, beyond Vitest’s 5 s default on
    // a machine busy with other work. A bound of its own, so that it fails only when stuck.
    modelComparisonTimeoutMs,
  );
});
