import type { Language } from '../constants.ts';
import { thinContentMinimumWords } from '../seo/checks/content-checks.ts';
import { parseHtml } from '../seo/text/html.ts';
import { isBlank } from '../seo/text/normalize.ts';
import { sentences } from '../seo/text/sentences.ts';
import { words } from '../seo/text/words.ts';
import {
  containsKeyphrase,
  keyphraseInHandle,
  keyphraseOccurrences,
  readKeyphrase,
} from './keyphrase.ts';
import { postSections } from './post-text.ts';
import type { Rating } from './readability-checks.ts';

/**
 * Where a post in one language uses its focus keyphrase, as the editor's SEO panel shows it while
 * the owner types: the places a searcher and a search engine read first (the search title, the
 * introduction, the meta description, the address, the subheadings, the images' alt texts), how
 * often the body uses it, and whether the body is long enough to rank. The keyphrase is found the
 * way a reader of the language recognises it (keyphrase.ts). The checks of the published article
 * that the audit runs (title width, description length, links, alt texts…) are the audit's own,
 * run on the draft by the editor as the SEO editors do (shared/seo/run-page-checks.ts).
 */

export const keyphraseCheckIds = [
  'keyphrase-set',
  'keyphrase-in-title',
  'keyphrase-in-introduction',
  'keyphrase-in-description',
  'keyphrase-in-handle',
  'keyphrase-in-subheading',
  'keyphrase-in-image-alt',
  'keyphrase-density',
  'text-length',
] as const;
export type KeyphraseCheckId = (typeof keyphraseCheckIds)[number];

export interface KeyphraseCheck {
  id: KeyphraseCheckId;
  /** Null when the check cannot be made (no keyphrase yet, or a text too short to measure). */
  rating: Rating | null;
  /**
   * A count, a share in percent or a count of words, as the id says; 0 when there is nothing to
   * count.
   */
  figure: number;
}

/** The texts of a post in one language, as the editor holds them. */
export interface PostLanguageTexts {
  title: string;
  /** The search title; blank or null when the owner left it to the title. */
  seoTitle: string | null;
  seoDescription: string | null;
  handle: string;
  bodyHtml: string;
  /** The featured image's alt text; null when the post has no featured image. */
  featuredImageAlt: string | null;
}

export const keyphraseThresholds = {
  /** Density is measured on bodies of this many words or more. */
  densityMinimumWords: 100,
  /**
   * Occurrences per 100 words: good from 0.5 to 3, worth a look up to 4, bad past it or under
   * 0.5.
   */
  density: { low: 0.5, good: 3, improve: 4 },
  /** Words of the body: good from 300, worth a look from the audit's minimum for articles (250). */
  textLength: { good: 300, improve: thinContentMinimumWords.article },
} as const;

const found = (yes: boolean): Rating => (yes ? 'good' : 'bad');

export function analyseKeyphrase(
  texts: PostLanguageTexts,
  keyphraseText: string,
  language: Language,
): KeyphraseCheck[] {
  const sections = postSections(texts.bodyHtml);
  const paragraphs = sections.flatMap((section) => section.paragraphs);
  const bodyText = paragraphs.join('\n\n');
  const bodyWords = words(bodyText).length;
  const { textLength } = keyphraseThresholds;
  const lengthCheck: KeyphraseCheck = {
    id: 'text-length',
    rating:
      bodyWords >= textLength.good ? 'good' : bodyWords >= textLength.improve ? 'improve' : 'bad',
    figure: bodyWords,
  };

  const keyphrase = readKeyphrase(keyphraseText, language);
  if (keyphrase === null) {
    const unmeasured = keyphraseCheckIds
      .filter((id) => id !== 'keyphrase-set' && id !== 'text-length')
      .map((id): KeyphraseCheck => ({ id, rating: null, figure: 0 }));
    return [{ id: 'keyphrase-set', rating: 'bad', figure: 0 }, ...unmeasured, lengthCheck];
  }
  const has = (text: string | null) => text !== null && containsKeyphrase(text, keyphrase);

  // The search title as Shopify gives it to the theme: the SEO title, or the title when none is
  // set.
  const searchTitle =
    texts.seoTitle !== null && !isBlank(texts.seoTitle) ? texts.seoTitle : texts.title;

  // The introduction is the body's first paragraph, when the body does not open on a subheading.
  const opening = sections[0];
  const introduction = opening?.heading === null ? (opening.paragraphs[0] ?? '') : '';
  const firstSentence = sentences(introduction, language)[0] ?? '';
  const introductionRating: Rating = has(firstSentence)
    ? 'good'
    : has(introduction)
      ? 'improve'
      : 'bad';

  const subheadings = sections.flatMap((section) =>
    section.heading === null ? [] : [section.heading],
  );
  const subheadingsWith = subheadings.filter(has).length;

  const altTexts = [
    ...(texts.featuredImageAlt === null ? [] : [texts.featuredImageAlt]),
    ...parseHtml(texts.bodyHtml).images.map((image) => image.alt ?? ''),
  ];
  const altsWith = altTexts.filter(has).length;

  const occurrences = keyphraseOccurrences(bodyText, keyphrase);
  const density = bodyWords === 0 ? 0 : (100 * occurrences) / bodyWords;
  const { density: band } = keyphraseThresholds;
  const densityRating: Rating | null =
    bodyWords < keyphraseThresholds.densityMinimumWords
      ? null
      : density < band.low || density > band.improve
        ? 'bad'
        : density <= band.good
          ? 'good'
          : 'improve';

  return [
    { id: 'keyphrase-set', rating: 'good', figure: keyphrase.stems.size },
    { id: 'keyphrase-in-title', rating: found(has(searchTitle)), figure: 0 },
    { id: 'keyphrase-in-introduction', rating: introductionRating, figure: 0 },
    {
      id: 'keyphrase-in-description',
      rating: found(!isBlank(texts.seoDescription) && has(texts.seoDescription)),
      figure: 0,
    },
    {
      id: 'keyphrase-in-handle',
      rating: keyphraseInHandle(texts.handle, keyphrase) ? 'good' : 'improve',
      figure: 0,
    },
    {
      id: 'keyphrase-in-subheading',
      rating: subheadings.length === 0 ? null : subheadingsWith > 0 ? 'good' : 'improve',
      figure: subheadingsWith,
    },
    {
      id: 'keyphrase-in-image-alt',
      rating: altsWith > 0 ? 'good' : 'improve',
      figure: altsWith,
    },
    { id: 'keyphrase-density', rating: densityRating, figure: density },
    lengthCheck,
  ];
}
