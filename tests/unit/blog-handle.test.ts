import { describe, expect, it } from 'vitest';
import { handleFromTitle, handleMaxLength, isValidHandle } from '#shared/blog/handle.ts';

describe('a handle from a title', () => {
  it('transliterates French accents and ligatures', () => {
    expect(handleFromTitle('Œuvres d’été : l’art de la crêpe')).toBe(
      'oeuvres-d-ete-l-art-de-la-crepe',
    );
    expect(handleFromTitle('Ça, c’est Noël !')).toBe('ca-c-est-noel');
    expect(handleFromTitle('Ex æquo')).toBe('ex-aequo');
  });

  it('joins English words with single hyphens and drops punctuation at the ends', () => {
    expect(handleFromTitle('  10 ways to wash linen -- fast!  ')).toBe(
      '10-ways-to-wash-linen-fast',
    );
    expect(handleFromTitle('Straße & Smørrebrød')).toBe('strasse-smorrebrod');
  });

  it('is empty for a title of no letters or digits', () => {
    expect(handleFromTitle('!!! …')).toBe('');
  });

  it('cuts a long title at a word’s end within Shopify’s limit', () => {
    const handle = handleFromTitle('linen '.repeat(60));
    expect(handle.length).toBeLessThanOrEqual(handleMaxLength);
    expect(handle.endsWith('linen')).toBe(true);
  });
});

describe('a valid handle', () => {
  it('takes lowercase words joined by hyphens, accented ones included', () => {
    expect(isValidHandle('caring-for-linen')).toBe(true);
    expect(isValidHandle('entretien-du-lin-été')).toBe(true);
    expect(isValidHandle('Caring-for-linen')).toBe(false);
    expect(isValidHandle('caring for linen')).toBe(false);
    expect(isValidHandle('caring--linen')).toBe(false);
    expect(isValidHandle('-caring')).toBe(false);
    expect(isValidHandle('')).toBe(false);
  });
});
