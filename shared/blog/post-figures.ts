import { supportedLanguages, type Language } from '../constants.ts';
import type { PostContent } from '../schemas/blog.ts';
import { pageScore } from '../seo/scores.ts';
import { isBlank } from '../seo/text/normalize.ts';
import { analysePostLanguage, type PostDraft, type PostLanguageAnalysis } from './post-analysis.ts';
import { bodyWordCount } from './post-words.ts';
import { linkedProductHandles } from './product-links.ts';
import type { Rating } from './readability-checks.ts';

/**
 * What the post list says of each language of a post, from the same analysis the editor runs as
 * the owner types: the server figures it at each save and keeps it beside the post, so that a list
 * of posts reads a few figures instead of analysing every body again, and the editor's panels and
 * the list never disagree.
 */

export interface PostLanguageFigures {
  /** A title or a body written in this language. */
  written: boolean;
  words: number;
  /** The score the SEO audit gives the article in this language once published (docs/seo-scores.md). */
  seoScore: number;
  /** The keyphrase checks as a whole; null when no keyphrase is set. */
  keyphraseRating: Rating | null;
  readability: {
    /** The readability checks as a whole; null when the text is too short for any of them. */
    rating: Rating | null;
    formula: 'flesch' | 'kandel-moles';
    readingEase: number | null;
  };
}

export interface PostFigures {
  languages: Record<Language, PostLanguageFigures>;
  /** The handles of the store's products the post links to, in either language (lowercase). */
  productHandles: string[];
}

/** The worst rating of a panel's checks, as its heading shows it; null when none rated. */
export function overallRating(ratings: ReadonlyArray<Rating | null>): Rating | null {
  if (ratings.includes('bad')) return 'bad';
  if (ratings.includes('improve')) return 'improve';
  return ratings.includes('good') ? 'good' : null;
}

/** The audit's score of the draft in one language: its findings weighed as the audit weighs them. */
export function draftSeoScore(analysis: PostLanguageAnalysis): number {
  return pageScore(analysis.findings);
}

/** The post's texts as the analysis reads them, for a store of that name and primary language. */
export function postDraftOf(content: PostContent, shopName: string, primary: Language): PostDraft {
  const texts = (language: Language) => {
    const own = content.languages[language];
    return {
      title: own.title,
      seoTitle: own.seoTitle,
      seoDescription: own.seoDescription,
      handle: own.handle,
      bodyHtml: own.bodyHtml,
      featuredImageAlt: content.imageUrl.trim() === '' ? null : own.imageAlt,
    };
  };
  return {
    primaryLanguage: primary,
    shopName,
    texts: { en: texts('en'), fr: texts('fr') },
    keyphrases: { en: content.languages.en.keyphrase, fr: content.languages.fr.keyphrase },
  };
}

export function languageFigures(
  content: PostContent,
  analysis: PostLanguageAnalysis,
): PostLanguageFigures {
  const texts = content.languages[analysis.language];
  const { readability } = analysis;
  const words = bodyWordCount(texts.bodyHtml);
  return {
    written: !isBlank(texts.title) || words > 0,
    // Counted as the versions and the audit count a body, headings included.
    words,
    seoScore: draftSeoScore(analysis),
    keyphraseRating: overallRating(analysis.keyphrase.map((check) => check.rating)),
    readability: {
      rating: overallRating(readability.checks.map((check) => check.rating)),
      formula: readability.readingEase.formula,
      readingEase: readability.readingEase.score,
    },
  };
}

export function postFigures(
  content: PostContent,
  shopName: string,
  primary: Language,
): PostFigures {
  const draft = postDraftOf(content, shopName, primary);
  const languages = {} as Record<Language, PostLanguageFigures>;
  for (const language of supportedLanguages) {
    languages[language] = languageFigures(content, analysePostLanguage(draft, language));
  }
  const productHandles = new Set(
    supportedLanguages.flatMap((language) =>
      linkedProductHandles(content.languages[language].bodyHtml),
    ),
  );
  return { languages, productHandles: [...productHandles] };
}
