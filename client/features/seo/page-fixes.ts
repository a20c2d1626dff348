import type { Language } from '#shared/constants.ts';
import {
  editableFieldMaxLength,
  type BatchList,
  type BatchSummary,
  type ChangeList,
  type ChangeView,
  type EditableField,
  type EditableFieldView,
} from '#shared/schemas/seo-changes.ts';
import type { FindingView, PageDetail } from '#shared/schemas/seo.ts';
import type { PageLanguageView } from '#shared/seo/check.ts';
import { renderedTitle } from '#shared/seo/checks/page-title.ts';
import { containsMarkup } from '#shared/seo/text/markup.ts';
import { collapseWhitespace } from '#shared/seo/text/normalize.ts';
import {
  descriptionFontSizePx,
  textWidthPx,
  titleFontSizePx,
} from '#shared/seo/text/pixel-width.ts';
import { resultDescription, resultTitle, seoPollIntervalMs } from './seo-presentation.ts';

/**
 * How the SEO fixes read a page's editable fields and its changes: which text an editor holds, what
 * became of the field's last approved change, the page as the owner's texts would make it (for the
 * search-result preview and the checks run again as the owner types), and the store's changes
 * grouped as the screens show them. Pure: tested in Node
 * (tests/unit/client-seo-page-fixes.test.ts).
 */

type LanguageView = PageDetail['languages'][number];

/** One editable text: a field of the page in one language, for one target (the page, an image). */
export interface FieldTarget {
  language: Language;
  field: EditableField;
  targetId: string;
}

export function fieldKey(target: FieldTarget): string {
  return `${target.language} ${target.field} ${target.targetId}`;
}

export function isSameTarget(one: FieldTarget, other: FieldTarget): boolean {
  return (
    one.language === other.language && one.field === other.field && one.targetId === other.targetId
  );
}

export function targetOf(language: Language, field: EditableFieldView): FieldTarget {
  return { language, field: field.field, targetId: field.targetId };
}

/** The text Vitrine holds for a field: the owner's saved draft, else the language's own value. */
export function savedText(field: EditableFieldView): string {
  return field.draft?.value ?? field.value ?? '';
}

/** The text the audit measured: the language's own value ('' when it has none). */
export function auditedText(field: EditableFieldView): string {
  return field.value ?? '';
}

/** Characters as the owner counts them (an emoji or an accented letter is one). */
export function characterCount(text: string): number {
  return [...text].length;
}

export function isTooLong(field: EditableField, text: string): boolean {
  return characterCount(text) > editableFieldMaxLength[field];
}

/**
 * Whether the server would refuse the text as a draft: too long for the field, or holding markup
 * (the server's own rule, shared/seo/text/markup.ts). Such a text is neither saved nor approved.
 */
export function isRefusedText(field: EditableField, text: string): boolean {
  return isTooLong(field, text) || containsMarkup(text);
}

/**
 * What became of the field's last approved change: being written, in conflict, written, refused,
 * or Shopify's value kept after a conflict. The page's changes (read again every moment while one
 * is being written) are fresher than the detail's `pending`, which is used until they are read.
 * Null when the field has no such change, or its last one was undone (the history says so).
 */
export type FieldOutcome = {
  kind: 'writing' | 'conflict' | 'written' | 'failed' | 'kept';
  change: ChangeView;
} | null;

export function fieldOutcome(
  language: Language,
  field: EditableFieldView,
  changes: readonly ChangeView[] | undefined,
): FieldOutcome {
  const target = targetOf(language, field);
  const listed = changes?.find(
    (change) => change.state !== 'draft' && isSameTarget(change, target),
  );
  const pending = field.pending;
  let latest: ChangeView | undefined = listed;
  if (pending !== null && listed?.id !== pending.id) {
    latest =
      listed === undefined || Date.parse(pending.createdAt) > Date.parse(listed.createdAt)
        ? pending
        : listed;
  }
  switch (latest?.state) {
    case 'approved':
      return { kind: 'writing', change: latest };
    case 'conflict':
      return { kind: 'conflict', change: latest };
    case 'applied':
      return { kind: 'written', change: latest };
    case 'failed':
      return { kind: 'failed', change: latest };
    case 'discarded':
      return { kind: 'kept', change: latest };
    default:
      return null;
  }
}

