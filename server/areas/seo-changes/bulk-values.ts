import type { Language } from '#shared/constants.ts';
import { AppError } from '#shared/errors.ts';
import {
  maxPagesPerBulkEdit,
  type BulkField,
  type BulkPreviewValue,
  type BulkSelection,
  type BulkSkipReason,
  type BulkTemplates,
} from '#shared/schemas/seo-bulk.ts';
import { editableFieldMaxLength } from '#shared/schemas/seo-changes.ts';
import type { Check, PageKind, PageLanguageView, Severity } from '#shared/seo/check.ts';
import { descriptionChecks } from '#shared/seo/checks/description-checks.ts';
import { renderedTitle } from '#shared/seo/checks/page-title.ts';
import { titleChecks } from '#shared/seo/checks/title-checks.ts';
import { containsMarkup } from '#shared/seo/text/markup.ts';
import { collapseWhitespace } from '#shared/seo/text/normalize.ts';
import {
  descriptionFontSizePx,
  textWidthPx,
  titleFontSizePx,
} from '#shared/seo/text/pixel-width.ts';
import type { Database } from '#server/db/database.ts';
import {
  auditedStoreOf,
  readPages,
  type AuditedLocale,
  type AuditedPage,
  type AuditedStore,
  productFactsOf,
  type ProductFacts,
} from '#server/areas/catalog/index.ts';
import * as bulkRepository from './bulk-repository.ts';
import { fillTemplate, parseTemplates, type TemplatePart } from './bulk-templates.ts';

/**
 * What a bulk edit's templates give on each page of its selection, in each language a template was
 * given for: the value, what it replaces, why it cannot become a draft, and (for the rows a preview
 * shows) what the audit's checks of the field would find on the page with it. The drafts are made
 * of the values without a skip reason. Read in sets: the pages, their texts and their products'
 * facts in a few queries whatever the number of pages.
 */

/**
 * The pages the page list's filters select, in the list's default order (worst score first), at
 * most `limit` of them, and how many the filters select in all. The audit's list answers it: the
 * route passes it, so that the changes area does not read the audit's tables.
 */
export type BulkPageSelector = (
  selection: BulkSelection,
  limit: number,
) => Promise<{ total: number; pageIds: string[] }>;

/** What a bulk edit asks for. */
export interface BulkRequest {
  selection: BulkSelection;
  field: BulkField;
  templates: BulkTemplates;
}

/**
 * One value, with what a draft of it needs and what its preview is measured on. Its width and the
 * checks' findings are worked out only for the rows a preview shows (`measuredValue`): identifying
 * the language of ten thousand titles would cost seconds that the counts and the drafts do not need.
 */
export interface BulkValue extends Pick<
  BulkPreviewValue,
  'language' | 'current' | 'proposed' | 'length' | 'skip' | 'writtenAfter'
> {
  /** The store's locale of a translation; null in the primary language. */
  locale: string | null;
  /** A translation of a field the page has no primary text in: only the bulk edit can give one. */
  sourceMissing: boolean;
  /** The page in this language as a shopper would get it with the value. */
  view: PageLanguageView;
  /** Whether another selected page of the language would carry the same value (T02, M03). */
  duplicate: boolean;
}

export interface BulkPageValues {
  pageId: string;
  pageKind: PageKind;
  pageTitle: string;
  values: BulkValue[];
}

export interface BulkValues {
  /** Pages the selection covers, beyond `maxPagesPerBulkEdit` included. */
  total: number;
  /** The pages covered, in the list's order; a page the store's copy no longer holds is left out. */
  pages: BulkPageValues[];
}

const checksOf: Record<BulkField, readonly Check[]> = {
  seoTitle: titleChecks,
  seoDescription: descriptionChecks,
};

const translationKeyOf: Record<BulkField, string> = {
  seoTitle: 'meta_title',
  seoDescription: 'meta_description',
};

const emptyAsNull = (value: string | null): string | null =>
  value === null || value === '' ? null : value;

/**
 * The field's own value in a language: in the primary one, the page's; in another, its translation
 * (null when none, not the primary text the storefront shows in its place). As the page detail's
 * editors read it (editable-texts.ts), so that a draft's base is the same whichever way it is made.
 */
function ownValue(view: PageLanguageView, field: BulkField, primary: boolean): string | null {
  if (primary) return emptyAsNull(view[field]);
  const translation = view.translations.find((entry) => entry.key === translationKeyOf[field]);
  return translation?.value ?? null;
}

/**
 * Whether Shopify could register a translation of the field: only against a primary text, which a
 * view in another language lists among its translatable fields when there is one.
 */
function hasSourceText(view: PageLanguageView, field: BulkField): boolean {
  return view.translations.some((entry) => entry.key === translationKeyOf[field]);
}

