import {
  pageKinds,
  type Check,
  type FindingEvidence,
  type PageCheck,
  type PageLanguageView,
} from '../check.ts';
import { excerpt } from '../text/excerpt.ts';
import { comparableText } from '../text/normalize.ts';
import { words } from '../text/words.ts';
import { body } from './page-body.ts';
import { isInPrimaryLanguage } from './page-language.ts';

/** Where an image of the body is shown in a finding: its address, or its markup when it has none. */
function bodyImageExcerpt(src: string | null): string {
  return excerpt(src === null || src.trim() === '' ? '<img>' : src);
}

// Lighthouse's image-alt: every image that is not presentational has an alt attribute.
const altMissing: PageCheck = {
  type: 'page',
  id: 'I01',
  area: 'images',
  severity: 'error',
  appliesTo: pageKinds,
  run(view) {
    const findings: FindingEvidence[] = view.images
      .filter((image) => image.alt === null)
      .map((image) => ({ field: `image:${image.id}` }));
    for (const image of body(view).images) {
      if (image.alt === null && !image.presentational) {
        findings.push({ field: 'body', excerpt: bodyImageExcerpt(image.src) });
      }
    }
    return findings;
  },
};

// Google's image guidelines: an empty alt passes Lighthouse but tells search nothing (Dawn prints it
// as it is). Only the page's own images: in body HTML, alt="" is HTML's way of marking a
// decoration, and is respected.
const altEmpty: PageCheck = {
  type: 'page',
  id: 'I02',
  area: 'images',
  severity: 'warning',
  appliesTo: pageKinds,
  run(view) {
    return view.images
      .filter((image) => image.alt !== null && image.alt.trim() === '')
      .map((image) => ({ field: `image:${image.id}` }));
  },
};

/**
 * True when an alt text is the primary language's one: the same text (when it has at least two
 * words with letters: a single word such as a brand or a model name is often the same in both
 * languages), or a text clearly written in the primary language.
 */
function isNotLocalized(view: PageLanguageView, alt: string, sourceAlt: string | null): boolean {
  const sameAsSource =
    sourceAlt !== null &&
    comparableText(alt) === comparableText(sourceAlt) &&
    words(alt).filter((word) => /\p{L}/u.test(word)).length >= 2;
  return sameAsSource || isInPrimaryLanguage(view, alt);
}

// Google's image guidelines: localize the alt text (and the file name) with the page.
const altNotLocalized: PageCheck = {
  type: 'page',
  id: 'I03',
  area: 'images',
  severity: 'warning',
  appliesTo: pageKinds,
  run(view) {
    if (view.language === view.primaryLanguage) return [];
    const findings: FindingEvidence[] = [];
    for (const image of view.images) {
      if (image.alt === null || image.alt.trim() === '') continue;
      if (isNotLocalized(view, image.alt, image.sourceAlt)) {
        findings.push({ field: `image:${image.id}`, excerpt: excerpt(image.alt) });
      }
    }
    for (const image of body(view).images) {
      if (image.alt === null || image.alt.trim() === '' || image.presentational) continue;
      if (isInPrimaryLanguage(view, image.alt)) {
        findings.push({ field: 'body', excerpt: excerpt(image.alt) });
      }
    }
    return findings;
  },
};

/** The image checks (I01–I03). */
export const imageChecks: readonly Check[] = [altMissing, altEmpty, altNotLocalized];