/**
 * Whether the field's text can be changed now: not while a change of it is written or in conflict.
 */
export function isBlocked(outcome: FieldOutcome): boolean {
  return outcome?.kind === 'writing' || outcome?.kind === 'conflict';
}

/** Every editable field of the page, with its language. */
export function pageFields(
  detail: PageDetail,
): Array<{ language: Language; field: EditableFieldView }> {
  return detail.languages.flatMap((view) =>
    view.fields.map((field) => ({ language: view.language, field })),
  );
}

/** The page's saved drafts, which "Approve all drafts of this page" approves together. */
export function draftIdsOf(detail: PageDetail): string[] {
  return pageFields(detail).flatMap(({ field }) => (field.draft === null ? [] : [field.draft.id]));
}

/**
 * The detail with changes the API answered put in their fields at once, before the detail is read
 * again: a draft as the field's draft, an approved change (or one in conflict) as its pending one,
 * and a change that moved on out of both.
 */
export function withChangesInDetail(
  detail: PageDetail,
  changes: readonly ChangeView[],
): PageDetail {
  return {
    ...detail,
    languages: detail.languages.map((view) => ({
      ...view,
      fields: view.fields.map((field) => {
        const change = changes.find((candidate) =>
          isSameTarget(candidate, targetOf(view.language, field)),
        );
        if (change === undefined) return field;
        if (change.state === 'draft') return { ...field, draft: change };
        const draft = field.draft?.id === change.id ? null : field.draft;
        if (change.state === 'approved' || change.state === 'conflict') {
          return { ...field, draft, pending: change };
        }
        return { ...field, draft, pending: field.pending?.id === change.id ? null : field.pending };
      }),
    })),
  };
}

/** The detail without a draft the owner threw away. */
export function withoutDraft(detail: PageDetail, changeId: string): PageDetail {
  return {
    ...detail,
    languages: detail.languages.map((view) => ({
      ...view,
      fields: view.fields.map((field) =>
        field.draft?.id === changeId ? { ...field, draft: null } : field,
      ),
    })),
  };
}

/** Changes are read again every moment while one of them is being written to Shopify. */
export function changesRefetchInterval(
  list: Pick<ChangeList, 'changes'> | undefined,
): number | false {
  return list?.changes.some((change) => change.state === 'approved') === true
    ? seoPollIntervalMs
    : false;
}

/** The changes that were being written in `previous` and no longer are in `next`. */
export function settledChangeIds(
  previous: readonly ChangeView[] | undefined,
  next: readonly ChangeView[],
): string[] {
  if (previous === undefined) return [];
  const writing = new Set(
    previous.filter((change) => change.state === 'approved').map((change) => change.id),
  );
  return next
    .filter((change) => writing.has(change.id) && change.state !== 'approved')
    .map((change) => change.id);
}

/** Read the store's latest batches again every moment while one of them is being written. */
export function batchesRefetchInterval(list: BatchList | undefined): number | false {
  return list?.batches.some((batch) => batch.counts.approved > 0) === true
    ? seoPollIntervalMs
    : false;
}

/** Whether a batch had changes written (fewer waiting) between `previous` and `next`. */
export function batchWritesSettled(
  previous: readonly BatchSummary[] | undefined,
  next: readonly BatchSummary[],
): boolean {
  if (previous === undefined) return false;
  const waiting = new Map(previous.map((batch) => [batch.batchId, batch.counts.approved]));
  return next.some((batch) => batch.counts.approved < (waiting.get(batch.batchId) ?? 0));
}

/**
 * After a write, the server audits the page again within seconds: the detail is read again at
 * these delays (in milliseconds) so that its new findings and score show without a reload.
 */
export const reauditRefreshDelaysMs = [1500, 4000, 8000, 15000] as const;

