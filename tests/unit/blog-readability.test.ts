import { describe, expect, it } from 'vitest';
import { postSections } from '#shared/blog/post-text.ts';
import {
  analyseReadability,
  isPassive,
  readabilityThresholds,
  type ReadabilityCheckId,
} from '#shared/blog/readability-checks.ts';
import type { Language } from '#shared/constants.ts';

function check(bodyHtml: string, language: Language, id: ReadabilityCheckId) {
  const found = analyseReadability(bodyHtml, language).checks.find((entry) => entry.id === id);
  if (found === undefined) throw new Error(`no ${id} check`);
  return found;
}

/** A paragraph of `count` words, in sentences of `perSentence` words. */
function paragraph(count: number, perSentence = 10, word = 'linen'): string {
  const sentences: string[] = [];
  for (let left = count; left > 0; left -= perSentence) {
    const length = Math.min(perSentence, left);
    sentences.push(`${['Soft', ...Array(length - 1).fill(word)].join(' ')}.`);
  }
  return `<p>${sentences.join(' ')}</p>`;
}

describe('postSections', () => {
  it('splits a body at its subheadings, the introduction first', () => {
    const body =
      '<p>Intro one.</p><p>Intro two.</p><h2>Care</h2><p>Wash cold.</p>' +
      '<h3>Drying <em>flat</em></h3><ul><li>No dryer.</li><li>Shade.</li></ul>';
    expect(postSections(body)).toEqual([
      { heading: null, paragraphs: ['Intro one.', 'Intro two.'] },
      { heading: 'Care', paragraphs: ['Wash cold.'] },
      { heading: 'Drying flat', paragraphs: ['No dryer.', 'Shade.'] },
    ]);
  });

  it('has no introduction when the body opens on a heading', () => {
    expect(postSections('<h2>Care</h2><p>Wash cold.</p>')).toEqual([
      { heading: 'Care', paragraphs: ['Wash cold.'] },
    ]);
  });
});

describe('the formulas of each language', () => {
  const english = '<p>The cat sat on the mat. The dog ran to the park with a red ball today.</p>';

  it('reads English with Flesch reading ease and the Flesch–Kincaid grade', () => {
    const analysis = analyseReadability(english, 'en');
    expect(analysis.readingEase.formula).toBe('flesch');
    expect(analysis.grade.formula).toBe('flesch-kincaid');
    // 17 words, 2 sentences, 18 syllables (to-day): 0.39 × 8.5 + 11.8 × 18 / 17 − 15.59.
    expect(analysis.words).toBe(17);
    expect(analysis.sentences).toBe(2);
    expect(analysis.grade.score).toBeCloseTo(0.39 * 8.5 + (11.8 * 18) / 17 - 15.59, 6);
  });

  it('reads French with Kandel & Moles and LIX', () => {
    // 12 words, 2 sentences; 4 words of more than six letters (écharpes, naturelle, gardent,
    // chaleur), "piquer" has six.
    const french =
      '<p>Nos écharpes sont en laine naturelle. Elles gardent la chaleur sans piquer.</p>';
    const analysis = analyseReadability(french, 'fr');
    expect(analysis.readingEase.formula).toBe('kandel-moles');
    expect(analysis.grade.formula).toBe('lix');
    expect(analysis.words).toBe(12);
    expect(analysis.grade.score).toBeCloseTo(12 / 2 + (100 * 4) / 12, 6);
  });

  it('rates reading ease from 60 as good, from 50 as worth a look, below as bad', () => {
    expect(check(english, 'en', 'reading-ease').rating).toBe('good');
    const hard =
      '<p>Internationalization responsibilities notwithstanding, manufacturers’ environmental ' +
      'certifications guarantee extraordinarily sophisticated biodegradability characteristics.</p>';
    expect(check(hard, 'en', 'reading-ease')).toMatchObject({ rating: 'bad', figure: 0 });
    expect(check('<p>Too short to say.</p>', 'en', 'reading-ease').rating).toBeNull();
  });
});