/** The page's title in the store's primary language, even when that language is not audited. */
function primaryTitle(page: AuditedPage, locales: readonly AuditedLocale[]): string {
  const primary = locales.findIndex((locale) => locale.primary);
  const view = page.views[primary === -1 ? 0 : primary]!;
  if (primary !== -1) return view.title;
  return view.translations.find((entry) => entry.key === 'title')?.source ?? view.title;
}

/** The page in a language as a shopper would get it with `value` in the field. */
function withValue(view: PageLanguageView, field: BulkField, value: string): PageLanguageView {
  const key = translationKeyOf[field];
  return {
    ...view,
    [field]: value,
    translations: view.translations.map((entry) =>
      entry.key === key ? { ...entry, value, outdated: false } : entry,
    ),
  };
}

/** How wide the search result draws the value: the title as the theme prints it, shop name included. */
function widthOf(view: PageLanguageView, field: BulkField): number {
  return field === 'seoTitle'
    ? Math.round(textWidthPx(renderedTitle(view), titleFontSizePx))
    : Math.round(textWidthPx(collapseWhitespace(view.seoDescription ?? ''), descriptionFontSizePx));
}

/**
 * Why the value itself cannot be written. Whether a translation has a primary text to be written
 * against depends on the page's other values, and is settled after (`settleTranslationSources`).
 */
function skipReason(
  field: BulkField,
  proposed: string,
  current: string | null,
): BulkSkipReason | null {
  if (proposed === '') return 'empty';
  // Characters as the owner counts them (the editor's counter): an emoji is one, not two.
  if ([...proposed].length > editableFieldMaxLength[field]) return 'too_long';
  // A placeholder's text from the store (a title such as `Linen <b>shirt</b>`) is never written
  // as markup: the template itself was refused for it (bulk-templates.ts).
  if (containsMarkup(proposed)) return 'markup';
  if (proposed === current) return 'unchanged';
  return null;
}

/**
 * The templates read: 400 `invalid_template` naming the language of a template that cannot be
 * read, `invalid_templates` when none is given.
 */
function readTemplates(templates: BulkTemplates): Map<Language, TemplatePart[]> {
  const parsed = parseTemplates(templates);
  if (parsed.size === 0) {
    throw new AppError('invalid_templates', 400, {
      field: 'templates',
      message: 'Give a template for at least one language',
    });
  }
  return parsed;
}

/** The templates with the store's locale of each language: `invalid_language` for one it lacks. */
function templatesFor(
  parsed: ReadonlyMap<Language, TemplatePart[]>,
  locales: readonly AuditedLocale[],
): Array<{ locale: AuditedLocale; parts: TemplatePart[] }> {
  return [...parsed].map(([language, parts]) => {
    const locale = locales.find((entry) => entry.language === language);
    if (locale === undefined) {
      throw new AppError('invalid_language', 400, {
        field: language,
        message: `The store does not publish ${language}`,
      });
    }
    return { locale, parts };
  });
}

/** The page's values in each templated language, before the duplicate checks. */
function pageValues(
  page: AuditedPage,
  field: BulkField,
  templates: ReadonlyArray<{ locale: AuditedLocale; parts: TemplatePart[] }>,
  store: AuditedStore,
  facts: ProductFacts | undefined,
): BulkPageValues {
  const values = templates.flatMap(({ locale, parts }): BulkValue[] => {
    const view = page.views.find((candidate) => candidate.language === locale.language);
    if (view === undefined) return [];
    const proposed = fillTemplate(parts, {
      title: view.title,
      shop: store.shopName,
      vendor: facts?.vendor ?? '',
      type: facts?.productType[locale.language] ?? '',
    });
    const current = ownValue(view, field, locale.primary);
    return [
      {
        language: locale.language,
        locale: locale.primary ? null : locale.locale,
        current,
        proposed,
        length: [...proposed].length,
        skip: skipReason(field, proposed, current),
        writtenAfter: null,
        sourceMissing: !locale.primary && !hasSourceText(view, field),
        view: withValue(view, field, proposed),
        duplicate: false,
      },
    ];
  });
  return {
    pageId: page.id,
    pageKind: page.kind,
    pageTitle: primaryTitle(page, store.locales),
    values,
  };
}

/**
 * The value as the preview shows it: its width in the search result, and the audit's checks of the
 * field that the page would fail with it (the field's duplicate check among the selected pages).
 */
