import { describe, expect, it } from 'vitest';
import {
  auditedText,
  batchesRefetchInterval,
  batchWritesSettled,
  changeBatches,
  changesRefetchInterval,
  draftIdsOf,
  draftPages,
  editedPageView,
  fieldMeasure,
  fieldOutcome,
  recommendedDescriptionLength,
  savedText,
  settledChangeIds,
  withChangesInDetail,
  withoutDraft,
  type TextOf,
} from '#client/features/seo/page-fixes.ts';
import { runLiveChecks } from '#client/features/seo/live-checks.ts';
import { seoPollIntervalMs } from '#client/features/seo/seo-presentation.ts';
import {
  changeStates,
  type BatchSummary,
  type ChangeView,
  type EditableFieldView,
} from '#shared/schemas/seo-changes.ts';

const noneInAnyState = Object.fromEntries(changeStates.map((state) => [state, 0])) as Record<
  (typeof changeStates)[number],
  number
>;
import type { PageDetail } from '#shared/schemas/seo.ts';
import {
  descriptionTooLongAbove,
  descriptionTooShortAtMost,
} from '#shared/seo/checks/description-checks.ts';

/**
 * How the fixes read a page's fields and changes: the text an editor holds, what became of a
 * field's last change, the page as the owner's texts make it (which the preview shows and the
 * audit's checks run again on), and the changes grouped as the screens show them.
 */

const pageId = 'gid://shopify/Product/42';
const imageId = 'gid://shopify/MediaImage/7';

function change(changes: Partial<ChangeView>): ChangeView {
  return {
    id: 'change-1',
    batchId: null,
    pageId,
    pageKind: 'product',
    pageTitle: 'Linen shirt',
    language: 'en',
    field: 'seoTitle',
    targetId: pageId,
    value: 'Linen shirt',
    baseValue: null,
    previousValue: null,
    shopifyValue: null,
    state: 'draft',
    errorCode: null,
    undoOf: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    approvedAt: null,
    approvedBy: null,
    appliedAt: null,
    undoable: false,
    ...changes,
  };
}

function field(changes: Partial<EditableFieldView> & Pick<EditableFieldView, 'field'>) {
  return {
    targetId: changes.field === 'imageAlt' ? imageId : pageId,
    imageUrl: null,
    value: null,
    sourceValue: null,
    outdated: false,
    editable: true,
    draft: null,
    pending: null,
    ...changes,
  } satisfies EditableFieldView;
}

const englishTitle = 'Linen shirt, washed, in five colours';
const englishDescription =
  'A washed linen shirt cut loose, with mother-of-pearl buttons and a straight hem, in five colours that soften with every wash.';

/** A product in English (the main language) and French, whose French description is missing. */
function detail(): PageDetail {
  return {
    id: pageId,
    kind: 'product',
    handle: 'linen-shirt',
    shopName: 'Maison Exemple',
    auditedAt: '2026-11-24T09:00:00.000Z',
    languages: [
      {
        language: 'en',
        primary: true,
        url: 'https://maison-exemple.com/products/linen-shirt',
        score: 90,
        title: 'Linen shirt',
        bodyHasText: true,
        titleTranslation: null,
        seoTitle: englishTitle,
        seoDescription: englishDescription,
        images: [{ id: imageId, alt: 'Blue linen shirt on a hanger', url: null }],
        findings: [],
        fields: [
          field({ field: 'seoTitle', value: englishTitle }),
          field({ field: 'seoDescription', value: englishDescription }),
          field({ field: 'imageAlt', value: 'Blue linen shirt on a hanger' }),
        ],
      },
      {
        language: 'fr',
        primary: false,
        url: 'https://maison-exemple.com/fr/products/linen-shirt',
        score: 70,
        title: 'Chemise en lin',
        bodyHasText: true,
        titleTranslation: { source: 'Linen shirt', value: 'Chemise en lin', outdated: false },
        seoTitle: 'Chemise en lin lavé, en cinq couleurs',
        seoDescription: englishDescription,
        images: [{ id: imageId, alt: 'Chemise en lin bleue sur un cintre', url: null }],
        findings: [
          {
            checkId: 'TG1',
            severity: 'warning',
            language: 'fr',
            field: 'seoDescription',
            excerpt: 'A washed linen shirt',
          },
        ],
        fields: [
          field({
            field: 'seoTitle',
            value: 'Chemise en lin lavé, en cinq couleurs',
            sourceValue: englishTitle,
          }),
          field({ field: 'seoDescription', value: null, sourceValue: englishDescription }),
          field({
            field: 'imageAlt',
            value: 'Chemise en lin bleue sur un cintre',
            sourceValue: 'Blue linen shirt on a hanger',
          }),
        ],
      },
    ],
  };
}

