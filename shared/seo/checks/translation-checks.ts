import { supportedLanguages } from '../../constants.ts';
import {
  pageKinds,
  type Check,
  type FindingEvidence,
  type PageCheck,
  type PageField,
  type PageLanguageView,
  type TranslatedField,
} from '../check.ts';
import { excerpt } from '../text/excerpt.ts';
import { shownText } from '../text/html.ts';
import { identifyLanguage } from '../text/language.ts';
import { collapseWhitespace, comparableText } from '../text/normalize.ts';

/**
 * The translation checks read Shopify's translations of the page (`view.translations`), which only
 * a language other than the store's primary one has.
 */

/** The page's fields the owner's editors open on, by Shopify's translation key. */
const fieldOfKey: ReadonlyMap<string, PageField> = new Map([
  ['title', 'title'],
  ['meta_title', 'seoTitle'],
  ['meta_description', 'seoDescription'],
  ['body_html', 'body'],
  ['handle', 'handle'],
]);

/**
 * A copied text counts from two words of three letters or more: below that it is a name (a brand,
 * a product's name), a reference, a size or a number, the same in every language.
 */
const fewestWordsOfACopy = 2;
const wordOfThreeLettersOrMore = /\p{L}{3,}/gu;

/** The text a shopper reads of a value: HTML keys (`body_html`, `summary_html`) without tags. */
function readableText(key: string, value: string): string {
  return key.endsWith('_html') ? shownText(value) : collapseWhitespace(value);
}

function evidenceOf(field: TranslatedField, text: string): FindingEvidence {
  const pageField = fieldOfKey.get(field.key);
  const quoted = excerpt(readableText(field.key, text));
  return pageField === undefined ? { excerpt: quoted } : { field: pageField, excerpt: quoted };
}

/** The translated fields of a page in a language other than the primary one; none otherwise. */
function translatedFields(view: PageLanguageView): readonly TranslatedField[] {
  return view.language === view.primaryLanguage ? [] : view.translations;
}

/**
 * A field whose missing translation is worth telling: any field with text, but a handle only when it
 * is made of words (TG3's rule for a copy): `sku-1234`, `nova-xl` or a brand's name is an address
 * that reads the same in every language, while `washed-linen-throw` puts English words in the French
 * address.
 */
function needsTranslation(field: TranslatedField, view: PageLanguageView): boolean {
  const text = readableText(field.key, field.source);
  if (text === '') return false;
  return field.key !== 'handle' || !isSameInEveryLanguage(comparableText(text), view);
}

const translationMissing: PageCheck = {
  // Threshold: a field with text and no translation. Source: Shopify.
  id: 'TG1',
  area: 'translations',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /** One finding per field, quoting the primary language's text the storefront shows instead. */
  run(view) {
    return translatedFields(view)
      .filter((field) => field.value === null && needsTranslation(field, view))
      .map((field) => evidenceOf(field, field.source));
  },
};

const translationOutdated: PageCheck = {
  // Threshold: outdated == true. Source: Shopify.
  id: 'TG2',
  area: 'translations',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /** One finding per field whose original changed since its translation, quoting the latter. */
  run(view) {
    return translatedFields(view)
      .filter((field) => field.outdated && field.value !== null)
      .map((field) => evidenceOf(field, field.value ?? ''));
  },
};

/** A text that reads the same in every language: a name, a reference, a number, the shop's name. */
function isSameInEveryLanguage(comparable: string, view: PageLanguageView): boolean {
  const words = comparable.match(wordOfThreeLettersOrMore) ?? [];
  return words.length < fewestWordsOfACopy || comparable === comparableText(view.shopName);
}

/** The translation is the original, word for word, or is written in the primary language. */
function isInPrimaryLanguage(field: TranslatedField, view: PageLanguageView): boolean {
  if (field.value === null) return false;
  const value = readableText(field.key, field.value);
  const comparable = comparableText(value);
  if (comparable === '') return false;
  const copied = comparable === comparableText(readableText(field.key, field.source));
  if (copied) return !isSameInEveryLanguage(comparable, view);
  // A handle is an address of words run together by hyphens, not a sentence whose language can
  // be told: only its copy is read.
  if (field.key === 'handle') return false;
  return identifyLanguage(value, supportedLanguages) === view.primaryLanguage;
}

const textInPrimaryLanguage: PageCheck = {
  // Threshold: a copy of the original, or its language from 24 characters. Source: G; tinyld.
  id: 'TG3',
  area: 'translations',
  severity: 'warning',
  appliesTo: pageKinds,
  type: 'page',
  /** One finding per field, quoting the translation as the storefront shows it. */
  run(view) {
    return translatedFields(view)
      .filter((field) => isInPrimaryLanguage(field, view))
      .map((field) => evidenceOf(field, field.value ?? ''));
  },
};

/** The translation checks (TG1–TG3). */
export const translationChecks: readonly Check[] = [
  translationMissing,
  translationOutdated,
  textInPrimaryLanguage,
];