/** The changes of one approval (or undo), newest batch first, as the history shows them. */
export interface ChangeBatch {
  batchId: string;
  changes: ChangeView[];
  approvedAt: string | null;
  approvedBy: string | null;
  /** Its changes that undo would write back. */
  undoable: number;
}

export function changeBatches(changes: readonly ChangeView[]): ChangeBatch[] {
  const batches = new Map<string, ChangeBatch>();
  for (const change of changes) {
    if (change.batchId === null || change.state === 'draft') continue;
    const batch = batches.get(change.batchId) ?? {
      batchId: change.batchId,
      changes: [],
      approvedAt: change.approvedAt,
      approvedBy: change.approvedBy,
      undoable: 0,
    };
    batch.changes.push(change);
    batch.approvedAt ??= change.approvedAt;
    batch.approvedBy ??= change.approvedBy;
    if (change.undoable) batch.undoable += 1;
    batches.set(change.batchId, batch);
  }
  return [...batches.values()];
}

/** The pages that have drafts awaiting approval, with how many, in the order the drafts come. */
export function draftPages(
  changes: readonly ChangeView[],
): Array<Pick<ChangeView, 'pageId' | 'pageKind' | 'pageTitle'> & { drafts: number }> {
  const pages = new Map<
    string,
    Pick<ChangeView, 'pageId' | 'pageKind' | 'pageTitle'> & { drafts: number }
  >();
  for (const change of changes) {
    if (change.state !== 'draft') continue;
    const page = pages.get(change.pageId);
    if (page === undefined) {
      pages.set(change.pageId, {
        pageId: change.pageId,
        pageKind: change.pageKind,
        pageTitle: change.pageTitle,
        drafts: 1,
      });
    } else {
      page.drafts += 1;
    }
  }
  return [...pages.values()];
}

/** The text of a field as the page shows it, once the owner's text is in it (null: none). */
function shownValue(
  field: EditableFieldView,
  text: string,
  primary: boolean,
  audited: string | null,
): string | null {
  // Unchanged, the field shows what the audit read (a translation's fallback included).
  if (text === auditedText(field)) return audited;
  if (primary) return text.trim() === '' ? null : text;
  // A translation left empty is none: the storefront shows the main language's text.
  return text.trim() === '' ? field.sourceValue : text;
}

/**
 * The body of the page is not part of its detail. It matters to the checks run again only through
 * the missing description check (M01), which reads whether it shows text: the detail says so
 * (`bodyHasText`), and a body of text stands in for it.
 */
const bodyWithText = '<p>…</p>';

export type TextOf = (language: Language, field: EditableFieldView) => string;

/**
 * One language of the page as a shopper would get it with the owner's texts in its editable
 * fields: what the search-result preview shows and what the checks run again on. Null when the
 * detail has no such language.
 */