/** The texts the owner typed, by language and field; the others as saved. */
function typed(texts: Partial<Record<string, string>>): TextOf {
  return (language, edited) => texts[`${language} ${edited.field}`] ?? savedText(edited);
}

describe('an editor’s text', () => {
  it('is the saved draft, else the language’s own value; the audit read the latter', () => {
    const title = field({ field: 'seoTitle', value: 'Old', draft: change({ value: 'New' }) });
    expect(savedText(title)).toBe('New');
    expect(auditedText(title)).toBe('Old');
    expect(savedText(field({ field: 'seoTitle' }))).toBe('');
  });
});

describe('the page as the owner’s texts make it', () => {
  it('is the audited page while nothing is typed', () => {
    const page = detail();
    const french = editedPageView(page, 'fr', typed({}));
    expect(french?.seoTitle).toBe(page.languages[1]!.seoTitle);
    expect(french?.seoDescription).toBe(englishDescription);
    expect(french?.primaryLanguage).toBe('en');
    expect(french?.images).toEqual([
      {
        id: imageId,
        alt: 'Chemise en lin bleue sur un cintre',
        sourceAlt: 'Blue linen shirt on a hanger',
      },
    ]);
    expect(french?.translations).toEqual([
      { key: 'title', source: 'Linen shirt', value: 'Chemise en lin', outdated: false },
      {
        key: 'meta_title',
        source: englishTitle,
        value: 'Chemise en lin lavé, en cinq couleurs',
        outdated: false,
      },
      { key: 'meta_description', source: englishDescription, value: null, outdated: false },
    ]);
  });

  it('falls back to the main language where a translation is left empty, as the storefront does', () => {
    const french = editedPageView(detail(), 'fr', typed({ 'fr seoTitle': '', 'fr imageAlt': '' }));
    expect(french?.seoTitle).toBe(englishTitle);
    expect(french?.images[0]?.alt).toBe('Blue linen shirt on a hanger');
    expect(french?.translations.find((entry) => entry.key === 'meta_title')).toMatchObject({
      value: null,
    });
  });

  it('has no search title where the main language’s is cleared, and no alt text: Shopify keeps no empty text', () => {
    const english = editedPageView(
      detail(),
      'en',
      typed({ 'en seoTitle': '  ', 'en imageAlt': '' }),
    );
    expect(english?.seoTitle).toBeNull();
    expect(english?.images[0]?.alt).toBeNull();
  });

  it('makes the audit’s findings come back from the checks for the text it read, and go with a fix', () => {
    const audited = editedPageView(detail(), 'fr', typed({}));
    expect(runLiveChecks(audited!).filter((finding) => finding.field === 'seoDescription')).toEqual(
      [expect.objectContaining({ checkId: 'TG1', field: 'seoDescription' })],
    );
    const translated = editedPageView(
      detail(),
      'fr',
      typed({
        'fr seoDescription':
          'Une chemise en lin lavé à la coupe ample, avec des boutons de nacre et un ourlet droit, en cinq couleurs qui s’adoucissent à chaque lavage.',
      }),
    );
    expect(
      runLiveChecks(translated!).filter((finding) => finding.field === 'seoDescription'),
    ).toEqual([]);
  });
});

