import {
  pageKinds,
  type AuditLanguage,
  type Check,
  type FindingEvidence,
  type PageCheck,
  type PageField,
  type PageKind,
  type PageLanguageView,
} from '../check.ts';
import { excerpt, excerptAround } from '../text/excerpt.ts';
import { readingEase } from '../text/readability.ts';
import { sentences } from '../text/sentences.ts';
import { wordCount, words } from '../text/words.ts';
import { isLegalOrPolicyPage } from './legal-pages.ts';
import { body, bodyText } from './page-body.ts';
import { isInPrimaryLanguage, isUntranslated } from './page-language.ts';

/**
 * The fewest words under which a body is offered room to say more, by kind of page: the lower end of
 * Yoast's "okay" text length band, below which Yoast rates the length "bad" (products 150, taxonomy
 * pages such as collections 10, posts and pages 250). Its "good" band (200, 30, 300) would offer
 * nearly every page of a shop more to write, which is the owner's choice, not a fault.
 */
export const thinContentMinimumWords: Record<PageKind, number> = {
  product: 150,
  collection: 10,
  page: 250,
  article: 250,
};

/** Reading ease under which a text reads as hard (the "good" band starts at 60). */
export const readingEaseMinimum = 60;

/** A sentence is long past this many words. */
export const longSentenceWords = 20;
/** The share of long sentences, in percent, above which a text is hard to follow. */
export const longSentenceMaximumShare = 25;
/**
 * The fewest sentences for the share of long ones to mean something. From 4, "more than 25 %" takes
 * at least two long sentences: one long sentence alone is never a pattern.
 */
export const longSentenceMinimumSentences = 4;

/**
 * The body text measured in the audited language, or null when it is not that language's own text:
 * the body falls back to the primary language, or is clearly written in it.
 */
function ownBodyText(view: PageLanguageView): string | null {
  if (isUntranslated(view, 'body_html')) return null;
  const text = bodyText(body(view));
  return isInPrimaryLanguage(view, text) ? null : text;
}

// Yoast's text length bands, as an opportunity rather than a fault: the lowest severity, and none on
// a legal or policy page, whose length is the law's or the policy's.
const thinContent: PageCheck = {
  type: 'page',
  id: 'C01',
  area: 'content',
  severity: 'info',
  appliesTo: pageKinds,
  run(view) {
    if (isLegalOrPolicyPage(view)) return [];
    const count = wordCount(bodyText(body(view)));
    const threshold = thinContentMinimumWords[view.kind];
    return count < threshold ? [{ field: 'body', measured: count, threshold }] : [];
  },
};

function readingEaseCheck(id: string, language: AuditLanguage): PageCheck {
  return {
    type: 'page',
    id,
    area: 'content',
    severity: 'info',
    appliesTo: pageKinds,
    run(view) {
      if (view.language !== language) return [];
      const text = ownBodyText(view);
      const score = text === null ? null : readingEase(text, language);
      if (score === null) return [];
      // Compared as shown to the owner: a score of 59.6 reads 60 and passes.
      const measured = Math.round(score);
      return measured < readingEaseMinimum
        ? [{ field: 'body', measured, threshold: readingEaseMinimum }]
        : [];
    },
  };
}

// Yoast's Flesch reading ease bands: 60 and above is "good".
const fleschReadingEase = readingEaseCheck('C02', 'en');

// Yoast's Flesch reading ease bands, applied to Kandel & Moles by convention: they are not
// calibrated for French.
const kandelMolesReadingEase = readingEaseCheck('C03', 'fr');

// Yoast's sentence length assessment: more than 25 % of sentences over 20 words.
const longSentences: PageCheck = {
  type: 'page',
  id: 'C04',
  area: 'content',
  severity: 'info',
  appliesTo: pageKinds,
  run(view) {
    const text = ownBodyText(view);
    if (text === null) return [];
    const all = sentences(text, view.language);
    if (all.length < longSentenceMinimumSentences) return [];
    const long = all.filter((sentence) => words(sentence).length > longSentenceWords);
    const share = (long.length / all.length) * 100;
    if (share <= longSentenceMaximumShare) return [];
    return [
      {
        field: 'body',
        measured: Math.round(share),
        threshold: longSentenceMaximumShare,
        excerpt: excerpt(long[0] ?? ''),
      },
    ];
  },
};

/**
 * French typography that a French reader notices and that can be told without doubt:
 * - an ordinary space before ; : ! ? » or after «, where a no-break space keeps the mark from
 *   starting a line;
 * - no space at all between a word and ; ! ? (a colon without space is left alone: times, URLs);
 * - straight quotes around words ("…") instead of « »;
 * - a typewriter apostrophe between two letters (l'été) instead of ’.
 */
const frenchTypographyProblems = [
  / [;:!?»]/gu,
  /« /gu,
  /[\p{L}\p{N}»)][;!?](?=[\s\u00a0\u202f]|$)/gu,
  /(?<=^|[\s(\u00a0])"[^"\n]+"/gu,
  /\p{L}'\p{L}/gu,
];

/** How many typography problems `text` has, and where the first one is. */
export function frenchTypography(text: string): { count: number; firstAt: number } {
  let count = 0;
  let firstAt = Number.POSITIVE_INFINITY;
  for (const pattern of frenchTypographyProblems) {
    for (const match of text.matchAll(pattern)) {
      count++;
      firstAt = Math.min(firstAt, match.index);
    }
  }
  return { count, firstAt };
}

/** The fields F01 reads, with Shopify's translation key of each. */
const typographyFields: {
  field: PageField;
  key: string;
  text: (view: PageLanguageView) => string | null;
}[] = [
  { field: 'title', key: 'title', text: (view) => view.title },
  { field: 'seoTitle', key: 'meta_title', text: (view) => view.seoTitle },
  { field: 'seoDescription', key: 'meta_description', text: (view) => view.seoDescription },
  { field: 'body', key: 'body_html', text: (view) => bodyText(body(view)) },
];

// French typographic convention, not a search engine rule: every occurrence counts.
const frenchTypographyCheck: PageCheck = {
  type: 'page',
  id: 'F01',
  area: 'content',
  severity: 'info',
  appliesTo: pageKinds,
  run(view) {
    if (view.language !== 'fr') return [];
    const findings: FindingEvidence[] = [];
    for (const { field, key, text } of typographyFields) {
      const value = text(view);
      if (value === null || value.trim() === '' || isUntranslated(view, key)) continue;
      if (isInPrimaryLanguage(view, value)) continue;
      const { count, firstAt } = frenchTypography(value);
      if (count > 0) {
        findings.push({ field, measured: count, excerpt: excerptAround(value, firstAt) });
      }
    }
    return findings;
  },
};

/** The content checks (C01–C04) and French typography (F01). */
export const contentChecks: readonly Check[] = [
  thinContent,
  fleschReadingEase,
  kandelMolesReadingEase,
  longSentences,
  frenchTypographyCheck,
];
