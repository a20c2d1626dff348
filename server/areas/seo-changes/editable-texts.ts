import type { Language } from '#shared/constants.ts';
import type { EditableField, EditableFieldView } from '#shared/schemas/seo-changes.ts';
import type { Database } from '#server/db/database.ts';
import {
  type AuditedLocale,
  type AuditedStore,
  pageSeoTexts,
  type PageSeoTexts,
} from '#server/areas/catalog/index.ts';
import * as changesRepository from './changes-repository.ts';
import { presentChanges } from './present-change.ts';

/**
 * What the owner may edit on a page in each of the store's audited languages: its SEO title and
 * description, and the alt text of each of its images. In the primary language each is the page's
 * own; in another, its translation, which Shopify registers only against a primary text: without
 * one, the field is shown but not editable. A collection's or an article's image alt text has no
 * translation at Shopify, so it is not offered in another language.
 */

export interface EditableText {
  field: EditableField;
  targetId: string;
  imageUrl: string | null;
  /** The language's own value (a translation's, not the primary text shown in its place). */
  value: string | null;
  /** The primary language's value of a translated text; null in the primary language. */
  sourceValue: string | null;
  outdated: boolean;
  editable: boolean;
}

/** The page's texts in the primary language and in each other audited language. */
export async function readPageTexts(
  db: Database,
  store: AuditedStore,
  gid: string,
): Promise<PageSeoTexts | undefined> {
  const translated = store.locales.filter((entry) => !entry.primary).map((entry) => entry.locale);
  return pageSeoTexts(db, store.shopId, gid, translated);
}

/** The page's editable texts in one language. */
export function editableTextsIn(page: PageSeoTexts, locale: AuditedLocale): EditableText[] {
  return page.texts.flatMap((text): EditableText[] => {
    const common = { field: text.field, targetId: text.targetId, imageUrl: text.imageUrl };
    if (locale.primary) {
      return [{ ...common, value: text.value, sourceValue: null, outdated: false, editable: true }];
    }
    if (!text.translatable) return [];
    const translation = text.translations[locale.locale];
    return [
      {
        ...common,
        value: translation?.value ?? null,
        sourceValue: text.value,
        outdated: translation?.outdated ?? false,
        editable: text.value !== null,
      },
    ];
  });
}

/**
 * The page detail's editable fields in each audited language, with each field's draft and pending
 * change; undefined when the copy does not hold the page.
 */
export async function editableFieldsOfPage(
  db: Database,
  store: AuditedStore,
  gid: string,
): Promise<Map<Language, EditableFieldView[]> | undefined> {
  const [page, open] = await Promise.all([
    readPageTexts(db, store, gid),
    changesRepository.openChangesOfPage(db, store.shopId, gid),
  ]);
  if (page === undefined) return undefined;
  const views = await presentChanges(db, open);
  const key = (language: string, field: string, targetId: string) =>
    `${language}|${field}|${targetId}`;
  const drafts = new Map<string, EditableFieldView['draft']>();
  const pending = new Map<string, EditableFieldView['pending']>();
  for (const view of views) {
    const at = key(view.language, view.field, view.targetId);
    // Oldest first: the latest pending change of a field is the one shown.
    (view.state === 'draft' ? drafts : pending).set(at, view);
  }
  return new Map(
    store.locales.map((locale) => [
      locale.language,
      editableTextsIn(page, locale).map((text) => {
        const at = key(locale.language, text.field, text.targetId);
        return { ...text, draft: drafts.get(at) ?? null, pending: pending.get(at) ?? null };
      }),
    ]),
  );
}
