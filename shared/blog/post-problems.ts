import type { Language } from '../constants.ts';
import type { PostContent } from '../schemas/blog.ts';
import { editableFieldMaxLength } from '../schemas/seo-changes.ts';
import { handleMaxLength, isValidHandle } from './handle.ts';

/**
 * What in a post Shopify would refuse, or Vitrine will not send: the editor shows each one beside its
 * field as the owner types, and publishing refuses a post that has any. A draft is saved with them
 * all the same (shared/schemas/blog.ts): nothing the owner typed is lost.
 */

export const postLimits = {
  /** Shopify's limit on an article's title (`TOO_LONG`). */
  titleMaxLength: 255,
  handleMaxLength,
  seoTitleMaxLength: editableFieldMaxLength.seoTitle,
  seoDescriptionMaxLength: editableFieldMaxLength.seoDescription,
  imageAltMaxLength: editableFieldMaxLength.imageAlt,
  /**
   * Characters of one language's body. Shopify documents no limit for an article's body; this one,
   * about 30,000 words of HTML, keeps a post and its translation well inside one request to Shopify
   * and to Vitrine's API.
   */
  bodyMaxLength: 200_000,
} as const;

export type PostProblemCode =
  | 'title_missing'
  | 'title_too_long'
  | 'handle_invalid'
  | 'handle_too_long'
  | 'seo_title_too_long'
  | 'seo_description_too_long'
  | 'image_alt_too_long'
  | 'body_too_long'
  | 'image_url_not_https';

export interface PostProblem {
  code: PostProblemCode;
  /** The language whose field is at fault; absent for what both languages share. */
  language?: Language;
  /** The limit passed, for the message. */
  limit?: number;
}

const characters = (text: string) => [...text].length;

function languageProblems(
  content: PostContent,
  language: Language,
  primary: boolean,
): PostProblem[] {
  const texts = content.languages[language];
  const problems: PostProblem[] = [];
  const tooLong = (text: string, limit: number, code: PostProblemCode) => {
    if (characters(text) > limit) problems.push({ code, language, limit });
  };
  // The primary language's title names the article; a blank translation leaves the primary's shown.
  if (primary && texts.title.trim() === '') problems.push({ code: 'title_missing', language });
  tooLong(texts.title, postLimits.titleMaxLength, 'title_too_long');
  if (texts.handle !== '') {
    if (characters(texts.handle) > postLimits.handleMaxLength) {
      problems.push({ code: 'handle_too_long', language, limit: postLimits.handleMaxLength });
    } else if (!isValidHandle(texts.handle)) {
      problems.push({ code: 'handle_invalid', language });
    }
  }
  tooLong(texts.seoTitle, postLimits.seoTitleMaxLength, 'seo_title_too_long');
  tooLong(texts.seoDescription, postLimits.seoDescriptionMaxLength, 'seo_description_too_long');
  tooLong(texts.imageAlt, postLimits.imageAltMaxLength, 'image_alt_too_long');
  if (texts.bodyHtml.length > postLimits.bodyMaxLength) {
    problems.push({ code: 'body_too_long', language, limit: postLimits.bodyMaxLength });
  }
  return problems;
}

function isHttpsAddress(address: string): boolean {
  try {
    return new URL(address).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * `storeImageUrl`: the image the article already has on the store, kept as it is whatever its
 * address (Shopify serves its own files over https; a store's copy may hold another address).
 */
export function postProblems(
  content: PostContent,
  primaryLanguage: Language,
  storeImageUrl: string | null = null,
): PostProblem[] {
  const secondary: Language = primaryLanguage === 'en' ? 'fr' : 'en';
  const imageUrl = content.imageUrl.trim();
  return [
    ...languageProblems(content, primaryLanguage, true),
    ...languageProblems(content, secondary, false),
    ...(imageUrl !== '' && imageUrl !== storeImageUrl && !isHttpsAddress(imageUrl)
      ? [{ code: 'image_url_not_https' as const }]
      : []),
  ];
}