export function measuredValue(value: BulkValue, field: BulkField): BulkPreviewValue {
  const findings: Array<{ checkId: string; severity: Severity }> = [];
  if (value.proposed !== '') {
    for (const check of checksOf[field]) {
      if (!check.appliesTo.includes(value.view.kind)) continue;
      const fails = check.type === 'page' ? check.run(value.view).length > 0 : value.duplicate;
      if (fails) findings.push({ checkId: check.id, severity: check.severity });
    }
  }
  return {
    language: value.language,
    current: value.current,
    proposed: value.proposed,
    length: value.length,
    widthPx: value.proposed === '' ? 0 : widthOf(value.view, field),
    findings,
    skip: value.skip,
    writtenAfter: value.writtenAfter,
  };
}

/**
 * The field's duplicate check (T02, M03) among the values the bulk edit leaves on the selected
 * pages: a template that gives two pages of a language the same value makes both duplicates. Pages
 * outside the selection are not compared: the next audit does that over the whole store.
 */
function markDuplicates(pages: readonly BulkPageValues[], field: BulkField): void {
  const duplicate = checksOf[field].find((check) => check.type === 'duplicate');
  if (duplicate === undefined || duplicate.type !== 'duplicate') return;
  const groups = new Map<string, BulkValue[]>();
  for (const page of pages) {
    for (const value of page.values) {
      // Only the values the page will carry: one skipped for another reason leaves the page as it is.
      if (value.skip !== null && value.skip !== 'unchanged') continue;
      if (value.proposed === '' || !duplicate.appliesTo.includes(value.view.kind)) continue;
      const key = duplicate.key(value.view);
      if (key === null) continue;
      const group = groups.get(`${value.language}|${key}`);
      if (group === undefined) groups.set(`${value.language}|${key}`, [value]);
      else group.push(value);
    }
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const value of group) value.duplicate = true;
  }
}

/**
 * The values of a bulk edit on the selected pages (at most `maxPagesPerBulkEdit`), or on those of
 * them in `pageIds`.
 */
export async function bulkValues(
  db: Database,
  shopId: string,
  request: BulkRequest,
  selectPages: BulkPageSelector,
  pageIds?: readonly string[],
): Promise<BulkValues> {
  const parsed = readTemplates(request.templates);
  const store = await auditedStoreOf(db, shopId);
  // Not read from Shopify yet: nothing to select.
  if (store === undefined) return { total: 0, pages: [] };
  const templates = templatesFor(parsed, store.locales);
  const selected = await selectPages(request.selection, maxPagesPerBulkEdit);
  const ticked = pageIds === undefined ? undefined : new Set(pageIds);
  const gids = [
    ...new Set(
      ticked === undefined ? selected.pageIds : selected.pageIds.filter((id) => ticked.has(id)),
    ),
  ];
  const [pages, facts] = await Promise.all([
    readPages(db, store, gids),
    productFactsOf(db, store, gids),
  ]);
  const pageOf = new Map(pages.map((page) => [page.id, page]));
  const rows: BulkPageValues[] = [];
  for (const gid of gids) {
    const page = pageOf.get(gid);
    if (page === undefined) continue;
    rows.push(pageValues(page, request.field, templates, store, facts.get(gid)));
  }
  await skipFieldsWithDrafts(db, shopId, request.field, rows);
  settleTranslationSources(rows);
  markDuplicates(rows, request.field);
  return { total: selected.total, pages: rows };
}

/**
 * Each translation of a field the page has no primary text in: written after the page's primary
 * value when the bulk edit writes one (the write job writes a page's primary text first and
 * registers the translation against it, write-changes.ts), skipped as `translation_source_missing`
 * otherwise. Settled once every other reason is known, drafts included, so that a preview's value
 * is never said to follow a primary value that is itself skipped.
 */
function settleTranslationSources(rows: readonly BulkPageValues[]): void {
  for (const row of rows) {
    const primary = row.values.find((value) => value.locale === null);
    for (const value of row.values) {
      if (!value.sourceMissing || value.skip !== null) continue;
      if (primary !== undefined && primary.skip === null) value.writtenAfter = primary.language;
      else value.skip = 'translation_source_missing';
    }
  }
}

/**
 * Marks `has_draft` the values whose field already has a draft: the owner's text, which a template
 * must not replace unseen. A value skipped for another reason keeps that reason.
 */
async function skipFieldsWithDrafts(
  db: Database,
  shopId: string,
  field: BulkField,
  rows: readonly BulkPageValues[],
): Promise<void> {
  const drafted = await bulkRepository.draftedPageLanguages(
    db,
    shopId,
    field,
    rows.map((row) => row.pageId),
  );
  if (drafted.size === 0) return;
  for (const row of rows) {
    for (const value of row.values) {
      if (value.skip === null && drafted.has(`${row.pageId} ${value.language}`)) {
        value.skip = 'has_draft';
      }
    }
  }
}