describe('sentence length', () => {
  const long = `${['Soft', ...Array(21).fill('linen')].join(' ')}.`;
  const short = 'Soft linen feels good.';

  it('flags sentences of more than 20 words and rates their share', () => {
    // 1 long in 4: 25 %, good.
    const quarter = `<p>${[long, short, short, short].join(' ')}</p>`;
    expect(check(quarter, 'en', 'sentence-length')).toMatchObject({
      rating: 'good',
      figure: 25,
      flagged: [long],
    });
    // 2 long in 7: 28.6 %, worth a look.
    const more = `<p>${[long, long, short, short, short, short, short].join(' ')}</p>`;
    expect(check(more, 'en', 'sentence-length').rating).toBe('improve');
    // 2 long in 5: 40 %, bad.
    const body = `<p>${[long, short, long, short, short].join(' ')}</p>`;
    expect(check(body, 'en', 'sentence-length')).toMatchObject({ rating: 'bad', figure: 40 });
  });

  it('rates no share under 4 sentences, as the audit does: one long sentence is no pattern', () => {
    const three = `<p>${[long, short, short].join(' ')}</p>`;
    expect(check(three, 'en', 'sentence-length')).toMatchObject({ rating: null, flagged: [long] });
  });

  it('does not flag a sentence of exactly 20 words', () => {
    const twenty = `${['Soft', ...Array(19).fill('linen')].join(' ')}.`;
    expect(check(`<p>${twenty}</p>`, 'en', 'sentence-length').flagged).toEqual([]);
  });
});

describe('paragraph length', () => {
  it('rates the longest paragraph: up to 150 words good, up to 200 worth a look', () => {
    expect(check(paragraph(150), 'en', 'paragraph-length')).toMatchObject({
      rating: 'good',
      figure: 150,
      flagged: [],
    });
    expect(check(paragraph(151) + paragraph(20), 'en', 'paragraph-length')).toMatchObject({
      rating: 'improve',
      figure: 151,
    });
    const tooLong = check(paragraph(201) + paragraph(20), 'en', 'paragraph-length');
    expect(tooLong.rating).toBe('bad');
    expect(tooLong.flagged).toHaveLength(1);
  });
});

describe('subheadings', () => {
  it('asks for subheadings in a text of more than 300 words', () => {
    expect(check(paragraph(300), 'en', 'subheadings').rating).toBeNull();
    expect(check(paragraph(150) + paragraph(151), 'en', 'subheadings').rating).toBe('bad');
  });

  it('rates the longest section: up to 300 words good, up to 350 worth a look', () => {
    const body = (section: number) =>
      `${paragraph(100)}<h2>Care</h2>${paragraph(section)}<h2>Sizes</h2>${paragraph(50)}`;
    expect(check(body(300), 'en', 'subheadings')).toMatchObject({ rating: 'good', figure: 300 });
    expect(check(body(350), 'en', 'subheadings')).toMatchObject({
      rating: 'improve',
      flagged: ['Care'],
    });
    expect(check(body(351), 'en', 'subheadings').rating).toBe('bad');
  });
});

