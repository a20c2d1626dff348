import { describe, expect, it } from 'vitest';
import type { PostLanguageTexts } from '#shared/blog/keyphrase-checks.ts';
import { analysePostLanguage, type PostDraft } from '#shared/blog/post-analysis.ts';

const english: PostLanguageTexts = {
  title: 'How to choose a linen tablecloth',
  seoTitle: null,
  seoDescription:
    'How to choose a washed linen tablecloth, wash it, dry it and keep it beautiful for many years.',
  handle: 'choose-linen-tablecloth',
  bodyHtml:
    '<p>A linen tablecloth dresses the table for years. It softens with every wash.</p>' +
    '<h2>Washing linen</h2><p>Wash it at 40 degrees and dry it in the shade.</p>',
  featuredImageAlt: 'A linen tablecloth on an oak table',
};

const french: PostLanguageTexts = {
  title: 'Bien choisir sa nappe en lin',
  seoTitle: null,
  seoDescription:
    'Comment choisir une nappe en lin lavé, la laver, la sécher et la garder belle pendant des années.',
  handle: 'choisir-nappe-en-lin',
  bodyHtml:
    '<p>Une nappe en lin habille la table pendant des années. Elle s’adoucit à chaque lavage.</p>' +
    '<h2>Laver le lin</h2><p>Lavez-la à 40 degrés et faites-la sécher à l’ombre.</p>',
  featuredImageAlt: 'Une nappe en lin sur une table en chêne',
};

const draft = (fr: Partial<PostLanguageTexts> = {}): PostDraft => ({
  primaryLanguage: 'en',
  shopName: 'Maison',
  texts: { en: english, fr: { ...french, ...fr } },
  keyphrases: { en: 'linen tablecloth', fr: 'nappe en lin' },
});

const checkIds = (analysis: ReturnType<typeof analysePostLanguage>) =>
  analysis.findings.map((finding) => finding.checkId);

describe('analysePostLanguage', () => {
  it('gives each language its own readability, keyphrase checks and audit findings', () => {
    const frenchAnalysis = analysePostLanguage(draft(), 'fr');
    expect(frenchAnalysis.readability.readingEase.formula).toBe('kandel-moles');
    expect(
      frenchAnalysis.keyphrase.find((check) => check.id === 'keyphrase-in-title')?.rating,
    ).toBe('good');
    // A complete French translation: nothing for the translation checks to say.
    expect(checkIds(frenchAnalysis).filter((id) => id.startsWith('TG'))).toEqual([]);
    expect(analysePostLanguage(draft(), 'en').readability.readingEase.formula).toBe('flesch');
  });

  it('finds, while the owner types, a search title too wide as the audit will', () => {
    const wide = 'Nappe en lin lavé : le guide complet pour choisir, laver et garder la vôtre';
    const finding = analysePostLanguage(draft({ seoTitle: wide }), 'fr').findings.find(
      (entry) => entry.checkId === 'T03',
    );
    // Measured with the shop's name the theme adds, against the audit's 600 px.
    expect(finding).toMatchObject({ severity: 'warning', threshold: 600 });
    expect(Number(finding?.measured)).toBeGreaterThan(600);
  });

  it('counts the links to the store and the outbound ones, as the audit tells them apart', () => {
    const bodyHtml =
      '<p>Voir <a href="/fr/products/nappe-en-lin">la nappe</a>, ' +
      '<a href="https://maison.myshopify.com/collections/lin">la collection</a> et ' +
      '<a href="https://fr.wikipedia.org/wiki/Lin_cultivé">le lin</a>. ' +
      '<a href="#entretien">Entretien</a>, <a href="mailto:bonjour@maison.fr">écrire</a>.</p>';
    expect(analysePostLanguage(draft({ bodyHtml }), 'fr').links).toEqual({
      internal: 2,
      outbound: 1,
    });
  });

  it('says which French fields are left to the English, as the storefront would show them', () => {
    const untranslated = analysePostLanguage(draft({ bodyHtml: '', title: ' ' }), 'fr');
    const fields = untranslated.findings
      .filter((finding) => finding.checkId === 'TG1')
      .map((finding) => finding.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'body']));
  });
});
