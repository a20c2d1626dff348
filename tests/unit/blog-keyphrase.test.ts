import { describe, expect, it } from 'vitest';
import {
  containsKeyphrase,
  keyphraseInHandle,
  keyphraseOccurrences,
  readKeyphrase,
  type Keyphrase,
} from '#shared/blog/keyphrase.ts';
import type { Language } from '#shared/constants.ts';

function keyphrase(text: string, language: Language): Keyphrase {
  const read = readKeyphrase(text, language);
  if (read === null) throw new Error(`no keyphrase in "${text}"`);
  return read;
}

describe('readKeyphrase', () => {
  it('has no keyphrase without a word', () => {
    expect(readKeyphrase('', 'fr')).toBeNull();
    expect(readKeyphrase('  – ! ', 'en')).toBeNull();
  });

  it('keeps what the owner typed, trimmed', () => {
    expect(keyphrase('  nappe en lin ', 'fr').text).toBe('nappe en lin');
  });
});

describe('French keyphrases', () => {
  const orage = keyphrase('orage', 'fr');

  it('finds a word after an elision, with a typographic or a straight apostrophe', () => {
    expect(containsKeyphrase('Après l’orage, le jardin respire.', orage)).toBe(true);
    expect(containsKeyphrase("Après l'orage, le jardin respire.", orage)).toBe(true);
    expect(containsKeyphrase('Un parfum d’orages d’été.', orage)).toBe(true);
    expect(containsKeyphrase('Un jardin au soleil.', orage)).toBe(false);
  });

  it('matches a keyphrase typed with an elision, whatever its apostrophe', () => {
    const summer = keyphrase('l’été en Provence', 'fr');
    expect(containsKeyphrase("Tout l'été, la Provence vit dehors.", summer)).toBe(true);
    expect(containsKeyphrase('Un hiver en Provence.', summer)).toBe(false);
  });

  it('matches with or without accents, in any case', () => {
    const summer = keyphrase('ete', 'fr');
    expect(containsKeyphrase('L’ÉTÉ arrive.', summer)).toBe(true);
    expect(containsKeyphrase('Nos nappes pour l’été.', keyphrase('NAPPES', 'fr'))).toBe(true);
  });

  it('counts plural and feminine forms as the word', () => {
    const slipper = keyphrase('chausson en laine', 'fr');
    expect(containsKeyphrase('Des chaussons en laine pour l’hiver.', slipper)).toBe(true);
    expect(containsKeyphrase('Nos chaussons de laine.', slipper)).toBe(true);
    const washed = keyphrase('lin lavé naturel', 'fr');
    expect(containsKeyphrase('Une nappe en lin lavée, couleur naturelle.', washed)).toBe(true);
  });

  it('needs every content word in one sentence, in any order, but not its function words', () => {
    const slipper = keyphrase('chaussons en laine', 'fr');
    expect(containsKeyphrase('La laine de ces chaussons vient des Pyrénées.', slipper)).toBe(true);
    // The two words in two sentences are not the keyphrase.
    expect(containsKeyphrase('Voici nos chaussons. La laine vient des Pyrénées.', slipper)).toBe(
      false,
    );
  });

  it('finds the parts of a hyphenated word', () => {
    const wellBeing = keyphrase('bien-être', 'fr');
    expect(containsKeyphrase('Le bien-être au quotidien.', wellBeing)).toBe(true);
    expect(containsKeyphrase('Être bien chez soi.', wellBeing)).toBe(true);
  });

  it('counts each sentence as many times as it holds the whole keyphrase', () => {
    const linen = keyphrase('lin', 'fr');
    const text = 'Le lin, toujours le lin. Une nappe en lin. Une nappe en coton.';
    expect(keyphraseOccurrences(text, linen)).toBe(3);
    const tablecloth = keyphrase('nappe en lin', 'fr');
    expect(keyphraseOccurrences(text, tablecloth)).toBe(1);
  });

  it('looks for a keyphrase of function words only as it is', () => {
    const entre = keyphrase('à la', 'fr');
    expect(containsKeyphrase('Une tarte à la framboise.', entre)).toBe(true);
    expect(containsKeyphrase('Une tarte aux fraises.', entre)).toBe(false);
  });
});

describe('English keyphrases', () => {
  it('counts plurals and -ies as the word, and a possessive as its noun', () => {
    expect(containsKeyphrase('Our linen dresses are back.', keyphrase('linen dress', 'en'))).toBe(
      true,
    );
    expect(containsKeyphrase('Candies for the holidays.', keyphrase('candy', 'en'))).toBe(true);
    expect(containsKeyphrase('The shop’s story.', keyphrase('shop story', 'en'))).toBe(true);
  });

  it('does not split a short word from a longer one', () => {
    expect(containsKeyphrase('A line of napkins.', keyphrase('lin', 'en'))).toBe(false);
  });

  it('finds a hyphenated keyphrase, and ignores function words', () => {
    expect(containsKeyphrase('The best T-shirt for summer.', keyphrase('t-shirt', 'en'))).toBe(
      true,
    );
    expect(
      containsKeyphrase('Gifts the whole family loves.', keyphrase('gifts for family', 'en')),
    ).toBe(true);
  });
});

describe('keyphraseInHandle', () => {
  it('finds a French keyphrase in the handle Shopify makes of its title', () => {
    // "L’été en Provence : nos nappes" becomes "l-ete-en-provence-nos-nappes".
    expect(
      keyphraseInHandle('l-ete-en-provence-nos-nappes', keyphrase('l’été en Provence', 'fr')),
    ).toBe(true);
    expect(keyphraseInHandle('l-ete-en-provence', keyphrase('nappes', 'fr'))).toBe(false);
  });

  it('finds keyphrases with an apostrophe or a hyphen', () => {
    expect(keyphraseInHandle('t-shirt-en-coton-bio', keyphrase('t-shirt bio', 'fr'))).toBe(true);
    expect(keyphraseInHandle('la-mode-d-aujourd-hui', keyphrase('aujourd’hui', 'fr'))).toBe(true);
    expect(keyphraseInHandle('chaussons-laine', keyphrase('chausson en laine', 'fr'))).toBe(true);
  });

  it('reads a handle typed with accents or capitals as Shopify would store it', () => {
    expect(keyphraseInHandle('Été-Provence', keyphrase('été', 'fr'))).toBe(true);
  });
});
