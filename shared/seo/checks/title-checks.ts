import { supportedLanguages } from '../../constants.ts';
import { pageKinds, type Check, type DuplicateCheck, type PageCheck } from '../check.ts';
import { identifyTitleLanguage, titleMayBeIn } from '../text/language.ts';
import { excerpt } from '../text/excerpt.ts';
import { comparableText, isBlank } from '../text/normalize.ts';
import { textWidthPx, titleFontSizePx } from '../text/pixel-width.ts';
import { mostRepeatedWord } from '../text/repeated-words.ts';
import { isUntranslated } from './page-language.ts';
import { renderedTitle, shownTitle, titleWithoutShopName } from './page-title.ts';

/** Widest title, in pixels at Arial 20 px, that search-result tools show whole. */
export const maxTitleWidthPx = 600;

/**
 * How many times one content word (its inflections counted together) makes a title read as keyword
 * stuffing. Google sets no number; its example of a stuffed title repeats one word in every part
 * ("Foobar, foo bar, foobars, foo bars"), and a title of ten words or so that says a word three
 * times spends a third of itself on it. Twice is common and fine: "Linen shirt – Linen collection".
 */
export const stuffedTitleRepeats = 3;

/**
 * A title starting with a separator reads as one whose start is missing: `| Shop`. A hyphen or an
 * en dash before a digit is a minus sign instead: `-20 % sur les plaids`.
 */
const leadingSeparator = /^(?:[|—:·•/\\>»~]|[-–](?!\d))/u;

const titleMissing: PageCheck = {
  // Threshold: absent or blank. Source: G title-link; LH.
  id: 'T01',
  area: 'titles',
  severity: 'error',
  appliesTo: pageKinds,
  type: 'page',
  run(view) {
    return isBlank(shownTitle(view)) ? [{ field: 'title' }] : [];
  },
};

const duplicateTitle: DuplicateCheck = {
  // Threshold: two pages or more of one language. Source: G title-link.
  id: 'T02',
  area: 'titles',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'duplicate',
  field: 'seoTitle',
  key(view) {
    const title = shownTitle(view);
    return isBlank(title) ? null : comparableText(title);
  },
};

const titleTooWide: PageCheck = {
  // Threshold: over 600 px in Arial 20 px, shop name included. Source: YO (tool convention).
  id: 'T03',
  area: 'titles',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  run(view) {
    if (isBlank(shownTitle(view))) return [];
    const title = renderedTitle(view);
    const widthPx = Math.round(textWidthPx(title, titleFontSizePx));
    if (widthPx <= maxTitleWidthPx) return [];
    return [
      {
        field: 'seoTitle',
        measured: widthPx,
        threshold: maxTitleWidthPx,
        excerpt: excerpt(title),
      },
    ];
  },
};

const halfEmptyTitle: PageCheck = {
  // Threshold: the shop name alone, or a leading separator. Source: G title-link.
  id: 'T04',
  area: 'titles',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  run(view) {
    const title = shownTitle(view).trim();
    if (title === '') return [];
    const onlyShopName = comparableText(title) === comparableText(view.shopName);
    if (!onlyShopName && !leadingSeparator.test(title)) return [];
    return [{ field: 'seoTitle', excerpt: excerpt(title) }];
  },
};

const titleInAnotherLanguage: PageCheck = {
  // Threshold: another language identified, from 12 characters. Source: G; tinyld and small words.
  id: 'T05',
  area: 'titles',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /**
   * Reads the shown title, not the rendered one, and without the shop's name the owner may have typed
   * into it: a brand name is the same in every language. A title under 12 characters, or one whose
   * language is not clear (identifyTitleLanguage), is not judged; nor is one the
   * storefront shows because its translation is missing, which the translation checks report once.
   */
  run(view) {
    const fromSearchTitle = view.seoTitle !== null && view.seoTitle.trim() !== '';
    if (isUntranslated(view, fromSearchTitle ? 'meta_title' : 'title')) return [];
    const title = shownTitle(view);
    const judged = titleWithoutShopName(title, view.shopName);
    // Only an answer in another language than the page's is a finding: a title that cannot be read
    // as one (an English page's short title without a French word or letter) spares the model.
    const others = supportedLanguages.filter((language) => language !== view.language);
    if (!others.some((other) => titleMayBeIn(judged, other, supportedLanguages))) return [];
    const language = identifyTitleLanguage(judged, supportedLanguages);
    if (language === null || language === view.language) return [];
    return [{ field: 'seoTitle', excerpt: excerpt(title) }];
  },
};

const keywordStuffedTitle: PageCheck = {
  // Threshold: one content word 3 times or more. Source: G spam policies (keyword stuffing), title-link.
  id: 'T06',
  area: 'titles',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /**
   * Reads the shown title without the shop's name the owner may have typed into it: a name repeated
   * in it is not a keyword ("Maison Maison").
   */
  run(view) {
    const title = shownTitle(view);
    const repeated = mostRepeatedWord(titleWithoutShopName(title, view.shopName));
    if (repeated === null || repeated.count < stuffedTitleRepeats) return [];
    return [
      {
        field: 'seoTitle',
        measured: repeated.count,
        threshold: stuffedTitleRepeats,
        excerpt: excerpt(title),
      },
    ];
  },
};

/** The title checks (T01–T06). */
export const titleChecks: readonly Check[] = [
  titleMissing,
  duplicateTitle,
  titleTooWide,
  halfEmptyTitle,
  titleInAnotherLanguage,
  keywordStuffedTitle,
];
