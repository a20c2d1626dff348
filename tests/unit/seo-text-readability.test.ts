import { describe, expect, it } from 'vitest';
import { readingEase, textStatistics } from '#shared/seo/text/readability.ts';

describe('textStatistics', () => {
  it('counts words, sentences and syllables with the language’s rules', () => {
    expect(textStatistics('The cat sat on the mat. The dog ran to the park.', 'en')).toEqual({
      words: 12,
      sentences: 2,
      syllables: 12,
    });
    expect(textStatistics('L’écharpe est douce. Elle tient chaud.', 'fr')).toEqual({
      words: 6,
      sentences: 2,
      syllables: 2 + 1 + 1 + 1 + 1 + 1,
    });
  });
});

describe('readingEase', () => {
  it('applies Flesch to English', () => {
    // 12 words, 2 sentences, 12 syllables: 206.835 − 1.015 × 6 − 84.6 × 1 = 116.145, clamped.
    expect(readingEase('The cat sat on the mat. The dog ran to the park.', 'en')).toBe(100);
    // 11 words, 1 sentence, 22 syllables: 206.835 − 1.015 × 11 − 84.6 × 2 = 26.47.
    const twoSyllables =
      'Paper water happy pretty jacket cotton linen button pocket collar zipper.';
    expect(readingEase(twoSyllables, 'en')).toBeCloseTo(206.835 - 1.015 * 11 - 84.6 * 2, 6);
  });

  it('applies Kandel & Moles to French', () => {
    // 11 words, 1 sentence, 22 syllables: 207 − 1.015 × 11 − 73.6 × 2 = 48.635.
    const twoSyllables =
      'Coton bouton pochette jolie tissu couleur douceur chaleur velours satin lavage.';
    expect(readingEase(twoSyllables, 'fr')).toBeCloseTo(207 - 1.015 * 11 - 73.6 * 2, 6);
  });

  it('clamps a very hard text to 0', () => {
    const hard =
      'Internationalization responsibilities notwithstanding, manufacturers’ environmental ' +
      'certifications guarantee extraordinarily sophisticated biodegradability characteristics.';
    expect(readingEase(hard, 'en')).toBe(0);
  });

  it('skips a text of 10 words or fewer, and measures one of 11', () => {
    expect(readingEase('One two three four five six seven eight nine ten.', 'en')).toBeNull();
    expect(
      readingEase('One two three four five six seven eight nine ten more.', 'en'),
    ).not.toBeNull();
    expect(readingEase('', 'fr')).toBeNull();
  });
});
