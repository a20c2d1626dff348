import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { findingTexts } from '#client/features/seo/check-texts.ts';
import { seoFormat } from '#client/features/seo/use-seo-format.ts';
import type { Language } from '#shared/constants.ts';
import type { FindingView } from '#shared/schemas/seo.ts';
import { localeTexts } from '../support/locale-texts.ts';

/**
 * Counted texts read right for 0, 1, 2 and 5, in both languages, with the options the screens pass.
 * French takes the singular for 0 and 1 ("0 page", "1 page"), so where a text spells the one out
 * ("Une page") it has a `_zero` form ("Aucune page"), which i18next picks for a count of 0.
 */

const nbsp = '\u00a0';
const narrowNbsp = '\u202f';

type Texts = Record<Language, Record<string, TFunction>>;
const texts: Texts = { en: {}, fr: {} };

beforeAll(async () => {
  for (const language of ['en', 'fr'] as const) {
    for (const namespace of ['seo', 'seo-checks', 'shops']) {
      texts[language][namespace] = await localeTexts(language, namespace);
    }
  }
});

const t = (language: Language, namespace: string) => {
  const found = texts[language][namespace];
  if (found === undefined) throw new Error(`No texts for ${language} ${namespace}`);
  return found;
};

interface Case {
  namespace: string;
  key: string;
  /** The options the screen passes for a count. */
  options: (count: number) => Record<string, unknown>;
  /** count → text, in each language. */
  expected: Record<Language, Record<number, string>>;
}

const cases: Case[] = [
  {
    namespace: 'seo',
    key: 'list.total',
    options: (count) => ({ count, formatted: String(count) }),
    expected: {
      en: { 0: 'No pages', 1: 'One page', 2: '2 pages', 5: '5 pages' },
      fr: { 0: 'Aucune page', 1: 'Une page', 2: '2 pages', 5: '5 pages' },
    },
  },
  {
    namespace: 'seo',
    key: 'detail.findingsTitle',
    options: (count) => ({ count }),
    expected: {
      en: { 0: 'No findings', 1: 'One finding', 2: '2 findings', 5: '5 findings' },
      fr: { 0: 'Aucun constat', 1: 'Un constat', 2: '2 constats', 5: '5 constats' },
    },
  },
  {
    namespace: 'seo',
    key: 'coverage.fields',
    options: (count) => ({ count, formatted: String(count) }),
    expected: {
      en: {
        0: 'No translatable fields.',
        1: 'One translatable field.',
        2: '2 translatable fields.',
        5: '5 translatable fields.',
      },
      fr: {
        0: 'Aucun champ à traduire.',
        1: 'Un champ à traduire.',
        2: '2 champs à traduire.',
        5: '5 champs à traduire.',
      },
    },
  },
  {
    namespace: 'seo',
    key: 'audit.lastRun',
    options: (count) => ({ date: '2 nov.', count, pages: String(count) }),
    expected: {
      en: {
        0: 'Last audit: 2 nov., no pages read.',
        1: 'Last audit: 2 nov., one page read.',
        2: 'Last audit: 2 nov., 2 pages read.',
        5: 'Last audit: 2 nov., 5 pages read.',
      },
      fr: {
        0: `Dernier audit${nbsp}: 2 nov., aucune page lue.`,
        1: `Dernier audit${nbsp}: 2 nov., une page lue.`,
        2: `Dernier audit${nbsp}: 2 nov., 2 pages lues.`,
        5: `Dernier audit${nbsp}: 2 nov., 5 pages lues.`,
      },
    },
  },
  {
    namespace: 'seo',
    key: 'audit.running',
    options: (count) => ({ count, done: String(count), total: '9', percent: 'P' }),
    expected: {
      en: {
        0: 'Auditing: 0 of 9 pages (P).',
        1: 'Auditing: 1 of 9 pages (P).',
        2: 'Auditing: 2 of 9 pages (P).',
        5: 'Auditing: 5 of 9 pages (P).',
      },
      fr: {
        0: `Audit en cours${nbsp}: 0 page sur 9 (P).`,
        1: `Audit en cours${nbsp}: 1 page sur 9 (P).`,
        2: `Audit en cours${nbsp}: 2 pages sur 9 (P).`,
        5: `Audit en cours${nbsp}: 5 pages sur 9 (P).`,
      },
    },
  },
  {
    namespace: 'seo',
    key: 'history.more',
    // Shown only when more changes exist than the list shows, so never for 0.
    options: (count) => ({ count }),
    expected: {
      en: {
        1: 'Only the latest change is shown.',
        2: 'Only the 2 latest changes are shown.',
        5: 'Only the 5 latest changes are shown.',
      },
      fr: {
        1: 'Seule la modification la plus récente est affichée.',
        2: 'Seules les 2 modifications les plus récentes sont affichées.',
        5: 'Seules les 5 modifications les plus récentes sont affichées.',
      },
    },
  },
  {
    namespace: 'seo',
    key: 'bulk.shown',
    options: (count) => ({ count, shown: String(count), total: '9' }),
    expected: {
      en: {
        1: '1 of 9 pages shown.',
        2: '2 of 9 pages shown.',
        5: '5 of 9 pages shown.',
      },
      fr: {
        1: '1 page affichée sur 9.',
        2: '2 pages affichées sur 9.',
        5: '5 pages affichées sur 9.',
      },
    },
  },
  {
    namespace: 'seo',
    key: 'bulk.approval.progress',
    options: (count) => ({ count, done: '1', formatted: String(count) }),
    expected: {
      en: {
        1: 'Approving 1 of one change…',
        2: 'Approving 1 of 2 changes…',
        5: 'Approving 1 of 5 changes…',
      },
      fr: {
        1: `Approbation${nbsp}: 1 sur une modification…`,
        2: `Approbation${nbsp}: 1 sur 2 modifications…`,
        5: `Approbation${nbsp}: 1 sur 5 modifications…`,
      },
    },
  },
  {
    namespace: 'shops',
    key: 'store.progress',
    options: (count) => ({ count, done: count, total: 9, percent: 40 }),
    expected: {
      en: {
        0: '0 of 9 records imported (40 %)',
        1: '1 of 9 records imported (40 %)',
        2: '2 of 9 records imported (40 %)',
        5: '5 of 9 records imported (40 %)',
      },
      fr: {
        0: `0 élément importé sur 9 (40${narrowNbsp}%)`,
        1: `1 élément importé sur 9 (40${narrowNbsp}%)`,
        2: `2 éléments importés sur 9 (40${narrowNbsp}%)`,
        5: `5 éléments importés sur 9 (40${narrowNbsp}%)`,
      },
    },
  },
  {
    namespace: 'shops',
    key: 'store.progressNoTotal',
    options: (count) => ({ count, done: count }),
    expected: {
      en: {
        0: '0 records imported so far',
        1: '1 record imported so far',
        2: '2 records imported so far',
        5: '5 records imported so far',
      },
      fr: {
        0: '0 élément importé pour l’instant',
        1: '1 élément importé pour l’instant',
        2: '2 éléments importés pour l’instant',
        5: '5 éléments importés pour l’instant',
      },
    },
  },
  {
    namespace: 'shops',
    key: 'connect.planLimit',
    // The count is the plan's number of stores (one at least); none of them connected yet.
    options: (count) => ({ count, used: 0, max: count, plan: 'Starter' }),
    expected: {
      en: {
        1: 'Stores connected: 0 of 1 included in your Starter plan.',
        2: 'Stores connected: 0 of 2 included in your Starter plan.',
        5: 'Stores connected: 0 of 5 included in your Starter plan.',
      },
      fr: {
        1: `Boutiques connectées${nbsp}: 0 sur 1 comprise dans votre offre Starter.`,
        2: `Boutiques connectées${nbsp}: 0 sur 2 comprises dans votre offre Starter.`,
        5: `Boutiques connectées${nbsp}: 0 sur 5 comprises dans votre offre Starter.`,
      },
    },
  },
];

