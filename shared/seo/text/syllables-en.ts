import { isNumber } from './words.ts';
import { rememberedByWord } from './remembered-by-word.ts';

/**
 * English syllables by heuristic: vowel groups, less the vowels English writes but does not say
 * (a final e, the e of -es and -ed after most consonants, the u of qu), plus the vowel pairs it
 * says in two beats (ia, io, eo, ua, iu, and ie before n or t). A short list holds frequent words the
 * rules get wrong. Good enough for a readability score over a whole text, where errors average out;
 * not a dictionary.
 */

const irregular: Record<string, number> = {
  people: 2,
  science: 2,
  recipe: 3,
  cafe: 2,
  maybe: 2,
  every: 2,
  everything: 3,
  everyone: 3,
  business: 2,
  different: 3,
  evening: 2,
  interesting: 3,
  area: 3,
  idea: 3,
  create: 2,
  created: 3,
  creates: 2,
  creating: 3,
  element: 3,
  elements: 3,
  implement: 3,
  supplement: 3,
  complement: 3,
  poem: 2,
  quiet: 2,
  real: 1,
  really: 2,
  naive: 2,
  coordinate: 4,
  cooperate: 4,
  via: 2,
  ocean: 2,
  whole: 1,
  once: 1,
  one: 1,
  someone: 2,
  sometimes: 2,
  something: 2,
  somewhere: 2,
  anyone: 3,
  eye: 1,
  eyes: 1,
  fire: 1,
  hour: 1,
  hours: 1,
  our: 1,
  ours: 1,
  player: 2,
  players: 2,
  layer: 2,
  layers: 2,
  prayer: 1,
  buyer: 2,
  lingerie: 3,
  apostrophe: 4,
  karate: 3,
  simile: 3,
  guarantee: 3,
  unique: 2,
  technique: 2,
  boutique: 2,
  antique: 2,
};

const vowelGroup = /[aeiouy]+/g;

function counted(word: string): number {
  const direct = irregular[word];
  if (direct !== undefined) return direct;
  // A plural or a possessive of an irregular word.
  const singular = word.replace(/'?s$/, '');
  if (singular !== word && irregular[singular] !== undefined) return irregular[singular];

  // The u of qu is a consonant sound; so is a y that starts a word before a vowel.
  const spelled = word.replace(/qu/g, 'q').replace(/^y(?=[aeiou])/, '');
  let count = spelled.match(vowelGroup)?.length ?? 0;

  // A final e is silent after a consonant, but not in a consonant + le ending (table, little).
  if (/[^aeiouy]e$/.test(spelled) && !/[^aeiouy]le$/.test(spelled)) count--;
  // -es is silent except after a sibilant (boxes, horses, places, changes) and in consonant + les.
  else if (/[^aeiouy]es$/.test(spelled) && !/(?:[sxzc]|ch|sh|g)es$/.test(spelled)) {
    if (!/[^aeiouyl]les$/.test(spelled)) count--;
  }
  // -ed is silent except after t or d (wanted, needed) and in consonant + led (cycled, handled).
  else if (/[^aeiouy]ed$/.test(spelled) && !/(?:[td]|[^aeiouy]l)ed$/.test(spelled)) count--;
  // A silent e before a suffix: lovely, careful, movement, useless, kindness of "-eness".
  if (/[aeiouy][^aeiouy]e(?:ly|ful|less|ness|ment|ments)$/.test(spelled)) count--;

  // Vowel pairs said in two beats.
  count += spelled.match(/[^cgst]ia|[^cgst]io|iu|[^g]eo|[^gq]ua|[^tc]ie[nt]/g)?.length ?? 0;
  if (/^(?:ia|io|eo|ua)/.test(spelled)) count++;
  // -ing after a vowel is a beat of its own (going, seeing, saying).
  if (/[aeiouy]ing$/.test(spelled)) count++;
  // -ism ends in a syllable of its own (prism, tourism).
  if (/[^aeiouy]ism$/.test(spelled)) count++;
  return Math.max(count, 1);
}

function syllablesOf(word: string): number {
  if (isNumber(word)) return Math.max(word.replace(/\D/g, '').length, 1);
  const letters = word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replace(/’|ʼ/g, "'");
  // Each part of a hyphenated word is said on its own (well-known, t-shirt).
  return (
    letters
      .split('-')
      .filter((part) => /[a-z0-9]/.test(part))
      .reduce((sum, part) => sum + counted(part.replace(/[^a-z']/g, '')), 0) || 1
  );
}

/** The syllables of one English word; a number counts one syllable per digit. */
export const englishSyllables = rememberedByWord(syllablesOf);
