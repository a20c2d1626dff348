import {
  pageKinds,
  type Check,
  type DuplicateCheck,
  type PageCheck,
  type PageLanguageView,
} from '../check.ts';
import { shownText } from '../text/html.ts';
import { excerpt } from '../text/excerpt.ts';
import { collapseWhitespace, comparableText, isBlank } from '../text/normalize.ts';
import { mostRepeatedWord } from '../text/repeated-words.ts';

/**
 * Yoast's bands of a meta description, in characters: 120 or fewer is too short, over 156 too long,
 * 121 to 156 good.
 */
export const descriptionTooShortAtMost = 120;
export const descriptionTooLongAbove = 156;

/**
 * How many times one content word (its inflections counted together) makes a meta description read
 * as keyword stuffing. Google sets no number. Yoast counts its focus keyphrase three times or more in
 * a meta description as too many; the audit knows no keyphrase and counts every content word, so it
 * flags one more than that, where a description of two sentences can no longer read naturally.
 */
export const stuffedDescriptionRepeats = 4;

/**
 * The meta description a shopper's page carries. Dawn prints `<meta name="description">` only when
 * Shopify's `page_description` is set, and Shopify sets it to the search description the owner
 * wrote or, when there is none, to the page's own description or body (its text, HTML left out).
 * A page with neither prints no tag at all. Null when the page carries none.
 */
function carriedDescription(view: PageLanguageView): string | null {
  if (!isBlank(view.seoDescription)) return collapseWhitespace(view.seoDescription ?? '');
  const bodyText = shownText(view.bodyHtml);
  return bodyText === '' ? null : bodyText;
}

const descriptionMissing: PageCheck = {
  // Threshold: no description carried. Source: LH.
  id: 'M01',
  area: 'descriptions',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /**
   * Missing only when the page carries no description at all: no search description and no text in
   * the body. A page without a search description but with a body is not missing one, since
   * Shopify fills the tag from the body; flagging it would tell most stores that every page lacks
   * what their shoppers' pages in fact carry.
   */
  run(view) {
    return carriedDescription(view) === null ? [{ field: 'seoDescription' }] : [];
  },
};

const descriptionLength: PageCheck = {
  // Threshold: 120 characters or fewer, or over 156. Source: YO (tool convention).
  id: 'M02',
  area: 'descriptions',
  severity: 'info',
  appliesTo: pageKinds,
  type: 'page',
  /**
   * Measures the search description the owner wrote. One Shopify fills in from the body is left
   * alone: how much of the body Shopify keeps is not documented, so its length cannot be told.
   */
  run(view) {
    if (isBlank(view.seoDescription)) return [];
    const description = collapseWhitespace(view.seoDescription ?? '');
    const length = [...description].length;
    const threshold =
      length <= descriptionTooShortAtMost
        ? descriptionTooShortAtMost
        : length > descriptionTooLongAbove
          ? descriptionTooLongAbove
          : null;
    if (threshold === null) return [];
    return [
      { field: 'seoDescription', measured: length, threshold, excerpt: excerpt(description) },
    ];
  },
};

const duplicateDescription: DuplicateCheck = {
  // Threshold: two pages or more of one language. Source: G snippet.
  id: 'M03',
  area: 'descriptions',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'duplicate',
  field: 'seoDescription',
  /** The description the page carries, so two pages sharing a body without one are caught too. */
  key(view) {
    const description = carriedDescription(view);
    return description === null ? null : comparableText(description);
  },
};

const keywordStuffedDescription: PageCheck = {
  // Threshold: one content word 4 times or more. Source: G spam policies (keyword stuffing); YO.
  id: 'M04',
  area: 'descriptions',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /**
   * Reads the search description the owner wrote. One Shopify fills in from the body is left alone:
   * a body may name its product many times, and how much of it Shopify keeps is not documented.
   */
  run(view) {
    if (isBlank(view.seoDescription)) return [];
    const description = collapseWhitespace(view.seoDescription ?? '');
    const repeated = mostRepeatedWord(description);
    if (repeated === null || repeated.count < stuffedDescriptionRepeats) return [];
    return [
      {
        field: 'seoDescription',
        measured: repeated.count,
        threshold: stuffedDescriptionRepeats,
        excerpt: excerpt(description),
      },
    ];
  },
};

/** The description checks (M01–M04). */
export const descriptionChecks: readonly Check[] = [
  descriptionMissing,
  descriptionLength,
  duplicateDescription,
  keywordStuffedDescription,
];
