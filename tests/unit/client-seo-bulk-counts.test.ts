import { beforeAll, describe, expect, it } from 'vitest';
import { countsSentence, readyValues, skipReasonText } from '#client/features/seo/bulk-edit.ts';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import type { Language } from '#shared/constants.ts';
import {
  bulkSkipReasons,
  type BulkPreview,
  type BulkPreviewRow,
} from '#shared/schemas/seo-bulk.ts';

/**
 * The preview's counts over the whole selection, in the owner's words, with the app's real
 * catalogues: "1,204 values ready, 38 skipped: 30 unchanged, 8 too long" and its French, numbers
 * written the language's way, the most frequent reason first and those without a value left out; each skip
 * reason worded on its row; and the count of changes the ticked pages make.
 */

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
  await loadNamespaces(['seo']);
  await i18n.changeLanguage('fr');
  await loadNamespaces(['seo']);
});

function wording(language: Language) {
  const number = new Intl.NumberFormat(language);
  return {
    t: i18n.getFixedT(language, 'seo'),
    format: { number: (value: number) => number.format(value) },
  };
}

function counts(
  ready: number,
  skipped: Partial<BulkPreview['counts']['skipped']> = {},
): BulkPreview['counts'] {
  return {
    ready,
    skipped: {
      empty: 0,
      too_long: 0,
      markup: 0,
      unchanged: 0,
      translation_source_missing: 0,
      has_draft: 0,
      ...skipped,
    },
  };
}

/** French numbers group thousands with a narrow no-break space. */
const frenchThousands = (text: string) => text.replaceAll('\u202f', ' ');

describe('the counts over the selection', () => {
  it('say the values ready and the skipped ones by reason, in English', () => {
    const { t, format } = wording('en');
    expect(countsSentence(t, counts(1204, { unchanged: 30, too_long: 8 }), format)).toBe(
      '1,204 values ready, 38 skipped: 30 unchanged, 8 too long',
    );
    expect(countsSentence(t, counts(1, { empty: 1, translation_source_missing: 2 }), format)).toBe(
      'One value ready, 3 skipped: 2 without a text to translate, one empty',
    );
  });

  it('say the same in French, with its typography', () => {
    const { t, format } = wording('fr');
    expect(
      frenchThousands(countsSentence(t, counts(1204, { unchanged: 30, too_long: 8 }), format)),
    ).toBe('1 204 valeurs prêtes, 38 écartées\u00a0: 30 inchangées, 8 trop longues');
    expect(countsSentence(t, counts(1, { empty: 1 }), format)).toBe(
      'Une valeur prête, une écartée\u00a0: une vide',
    );
  });

  it('say when nothing is skipped, or nothing is ready', () => {
    for (const [language, ready, none] of [
      ['en', '25 values ready', 'No value ready, 4 skipped: 4 unchanged'],
      ['fr', '25 valeurs prêtes', 'Aucune valeur prête, 4 écartées\u00a0: 4 inchangées'],
    ] as const) {
      const { t, format } = wording(language);
      expect(countsSentence(t, counts(25), format)).toBe(ready);
      expect(countsSentence(t, counts(0, { unchanged: 4 }), format)).toBe(none);
    }
  });
});

describe('a skipped value', () => {
  it('says why in either language, for every reason', () => {
    for (const language of ['en', 'fr'] as const) {
      const { t } = wording(language);
      const texts = bulkSkipReasons.map((reason) => skipReasonText(t, reason));
      for (const text of texts) expect(text).not.toMatch(/^bulk\./);
      expect(new Set(texts).size).toBe(bulkSkipReasons.length);
    }
    expect(skipReasonText(wording('en').t, 'too_long')).toBe(
      'Not changed: longer than the field allows.',
    );
    expect(skipReasonText(wording('fr').t, 'unchanged')).toBe(
      'Non modifiée\u00a0: la page a déjà cette valeur.',
    );
  });
});

describe('the changes the ticked pages make', () => {
  const row = (pageId: string, skips: Array<BulkPreviewRow['values'][number]['skip']>) => ({
    pageId,
    pageKind: 'product' as const,
    pageTitle: pageId,
    values: skips.map((skip, index) => ({
      language: (index === 0 ? 'en' : 'fr') as Language,
      current: null,
      proposed: 'x',
      length: 1,
      widthPx: 8,
      findings: [],
      skip,
      writtenAfter: null,
    })),
  });

  it('count only the values that can become drafts', () => {
    expect(
      readyValues([row('a', [null, null]), row('b', [null, 'unchanged']), row('c', ['empty'])]),
    ).toBe(3);
    expect(readyValues([])).toBe(0);
  });
});