describe('passive voice', () => {
  it('finds the English passive: be or get, then a participle', () => {
    expect(isPassive('Each scarf is woven by hand.', 'en')).toBe(true);
    expect(isPassive('The order was not shipped yet.', 'en')).toBe(true);
    expect(isPassive('Our towels are carefully washed twice.', 'en')).toBe(true);
    expect(isPassive('The parcel got delivered today.', 'en')).toBe(true);
    expect(isPassive('We weave each scarf by hand.', 'en')).toBe(false);
    expect(isPassive('The scarf is red.', 'en')).toBe(false);
    expect(isPassive('It is the best linen.', 'en')).toBe(false);
  });

  it('finds the French passive: être, then a participle, in its four forms', () => {
    expect(isPassive('Chaque écharpe est tissée à la main.', 'fr')).toBe(true);
    expect(isPassive('Les nappes sont entièrement cousues en France.', 'fr')).toBe(true);
    expect(isPassive('Ce modèle n’est pas vendu en magasin.', 'fr')).toBe(true);
    expect(isPassive('Le tissu a été fabriqué au Portugal.', 'fr')).toBe(true);
    expect(isPassive('Ces coussins sont faits main.', 'fr')).toBe(true);
    expect(isPassive('La photo est prise en studio.', 'fr')).toBe(true);
    expect(isPassive('Nos nappes sont mises en valeur.', 'fr')).toBe(true);
    expect(isPassive('Nous tissons chaque écharpe à la main.', 'fr')).toBe(false);
  });

  it('does not take the compound past of the verbs of “être” for a passive', () => {
    expect(isPassive('La collection est arrivée hier.', 'fr')).toBe(false);
    expect(isPassive('Elles sont venues nombreuses.', 'fr')).toBe(false);
    expect(isPassive('Le lin est resté à la mode.', 'fr')).toBe(false);
  });

  it('does not take an adjective or a noun after “être” for a participle', () => {
    expect(isPassive('Ce plaid est joli.', 'fr')).toBe(false);
    expect(isPassive('Ce plaid est gris.', 'fr')).toBe(false);
    expect(isPassive('C’est le marché de Noël.', 'fr')).toBe(false);
  });

  it('rates the share of passive sentences: up to 10 % good, up to 15 % worth a look', () => {
    const active = 'Nous tissons le lin.';
    const passive = 'Le lin est tissé ici.';
    const body = (passives: number, total: number) =>
      `<p>${[...Array(passives).fill(passive), ...Array(total - passives).fill(active)].join(' ')}</p>`;
    expect(check(body(1, 10), 'fr', 'passive-voice')).toMatchObject({
      rating: 'good',
      figure: 10,
      flagged: [passive],
    });
    expect(check(body(2, 15), 'fr', 'passive-voice').rating).toBe('improve');
    expect(check(body(2, 10), 'fr', 'passive-voice').rating).toBe('bad');
  });
});

describe('transition words', () => {
  const withTransition = {
    en: 'However, linen dries fast in the sun.',
    fr: 'Par ailleurs, le lin sèche vite au soleil.',
  };
  const without = { en: 'Linen dries fast in the sun.', fr: 'Le lin sèche vite au soleil.' };
  /** 40 sentences (240 words or more), `transitions` of them with a transition word. */
  const body = (language: Language, transitions: number) =>
    `<p>${[
      ...Array(transitions).fill(withTransition[language]),
      ...Array(40 - transitions).fill(without[language]),
    ].join(' ')}</p>`;

  it('rates the share of sentences with a transition in each language', () => {
    for (const language of ['en', 'fr'] as const) {
      expect(check(body(language, 12), language, 'transition-words')).toMatchObject({
        rating: 'good',
        figure: 30,
      });
      expect(check(body(language, 8), language, 'transition-words').rating).toBe('improve');
      expect(check(body(language, 7), language, 'transition-words').rating).toBe('bad');
    }
  });

  it('finds French transitions written with an elision, whatever the apostrophe', () => {
    const sentences = [
      'Tout d’abord, lavez le lin à froid.',
      "C'est pourquoi il reste souple.",
      'Il sèche au soleil.',
    ];
    const body = `<p>${Array(10).fill(sentences.join(' ')).join(' ')}</p>`;
    const transitions = check(body, 'fr', 'transition-words');
    expect(transitions.figure).toBeCloseTo((100 * 2) / 3, 6);
  });

  it('does not measure a text of fewer than 200 words', () => {
    const short = `<p>${Array(19).fill(without.en).join(' ')}</p>`;
    expect(check(short, 'en', 'transition-words').rating).toBeNull();
    expect(readabilityThresholds.transitionMinimumWords).toBe(200);
  });
});

describe('consecutive sentences', () => {
  it('flags three sentences in a row starting with the same word', () => {
    const run = ['Le lin est doux.', 'Le lin respire.', 'Le lin dure.'];
    const body = `<p>${run.join(' ')} Nos nappes aussi.</p>`;
    expect(check(body, 'fr', 'consecutive-sentences')).toMatchObject({
      rating: 'bad',
      figure: 3,
      flagged: run,
    });
    const two = '<p>Le lin est doux. Le lin respire. Nos nappes durent. Le lin sèche.</p>';
    expect(check(two, 'fr', 'consecutive-sentences')).toMatchObject({
      rating: 'good',
      flagged: [],
    });
  });
});
