import { isNumber } from './words.ts';
import { rememberedByWord } from './remembered-by-word.ts';

/**
 * French syllables as spoken (not as in verse, where every mute e counts): vowel groups, corrected
 * for what French spells and does not say, and for vowels it says apart.
 * - The u of qu and of gu before e, i or y is a spelling, not a vowel (quand, guerre, guide).
 * - A final mute e is not spoken after a consonant: -e, -es (robe, robes); so is the verbal -ent
 *   after a doubled consonant or a consonant + r/l cluster (donnent, offrent, semblent), whereas
 *   -ent is spoken in nouns, adjectives and -ment adverbs (moment, client, souvent), which shop copy
 *   uses far more than third-person plurals.
 * - Hiatus, two syllables in one vowel group: é before a vowel (créa-tion, vidé-o, cré-é), a, o
 *   before é or è (a-éro, po-ète), any vowel before ï, ë or ü (ma-ïs, No-ël), ou before a spoken
 *   vowel (jou-et, lou-er), a y between vowels (pa-yer, cra-yon), and i before a vowel after a
 *   consonant + r/l cluster (cli-ent, pri-er, tabli-er).
 * A whole word with no vowel (an elided "l’" alone, an initial) counts one syllable.
 */

const vowels = 'aeiouyàâäéèêëîïôöûüùæœ';
const vowelGroup = new RegExp(`[${vowels}]+`, 'g');

const hiatus = new RegExp(
  [
    `é[${vowels.replace('e', '')}]`,
    'ée(?!s?$)',
    '[ao][éè]',
    `[${vowels}][ïëü]`,
    'ou[aâéèêi]',
    'oue(?!s?$)',
    `[${vowels}]y[${vowels}]`,
    `[bcdfgptv][rl]i[aeoéèâêou]`,
  ].join('|'),
  'g',
);

function counted(word: string): number {
  const spelled = word.replace(/qu/g, 'q').replace(/gu(?=[eiyéèê])/g, 'g');
  let count = spelled.match(vowelGroup)?.length ?? 0;
  if (count > 1) {
    if (/[^aeiouyàâäéèêëîïôöûüùæœ]es?$/.test(spelled)) count--;
    else if (/(?:([bcdfglmnprstv])\1|[bcdfgptv][rl])ent$/.test(spelled)) count--;
  }
  // Overlapping pairs are counted one by one: "créée" has é-é and é-e.
  let pairs = 0;
  for (let index = 0; index < spelled.length; index++) {
    hiatus.lastIndex = index;
    const match = hiatus.exec(spelled);
    if (match === null) break;
    pairs++;
    index = match.index;
  }
  return Math.max(count + pairs, 1);
}

const shortElision = /^(?:[cdjlmnst]|qu)'/;
const syllabicElision = /^(?:jusqu|lorsqu|puisqu|quoiqu|presqu)'/;
const letter = new RegExp(`[a-z${vowels}0-9]`);
const notLetter = new RegExp(`[^a-zç${vowels}]`, 'g');

function syllablesOf(word: string): number {
  if (isNumber(word)) return Math.max(word.replace(/\D/g, '').length, 1);
  const lower = word.toLowerCase().replace(/’|ʼ/g, "'");
  // An elided article or pronoun (l’, d’, qu’…) is said with its host and adds no syllable;
  // jusqu’, lorsqu’, puisqu’, quoiqu’ and presqu’ keep the one of their own.
  const elided = syllabicElision.test(lower) ? 1 : 0;
  const host = lower.replace(shortElision, '').replace(syllabicElision, '');
  const syllables = host
    .split('-')
    .filter((part) => letter.test(part))
    .reduce((sum, part) => sum + counted(part.replace(notLetter, '')), 0);
  return elided + Math.max(syllables, 1);
}

/** The syllables of one French word; a number counts one syllable per digit. */
export const frenchSyllables = rememberedByWord(syllablesOf);
