import { describe, expect, it } from 'vitest';
import {
  analyseKeyphrase,
  type KeyphraseCheckId,
  type PostLanguageTexts,
} from '#shared/blog/keyphrase-checks.ts';
import type { Language } from '#shared/constants.ts';

const frenchPost: PostLanguageTexts = {
  title: 'Bien choisir son linge de table',
  seoTitle: 'Nappes en lin : bien les choisir | Maison',
  seoDescription: 'Comment choisir une nappe en lin lavé, l’entretenir et la garder belle.',
  handle: 'choisir-nappe-en-lin',
  bodyHtml:
    '<p>Une nappe en lin habille la table. Elle dure des années.</p>' +
    '<h2>Entretenir sa nappe en lin</h2><p>Lavez-la à 40 degrés.</p>' +
    '<p><img src="https://cdn.example/nappe.jpg" alt="Nappe en lin naturel sur une table"></p>',
  featuredImageAlt: null,
};

function rating(
  texts: PostLanguageTexts,
  keyphrase: string,
  id: KeyphraseCheckId,
  language: Language = 'fr',
) {
  return analyseKeyphrase(texts, keyphrase, language).find((check) => check.id === id);
}

describe('analyseKeyphrase', () => {
  it('finds the keyphrase in each place a searcher reads first', () => {
    const checks = analyseKeyphrase(frenchPost, 'nappe en lin', 'fr');
    expect(Object.fromEntries(checks.map((check) => [check.id, check.rating]))).toEqual({
      'keyphrase-set': 'good',
      'keyphrase-in-title': 'good',
      'keyphrase-in-introduction': 'good',
      'keyphrase-in-description': 'good',
      'keyphrase-in-handle': 'good',
      'keyphrase-in-subheading': 'good',
      'keyphrase-in-image-alt': 'good',
      // 15 words under the headings: too few for a density.
      'keyphrase-density': null,
      'text-length': 'bad',
    });
  });

  it('asks for a keyphrase first, and still measures the length', () => {
    const checks = analyseKeyphrase(frenchPost, '  ', 'fr');
    expect(checks.find((check) => check.id === 'keyphrase-set')?.rating).toBe('bad');
    expect(checks.filter((check) => check.rating === null)).toHaveLength(7);
    expect(checks.find((check) => check.id === 'text-length')).toMatchObject({ figure: 15 });
  });

  it('reads the title when no search title is set', () => {
    const noSeoTitle = { ...frenchPost, seoTitle: '  ' };
    expect(rating(noSeoTitle, 'nappe en lin', 'keyphrase-in-title')?.rating).toBe('bad');
    expect(rating(noSeoTitle, 'linge de table', 'keyphrase-in-title')?.rating).toBe('good');
  });

  it('rates the introduction: its first sentence, then its first paragraph', () => {
    expect(rating(frenchPost, 'années', 'keyphrase-in-introduction')?.rating).toBe('improve');
    expect(rating(frenchPost, 'degrés', 'keyphrase-in-introduction')?.rating).toBe('bad');
    const opensOnHeading = {
      ...frenchPost,
      bodyHtml: `<h2>Nappe en lin</h2>${frenchPost.bodyHtml}`,
    };
    expect(rating(opensOnHeading, 'nappe en lin', 'keyphrase-in-introduction')?.rating).toBe('bad');
  });

  it('wants a meta description holding the keyphrase', () => {
    const none = { ...frenchPost, seoDescription: null };
    expect(rating(none, 'nappe en lin', 'keyphrase-in-description')?.rating).toBe('bad');
    expect(rating(frenchPost, 'serviette', 'keyphrase-in-description')?.rating).toBe('bad');
  });

  it('counts subheadings and alt texts that hold it, the featured image’s too', () => {
    expect(rating(frenchPost, 'entretenir', 'keyphrase-in-subheading')).toMatchObject({
      rating: 'good',
      figure: 1,
    });
    expect(rating(frenchPost, 'serviette', 'keyphrase-in-subheading')?.rating).toBe('improve');
    const noHeading = { ...frenchPost, bodyHtml: '<p>Une nappe en lin.</p>' };
    expect(rating(noHeading, 'nappe en lin', 'keyphrase-in-subheading')?.rating).toBeNull();
    expect(rating(noHeading, 'nappe en lin', 'keyphrase-in-image-alt')?.rating).toBe('improve');
    const featured = { ...noHeading, featuredImageAlt: 'Une nappe en lin lavé' };
    expect(rating(featured, 'nappe en lin', 'keyphrase-in-image-alt')).toMatchObject({
      rating: 'good',
      figure: 1,
    });
  });

  it('rates density on 100 words or more: 0.5 to 3 % good, up to 4 % worth a look', () => {
    /** A body of 200 words holding the keyphrase `times` times. */
    const body = (times: number) => {
      const sentences = [
        ...Array(times).fill('Our linen napkin is soft.'),
        ...Array(40 - times).fill('Cotton feels fresh too.'),
      ];
      // Each sentence has 5 words ("Cotton feels fresh too." has 4, made 5 below).
      return `<p>${sentences.map((sentence) => sentence.replace('too.', 'too today.')).join(' ')}</p>`;
    };
    const post = (times: number): PostLanguageTexts => ({
      ...frenchPost,
      bodyHtml: body(times),
    });
    const density = (times: number) =>
      rating(post(times), 'linen napkin', 'keyphrase-density', 'en');
    expect(density(0)).toMatchObject({ rating: 'bad', figure: 0 });
    expect(density(1)).toMatchObject({ rating: 'good', figure: 0.5 });
    expect(density(6)).toMatchObject({ rating: 'good', figure: 3 });
    expect(density(8)).toMatchObject({ rating: 'improve', figure: 4 });
    expect(density(9)?.rating).toBe('bad');
  });

  it('rates the length of the body: 300 words good, 250 worth a look, as the audit counts', () => {
    const ofWords = (count: number): PostLanguageTexts => ({
      ...frenchPost,
      bodyHtml: `<p>${Array(count).fill('lin').join(' ')}.</p>`,
    });
    expect(rating(ofWords(300), 'lin', 'text-length')).toMatchObject({
      rating: 'good',
      figure: 300,
    });
    expect(rating(ofWords(250), 'lin', 'text-length')?.rating).toBe('improve');
    expect(rating(ofWords(249), 'lin', 'text-length')?.rating).toBe('bad');
  });
});
