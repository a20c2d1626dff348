import { describe, expect, it } from 'vitest';
import { sentences } from '#shared/seo/text/sentences.ts';
import { wordCount, words } from '#shared/seo/text/words.ts';

describe('words', () => {
  it('counts a French elision with its host, as word processors do', () => {
    expect(words('L’écharpe d’hiver qu’il préfère, aujourd’hui')).toEqual([
      'L’écharpe',
      'd’hiver',
      'qu’il',
      'préfère',
      'aujourd’hui',
    ]);
    expect(wordCount("l'été")).toBe(1);
  });

  it('keeps contractions and hyphenated words whole', () => {
    expect(words("Don't miss our well-known T-shirt: it’s bien-être.")).toEqual([
      "Don't",
      'miss',
      'our',
      'well-known',
      'T-shirt',
      'it’s',
      'bien-être',
    ]);
  });

  it('counts a number with its separators as one word', () => {
    expect(words('Only 12,5 cm for 3.75 $ and 1,000 fans')).toEqual([
      'Only',
      '12,5',
      'cm',
      'for',
      '3.75',
      'and',
      '1,000',
      'fans',
    ]);
  });

  it('does not count punctuation, symbols and quotes alone', () => {
    expect(wordCount('« Chic » – 20 € & plus !')).toBe(3);
    expect(wordCount(' … — ')).toBe(0);
  });
});

describe('sentences', () => {
  it('splits at end marks followed by a sentence start', () => {
    expect(sentences('It is warm. It is light! Is it soft? Yes… Very.', 'en')).toEqual([
      'It is warm.',
      'It is light!',
      'Is it soft?',
      'Yes…',
      'Very.',
    ]);
  });

  it('splits French marks preceded by a no-break space and closing quotes', () => {
    expect(
      sentences('Elle est douce\u00a0! Vraiment\u202f? « C’est parfait. » Merci.', 'fr'),
    ).toEqual(['Elle est douce\u00a0!', 'Vraiment\u202f?', '« C’est parfait. »', 'Merci.']);
  });

  it('does not split after abbreviations, initials and decimals', () => {
    expect(sentences('Mr. Smith and Dr. Jones chose it, e.g. Blue is 3.5 cm.', 'en')).toHaveLength(
      1,
    );
    expect(sentences('M. Dupont et Mme Durand, p. ex. Lyon, l’ont choisi. Oui.', 'fr')).toEqual([
      'M. Dupont et Mme Durand, p. ex. Lyon, l’ont choisi.',
      'Oui.',
    ]);
    expect(sentences('J. R. Tolkien wrote it.', 'en')).toHaveLength(1);
  });

  it('ends a sentence at "etc." before a capital only', () => {
    expect(sentences('Hats, scarves, etc. We ship them.', 'en')).toHaveLength(2);
    expect(sentences('Hats, scarves, etc. are shipped.', 'en')).toHaveLength(1);
  });

  it('does not split before a lowercase word', () => {
    expect(sentences('Sizes from 36 to 42 cm. available now', 'en')).toHaveLength(1);
  });

  it('ends a sentence at every line and leaves out lines without words', () => {
    expect(sentences('Features\n\nWarm\n—\nLight and thin', 'en')).toEqual([
      'Features',
      'Warm',
      'Light and thin',
    ]);
  });
});