describe('an editor’s counter', () => {
  it('measures the title as the theme prints it, with the shop’s name', () => {
    const page = detail();
    const long = 'Chemise en lin lavé à la main, coupe ample, boutons de nacre, cinq couleurs';
    const measure = fieldMeasure(
      'seoTitle',
      long,
      editedPageView(page, 'fr', typed({ 'fr seoTitle': long })),
    );
    expect(measure.characters).toBe([...long].length);
    expect(measure.maxCharacters).toBe(255);
    expect(measure.maxWidthPx).toBe(600);
    expect(measure.widthPx).toBeGreaterThan(600);
    const short = fieldMeasure(
      'seoTitle',
      'Chemise en lin',
      editedPageView(page, 'fr', typed({ 'fr seoTitle': 'Chemise en lin' })),
    );
    expect(short.widthPx).toBeLessThan(600);
  });

  it('gives the description the length the description check finds right', () => {
    expect(recommendedDescriptionLength).toEqual({
      from: descriptionTooShortAtMost + 1,
      to: descriptionTooLongAbove,
    });
    const measure = fieldMeasure(
      'seoDescription',
      'Court',
      editedPageView(detail(), 'en', typed({ 'en seoDescription': 'Court' })),
    );
    expect(measure.recommended).toEqual(recommendedDescriptionLength);
    expect(measure.maxWidthPx).toBe(920);
  });

  it('counts an alt text in characters only, an emoji as one', () => {
    expect(fieldMeasure('imageAlt', 'Chemise 👕', null)).toEqual({
      characters: 9,
      maxCharacters: 512,
      widthPx: null,
      maxWidthPx: null,
      recommended: null,
    });
  });
});

describe('what became of a field’s last change', () => {
  const title = field({ field: 'seoTitle' });

  it('is nothing without one', () => {
    expect(fieldOutcome('en', title, [])).toBeNull();
  });

  it('follows the polled changes over the detail’s pending one', () => {
    const approved = change({ id: 'c1', state: 'approved', batchId: 'b1' });
    const applied = { ...approved, state: 'applied' as const };
    expect(fieldOutcome('en', { ...title, pending: approved }, undefined)?.kind).toBe('writing');
    expect(fieldOutcome('en', { ...title, pending: approved }, [applied])?.kind).toBe('written');
  });

  it('tells a conflict, a failure and Shopify’s value kept; ignores drafts and other fields', () => {
    for (const [state, kind] of [
      ['conflict', 'conflict'],
      ['failed', 'failed'],
      ['discarded', 'kept'],
      ['undone', undefined],
    ] as const) {
      expect(fieldOutcome('en', title, [change({ state })])?.kind).toBe(kind);
    }
    expect(fieldOutcome('en', title, [change({ state: 'draft' })])).toBeNull();
    expect(fieldOutcome('fr', title, [change({ state: 'applied' })])).toBeNull();
  });

  it('is the newest: an undo written after the change', () => {
    const written = change({ id: 'c1', state: 'undone', createdAt: '2026-11-24T10:00:00.000Z' });
    const undo = change({
      id: 'c2',
      state: 'applied',
      undoOf: 'c1',
      createdAt: '2026-11-24T11:00:00.000Z',
    });
    expect(fieldOutcome('en', title, [undo, written])).toEqual({ kind: 'written', change: undo });
  });
});

