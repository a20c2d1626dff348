import { AppError } from '#shared/errors.ts';
import {
  editableFieldMaxLength,
  type ChangeView,
  type SaveDraftBody,
} from '#shared/schemas/seo-changes.ts';
import { findMarkup } from '#shared/seo/text/markup.ts';
import type { Database } from '#server/db/database.ts';
import { auditedStoreOf } from '#server/areas/catalog/index.ts';
import * as changesRepository from './changes-repository.ts';
import { editableTextsIn, readPageTexts } from './editable-texts.ts';
import { presentChanges } from './present-change.ts';

function invalid(field: keyof SaveDraftBody, message: string): AppError {
  return new AppError(`invalid_${field}`, 400, { field, message });
}

/**
 * Saves the owner's draft of one text of a page in one language, replacing an earlier draft of it.
 * The draft remembers the value it was edited from (the one the owner saw, as the client says; else
 * the language's own value in the store's copy now), which Shopify must still hold when the change
 * is written: a text changed in Shopify while the owner typed is a conflict, not overwritten. A draft equal to that value is
 * saved all the same: the owner may keep it. Refused: a language the store does not publish, a
 * field the page's kind does not have in that language, an image that is not the page's, a value
 * too long (400, naming the field), markup in the value (400 `markup_not_allowed`: the texts are
 * plain text, shared/seo/text/markup.ts), and a translation of a text the primary language lacks (422
 * `translation_source_missing`). Undefined when the store's copy does not hold the page.
 */
export async function saveDraft(
  db: Database,
  shopId: string,
  uid: string,
  pageGid: string,
  body: SaveDraftBody,
): Promise<ChangeView | undefined> {
  const store = await auditedStoreOf(db, shopId);
  if (store === undefined) return undefined;
  const page = await readPageTexts(db, store, pageGid);
  if (page === undefined) return undefined;
  const locale = store.locales.find((entry) => entry.language === body.language);
  if (locale === undefined) {
    throw invalid('language', `The store does not publish ${body.language}`);
  }
  const texts = editableTextsIn(page, locale);
  if (!texts.some((text) => text.field === body.field)) {
    throw invalid('field', `A ${page.kind} has no ${body.field} to edit in ${body.language}`);
  }
  const text = texts.find(
    (candidate) => candidate.field === body.field && candidate.targetId === body.targetId,
  );
  if (text === undefined) {
    throw invalid(
      'targetId',
      body.field === 'imageAlt'
        ? `${body.targetId} is not an image of this page`
        : `The ${body.field} of a page targets the page itself (${pageGid})`,
    );
  }
  const maxLength = editableFieldMaxLength[body.field];
  // Characters as the owner counts them (the editor's counter): an emoji is one, not two.
  if ([...body.value].length > maxLength) {
    throw invalid('value', `A ${body.field} holds at most ${maxLength} characters`);
  }
  const markup = findMarkup(body.value);
  if (markup !== null) {
    throw new AppError('markup_not_allowed', 400, {
      field: 'value',
      message: `A ${body.field} is plain text: ${markup} would reach the storefront as markup`,
    });
  }
  if (!text.editable) {
    throw new AppError('translation_source_missing', 422, {
      message: `The ${body.field} has no text in the primary language to translate`,
    });
  }
  const saved = await changesRepository.saveDraft(db, {
    shopId,
    pageGid,
    pageKind: page.kind,
    pageTitle: page.title,
    language: body.language,
    locale: locale.primary ? null : locale.locale,
    field: body.field,
    targetId: body.targetId,
    // Spaces alone are no text: saved empty, which clears the field as the editor's checks expect.
    value: body.value.trim() === '' ? '' : body.value,
    baseValue: body.baseValue !== undefined ? body.baseValue : text.value,
    createdBy: uid,
  });
  const [view] = await presentChanges(db, [saved]);
  return view;
}
