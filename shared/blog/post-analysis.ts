import type { Language } from '../constants.ts';
import { checkCatalogue } from '../seo/catalogue.ts';
import type { PageCheck, PageLanguageView, TranslatedField } from '../seo/check.ts';
import { isInternalLink } from '../seo/checks/link-checks.ts';
import { runPageChecks } from '../seo/run-page-checks.ts';
import { parseHtml } from '../seo/text/html.ts';
import { isBlank } from '../seo/text/normalize.ts';
import {
  analyseKeyphrase,
  type KeyphraseCheck,
  type PostLanguageTexts,
} from './keyphrase-checks.ts';
import { analyseReadability, type ReadabilityAnalysis } from './readability-checks.ts';

/**
 * What the editor shows of one language of a post as the owner types: its readability, where it
 * uses its keyphrase, and what the SEO audit will find on the published article. The audit's
 * checks run on the draft as an article page through the audit's own runner, so that a post is
 * judged in the editor as it will be once published. The duplicate and store-link checks compare
 * a page with the rest of the store, which only the audit reads.
 */

export interface PostDraft {
  primaryLanguage: Language;
  shopName: string;
  texts: Record<Language, PostLanguageTexts>;
  keyphrases: Record<Language, string>;
}

export interface AuditFinding {
  checkId: string;
  severity: PageCheck['severity'];
  field?: string;
  measured?: number | string;
  threshold?: number | string;
  excerpt?: string;
}

export interface PostLanguageAnalysis {
  language: Language;
  readability: ReadabilityAnalysis;
  keyphrase: KeyphraseCheck[];
  /**
   * The body's links: to the store's own pages (the products a post recommends), and outbound
   * (the sources it cites), counted as the audit tells them apart.
   */
  links: { internal: number; outbound: number };
  findings: AuditFinding[];
}

/** Links that leave the store for another site over the web. */
const outboundAddress = /^(?:https?:)?\/\//i;

function linkCounts(bodyHtml: string): PostLanguageAnalysis['links'] {
  let internal = 0;
  let outbound = 0;
  for (const { href } of parseHtml(bodyHtml).links) {
    if (href === null) continue;
    if (isInternalLink(href)) internal++;
    else if (outboundAddress.test(href.trim())) outbound++;
  }
  return { internal, outbound };
}

const articleChecks: readonly PageCheck[] = checkCatalogue.filter(
  (check): check is PageCheck => check.type === 'page' && check.appliesTo.includes('article'),
);

/** The id the draft's featured image has among the page's images. */
const featuredImageId = 'featured-image';

/**
 * A language other than the primary one, as Shopify's translations would hold it once published:
 * a blank text is not translated (the storefront shows the primary language's).
 */
function translationsOf(draft: PostDraft, language: Language): TranslatedField[] {
  if (language === draft.primaryLanguage) return [];
  const source = draft.texts[draft.primaryLanguage];
  const translated = draft.texts[language];
  const field = (key: string, from: string | null, to: string | null): TranslatedField[] =>
    from === null || isBlank(from)
      ? []
      : [{ key, source: from, value: to === null || isBlank(to) ? null : to, outdated: false }];
  return [
    ...field('title', source.title, translated.title),
    ...field('body_html', source.bodyHtml, translated.bodyHtml),
    ...field('handle', source.handle, translated.handle),
    ...field('meta_title', source.seoTitle, translated.seoTitle),
    ...field('meta_description', source.seoDescription, translated.seoDescription),
  ];
}

/** The draft in `language` as the audit reads a published article. */
export function articleView(draft: PostDraft, language: Language): PageLanguageView {
  const texts = draft.texts[language];
  const source = draft.texts[draft.primaryLanguage];
  // The storefront falls back to the primary language's text where a translation is blank.
  const shown = (own: string, primary: string) => (isBlank(own) ? primary : own);
  return {
    kind: 'article',
    id: 'draft',
    language,
    primaryLanguage: draft.primaryLanguage,
    shopName: draft.shopName,
    handle: shown(texts.handle, source.handle),
    title: shown(texts.title, source.title),
    seoTitle: isBlank(texts.seoTitle) ? source.seoTitle : texts.seoTitle,
    seoDescription: isBlank(texts.seoDescription) ? source.seoDescription : texts.seoDescription,
    bodyHtml: shown(texts.bodyHtml, source.bodyHtml),
    images:
      source.featuredImageAlt === null
        ? []
        : [
            {
              id: featuredImageId,
              alt: isBlank(texts.featuredImageAlt)
                ? source.featuredImageAlt
                : texts.featuredImageAlt,
              sourceAlt: source.featuredImageAlt,
            },
          ],
    translations: translationsOf(draft, language),
  };
}

export function analysePostLanguage(draft: PostDraft, language: Language): PostLanguageAnalysis {
  const texts = draft.texts[language];
  return {
    language,
    readability: analyseReadability(texts.bodyHtml, language),
    keyphrase: analyseKeyphrase(texts, draft.keyphrases[language], language),
    links: linkCounts(texts.bodyHtml),
    findings: runPageChecks(articleChecks, articleView(draft, language)).map(
      ({ check, evidence }) => ({ checkId: check.id, severity: check.severity, ...evidence }),
    ),
  };
}