describe('the changes the API answers', () => {
  it('land in the detail’s fields at once', () => {
    const page = detail();
    const draft = change({ id: 'd1', language: 'fr', value: 'Chemise' });
    const withDraft = withChangesInDetail(page, [draft]);
    expect(withDraft.languages[1]!.fields[0]!.draft).toEqual(draft);
    expect(draftIdsOf(withDraft)).toEqual(['d1']);

    const approved = { ...draft, state: 'approved' as const, batchId: 'b1' };
    const writing = withChangesInDetail(withDraft, [approved]);
    expect(writing.languages[1]!.fields[0]).toMatchObject({ draft: null, pending: approved });
    expect(draftIdsOf(writing)).toEqual([]);

    const applied = { ...approved, state: 'applied' as const };
    expect(withChangesInDetail(writing, [applied]).languages[1]!.fields[0]).toMatchObject({
      draft: null,
      pending: null,
    });
    expect(draftIdsOf(withoutDraft(withDraft, 'd1'))).toEqual([]);
  });

  it('are read again every moment while one is being written, and not otherwise', () => {
    expect(changesRefetchInterval({ changes: [change({ state: 'approved' })] })).toBe(
      seoPollIntervalMs,
    );
    expect(changesRefetchInterval({ changes: [change({ state: 'applied' })] })).toBe(false);
    expect(changesRefetchInterval(undefined)).toBe(false);
  });

  it('tell which writes are over since they were last read', () => {
    const writing = [
      change({ id: 'c1', state: 'approved' }),
      change({ id: 'c2', state: 'approved' }),
    ];
    const next = [change({ id: 'c1', state: 'conflict' }), change({ id: 'c2', state: 'approved' })];
    expect(settledChangeIds(writing, next)).toEqual(['c1']);
    expect(settledChangeIds(undefined, next)).toEqual([]);
  });

  it('follow the store’s batches while one is being written, and tell when writes ended', () => {
    const summary = (batchId: string, approved: number, applied: number): BatchSummary => ({
      batchId,
      approvedAt: '2026-11-24T10:05:00.000Z',
      approvedBy: null,
      changes: approved + applied,
      counts: { ...noneInAnyState, approved, applied },
      undoable: applied,
      isUndo: false,
      pageCount: approved + applied,
      pages: [],
    });
    const writing = [summary('b1', 900, 100), summary('b2', 0, 3)];
    expect(batchesRefetchInterval({ batches: writing })).toBe(seoPollIntervalMs);
    expect(batchesRefetchInterval({ batches: [summary('b2', 0, 3)] })).toBe(false);
    expect(batchesRefetchInterval(undefined)).toBe(false);
    expect(batchWritesSettled(writing, [summary('b1', 850, 150), writing[1]!])).toBe(true);
    expect(batchWritesSettled(writing, writing)).toBe(false);
    // A new batch approved meanwhile is not a write that ended.
    expect(batchWritesSettled(writing, [summary('b3', 5, 0), ...writing])).toBe(false);
    expect(batchWritesSettled(undefined, writing)).toBe(false);
  });

  it('group by approval, newest first, counting what undo would write back', () => {
    const batches = changeBatches([
      change({
        id: 'c3',
        batchId: 'b2',
        state: 'applied',
        undoable: true,
        approvedBy: 'Ada',
        approvedAt: '2026-11-24T12:00:00.000Z',
      }),
      change({ id: 'c2', batchId: 'b1', state: 'undone', approvedBy: 'Ada' }),
      change({ id: 'c1', batchId: 'b1', state: 'applied', undoable: true, approvedBy: 'Ada' }),
      change({ id: 'd1' }),
    ]);
    expect(
      batches.map((batch) => [batch.batchId, batch.changes.map((one) => one.id), batch.undoable]),
    ).toEqual([
      ['b2', ['c3'], 1],
      ['b1', ['c2', 'c1'], 1],
    ]);
    expect(batches[0]).toMatchObject({ approvedBy: 'Ada', approvedAt: '2026-11-24T12:00:00.000Z' });
  });

  it('name the pages with drafts, with how many each', () => {
    expect(
      draftPages([
        change({ id: 'd1' }),
        change({ id: 'd2', field: 'seoDescription' }),
        change({ id: 'd3', pageId: 'gid://shopify/Page/1', pageKind: 'page', pageTitle: 'About' }),
        change({ id: 'c1', state: 'applied' }),
      ]),
    ).toEqual([
      { pageId, pageKind: 'product', pageTitle: 'Linen shirt', drafts: 2 },
      { pageId: 'gid://shopify/Page/1', pageKind: 'page', pageTitle: 'About', drafts: 1 },
    ]);
  });
});