describe.each(cases)('$namespace:$key', ({ namespace, key, options, expected }) => {
  it.each(['en', 'fr'] as const)('reads right for every count in %s', (language) => {
    const read = Object.fromEntries(
      Object.keys(expected[language]).map((count) => [
        count,
        t(language, namespace)(key, options(Number(count))),
      ]),
    );
    expect(read).toEqual(expected[language]);
  });
});

describe('a finding that counts what it measured', () => {
  const what = (language: Language, checkId: string, measured: number, threshold?: number) =>
    findingTexts(
      t(language, 'seo-checks') as TFunction<'seo-checks'>,
      {
        checkId,
        severity: 'info',
        language,
        measured,
        ...(threshold !== undefined && { threshold }),
      } satisfies FindingView,
      seoFormat(language),
    ).what;

  it('says "1 place", "2 places" of French typography', () => {
    expect(what('en', 'F01', 1)).toMatch(/^1 place in this French text breaks French typography:/);
    expect(what('en', 'F01', 2)).toMatch(/^2 places in this French text break French typography:/);
    expect(what('fr', 'F01', 1)).toMatch(
      /^1 endroit de ce texte français ne suit pas la typographie française\u00a0:/,
    );
    expect(what('fr', 'F01', 5)).toMatch(
      /^5 endroits de ce texte français ne suivent pas la typographie française\u00a0:/,
    );
  });

  it('says "1 word" and "1 character" in the singular', () => {
    expect(what('en', 'C01', 1, 300)).toMatch(/^The text has 1 word: there is room to say more\./);
    expect(what('en', 'C01', 5, 300)).toMatch(/^The text has 5 words: there is room to say more\./);
    expect(what('fr', 'C01', 1, 300)).toMatch(/^Le texte compte 1\u00a0?mot\u00a0:/);
    expect(what('fr', 'C01', 2, 300)).toMatch(/^Le texte compte 2\u00a0?mots\u00a0:/);
    expect(what('en', 'M02', 1)).toMatch(/^The meta description has 1 character;/);
    expect(what('fr', 'M02', 1)).toMatch(/^La méta-description compte 1 caractère\u202f;/);
    expect(what('fr', 'M02', 2)).toMatch(/^La méta-description compte 2 caractères\u202f;/);
  });
});