export function editedPageView(
  detail: PageDetail,
  language: Language,
  textOf: TextOf,
): PageLanguageView | null {
  const view = detail.languages.find((candidate) => candidate.language === language);
  if (view === undefined) return null;
  const primaryView = detail.languages.find((candidate) => candidate.primary) ?? view;
  const fieldOf = (field: EditableField, targetId?: string) =>
    view.fields.find(
      (candidate) =>
        candidate.field === field && (targetId === undefined || candidate.targetId === targetId),
    );
  const shown = (field: EditableFieldView | undefined, audited: string | null) =>
    field === undefined
      ? audited
      : shownValue(field, textOf(language, field), view.primary, audited);

  const seoTitleField = fieldOf('seoTitle');
  const seoDescriptionField = fieldOf('seoDescription');
  // The page's own title is not edited here, but the title checks read whether it is translated.
  const titleTranslation =
    view.titleTranslation === null ? [] : [{ key: 'title', ...view.titleTranslation }];
  const translations = view.primary
    ? []
    : [
        ...titleTranslation,
        ...[
          { key: 'meta_title', field: seoTitleField },
          { key: 'meta_description', field: seoDescriptionField },
        ].flatMap(({ key, field }) => {
          if (field === undefined || field.sourceValue === null || field.sourceValue === '') {
            return [];
          }
          const text = textOf(language, field);
          const unchanged = text === auditedText(field);
          return [
            {
              key,
              source: field.sourceValue,
              value: text.trim() === '' ? null : text,
              // A new translation is up to date with the text it translates.
              outdated: unchanged && field.outdated,
            },
          ];
        }),
      ];

  return {
    kind: detail.kind,
    id: detail.id,
    language,
    primaryLanguage: primaryView.language,
    shopName: detail.shopName,
    handle: detail.handle,
    title: view.title,
    seoTitle: shown(seoTitleField, view.seoTitle),
    seoDescription: shown(seoDescriptionField, view.seoDescription),
    bodyHtml: view.bodyHasText ? bodyWithText : '',
    images: view.images.map((image) => {
      const sourceAlt = primaryView.images.find((source) => source.id === image.id)?.alt ?? null;
      const field = fieldOf('imageAlt', image.id);
      const alt =
        field === undefined
          ? image.alt
          : (() => {
              const text = textOf(language, field);
              if (text === auditedText(field)) return image.alt;
              // Saved empty (spaces are), the main language's alt text is none: Shopify keeps no
              // empty text. A translation left empty shows the main language's.
              if (text.trim() === '') return view.primary ? null : sourceAlt;
              return text;
            })();
      return { id: image.id, alt, sourceAlt };
    }),
    translations,
  };
}

/** The finding's field, as the editors name it: `image:<id>` is the alt text of image `<id>`. */
export function findingFieldOf(target: Pick<FieldTarget, 'field' | 'targetId'>): string {
  return target.field === 'imageAlt' ? `image:${target.targetId}` : target.field;
}

/** The findings of one editable field, from the findings of its language. */
export function findingsOfField(
  findings: readonly FindingView[],
  target: Pick<FieldTarget, 'field' | 'targetId'>,
): FindingView[] {
  const field = findingFieldOf(target);
  return findings.filter((finding) => finding.field === field);
}

/** The image's number on the page (1 for the first), for the editors' and the history's labels. */
export function imageNumber(view: LanguageView | undefined, imageId: string): number | null {
  const index = view?.images.findIndex((image) => image.id === imageId) ?? -1;
  return index === -1 ? null : index + 1;
}

/**
 * The meta description's length the description check finds right, in characters (M02,
 * shared/seo/checks/description-checks.ts). Written here rather than imported: that module brings the HTML reader
 * the check needs into the SEO screens. tests/unit/client-seo-page-fixes.test.ts keeps the two in
 * agreement.
 */
export const recommendedDescriptionLength = { from: 121, to: 156 } as const;

/**
 * What an editor's counter says of its text: its characters against the most the field takes,
 * and for a search title or description, how wide the search result draws it (the title as the
 * theme prints it, with the shop's name) against the width search-result tools show whole, and the
 * description's recommended length in characters.
 */
export interface FieldMeasure {
  characters: number;
  maxCharacters: number;
  widthPx: number | null;
  maxWidthPx: number | null;
  recommended: { readonly from: number; readonly to: number } | null;
}

export function fieldMeasure(
  field: EditableField,
  text: string,
  view: PageLanguageView | null,
): FieldMeasure {
  const measure: FieldMeasure = {
    characters: characterCount(text),
    maxCharacters: editableFieldMaxLength[field],
    widthPx: null,
    maxWidthPx: null,
    recommended: null,
  };
  if (field === 'seoTitle' && view !== null) {
    measure.widthPx = Math.round(textWidthPx(renderedTitle(view), titleFontSizePx));
    measure.maxWidthPx = resultTitle.maxWidthPx;
  }
  if (field === 'seoDescription') {
    const shown = collapseWhitespace(view?.seoDescription ?? '');
    if (shown !== '') {
      measure.widthPx = Math.round(textWidthPx(shown, descriptionFontSizePx));
      measure.maxWidthPx = resultDescription.maxWidthPx;
    }
    measure.recommended = recommendedDescriptionLength;
  }
  return measure;
}
