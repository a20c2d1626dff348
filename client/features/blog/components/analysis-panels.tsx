import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import type { Language } from '#shared/constants.ts';
import type { KeyphraseCheck } from '#shared/blog/keyphrase-checks.ts';
import { draftSeoScore, overallRating } from '#shared/blog/post-figures.ts';
import {
  articleView,
  type PostDraft,
  type PostLanguageAnalysis,
} from '#shared/blog/post-analysis.ts';
import type {
  Rating,
  ReadabilityCheck,
  ReadabilityCheckId,
} from '#shared/blog/readability-checks.ts';
import { renderedTitle } from '#shared/seo/checks/page-title.ts';
import { maxTitleWidthPx } from '#shared/seo/checks/title-checks.ts';
import {
  descriptionTooLongAbove,
  descriptionTooShortAtMost,
} from '#shared/seo/checks/description-checks.ts';
import {
  descriptionFontSizePx,
  textWidthPx,
  titleFontSizePx,
} from '#shared/seo/text/pixel-width.ts';
import { Button } from '#client/components/button.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * The SEO and readability panels of one language of a post, from the analysis the editor runs as
 * the owner types (shared/blog/post-analysis.ts). Each check says what it found, and when it is not
 * good, why it matters and how to fix it. The search preview measures the title as the audit does
 * (shared/seo/checks/page-title.ts, pixel-width.ts), so that the editor and the audit never disagree
 * about the same text.
 */

type RatingOrNone = Rating | 'none';

function ratingOf(rating: Rating | null): RatingOrNone {
  return rating ?? 'none';
}

/** `t` of the blog namespace, called with keys made from check ids. */
type CheckT = (key: string, options?: Record<string, unknown>) => string;

function RatingMark({ rating }: { rating: RatingOrNone }) {
  const { t } = useTranslation('blog');
  return (
    <span className={`rating-mark rating-${rating}`}>
      <span aria-hidden="true">{{ good: '●', improve: '◐', bad: '○', none: '–' }[rating]}</span>
      <span className="visually-hidden">{t(`ratings.${rating}`)}</span>
    </span>
  );
}

function CheckItem({
  id,
  rating,
  values,
  flagged = [],
  highlighted = false,
  onHighlight,
}: {
  id: string;
  rating: RatingOrNone;
  values: Record<string, unknown>;
  flagged?: readonly string[];
  /** Whether the body marks this check's passages now. */
  highlighted?: boolean;
  onHighlight?: (on: boolean) => void;
}) {
  const { t } = useTranslation('blog');
  const text = t as unknown as CheckT;
  return (
    <li className={`analysis-check analysis-check-${rating}`}>
      <RatingMark rating={rating} />
      <div>
        <p className="analysis-check-name">{text(`checks.${id}.name`)}</p>
        <p>{text(`checks.${id}.${rating}`, values)}</p>
        {(rating === 'improve' || rating === 'bad') && (
          <>
            <p className="analysis-check-why">{text(`checks.${id}.why`, values)}</p>
            <p className="analysis-check-how">{text(`checks.${id}.how`, values)}</p>
          </>
        )}
        {flagged.length > 0 && (rating === 'improve' || rating === 'bad') && onHighlight && (
          <Button
            type="button"
            variant="secondary"
            size="small"
            aria-pressed={highlighted}
            onClick={() => onHighlight(!highlighted)}
          >
            {t('panels.highlight', { count: flagged.length })}
          </Button>
        )}
        {flagged.length > 0 && (rating === 'improve' || rating === 'bad') && (
          <details className="analysis-flagged">
            <summary>{t('panels.flagged', { count: flagged.length })}</summary>
            <ul>
              {flagged.slice(0, 10).map((sentence, index) => (
                <li key={index}>
                  <mark>{sentence}</mark>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}

function keyphraseValues(check: KeyphraseCheck, number: Intl.NumberFormat) {
  return { count: check.figure, figure: number.format(check.figure) };
}

function readabilityValues(check: ReadabilityCheck, number: Intl.NumberFormat) {
  return { count: Math.round(check.figure), figure: number.format(check.figure) };
}

/** The worst rating of the checks, the panel's summary: bad, then improve, then good. */
function overall(ratings: ReadonlyArray<Rating | null>): RatingOrNone {
  return ratingOf(overallRating(ratings));
}

export function SeoPanel({
  analysis,
  draft,
  language,
  children,
}: {
  analysis: PostLanguageAnalysis;
  draft: PostDraft;
  language: Language;
  /** Checks the panel holds besides the analysis' own (the linked products, read from the store). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation('blog');
  const { t: tChecks } = useTranslation('seo-checks');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', {
    maximumFractionDigits: 1,
  });
  const view = articleView(draft, language);
  const title = renderedTitle(view);
  const titleWidth = Math.round(textWidthPx(title, titleFontSizePx));
  const description = view.seoDescription ?? '';
  const descriptionLength = [...description].length;
  const descriptionWidth = Math.round(textWidthPx(description, descriptionFontSizePx));
  const auditChecks = tChecks as unknown as CheckT;
  const rating = overall(analysis.keyphrase.map((check) => check.rating));

  return (
    <section className="analysis-panel" aria-labelledby={`seo-panel-${language}`}>
      <h3 id={`seo-panel-${language}`}>
        <RatingMark rating={rating} /> {t('panels.seoTitle')}
      </h3>
      <div className="search-preview" aria-label={t('panels.previewLabel')}>
        <p className="search-preview-title" lang={language}>
          {title}
        </p>
        <p className="search-preview-description" lang={language}>
          {description === '' ? t('panels.noDescription') : description}
        </p>
      </div>
      <p className="form-hint">
        {t('panels.titleWidth', {
          width: number.format(titleWidth),
          limit: number.format(maxTitleWidthPx),
        })}{' '}
        {description !== '' &&
          t('panels.descriptionLength', {
            count: descriptionLength,
            length: number.format(descriptionLength),
            width: number.format(descriptionWidth),
            low: number.format(descriptionTooShortAtMost),
            high: number.format(descriptionTooLongAbove),
          })}
      </p>
      <ul className="analysis-checks">
        {analysis.keyphrase.map((check) => (
          <CheckItem
            key={check.id}
            id={check.id}
            rating={ratingOf(check.rating)}
            values={keyphraseValues(check, number)}
          />
        ))}
        <li className="analysis-check analysis-check-none">
          <RatingMark rating="none" />
          <div>
            <p className="analysis-check-name">{t('panels.linksName')}</p>
            <p>
              {t('panels.links', {
                internal: number.format(analysis.links.internal),
                outbound: number.format(analysis.links.outbound),
              })}
            </p>
          </div>
        </li>
        <li className="analysis-check analysis-check-none">
          <RatingMark rating="none" />
          <div>
            <p className="analysis-check-name">{t('productLinks.name')}</p>
            {children}
          </div>
        </li>
      </ul>
      <h4>{t('panels.auditTitle')}</h4>
      <p className="analysis-score">
        {t('panels.auditScore', { score: number.format(draftSeoScore(analysis)) })}
      </p>
      {analysis.findings.length === 0 ? (
        <p>{t('panels.auditClear')}</p>
      ) : (
        <ul className="analysis-checks">
          {analysis.findings.map((finding, index) => {
            const values = {
              measured: finding.measured ?? '',
              threshold: finding.threshold ?? '',
              ...(typeof finding.measured === 'number' && { count: finding.measured }),
            };
            return (
              <li
                key={`${finding.checkId}-${index}`}
                className={`analysis-check analysis-check-${finding.severity}`}
              >
                <RatingMark rating={finding.severity === 'error' ? 'bad' : 'improve'} />
                <div>
                  <p className="analysis-check-name">{auditChecks(`${finding.checkId}.name`)}</p>
                  <p>{auditChecks(`${finding.checkId}.what`, values)}</p>
                  <p className="analysis-check-how">
                    {auditChecks(`${finding.checkId}.how`, values)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function ReadabilityPanel({
  analysis,
  language,
  highlighted,
  onHighlight,
}: {
  analysis: PostLanguageAnalysis;
  language: Language;
  /** The check whose passages the body marks; null for none. */
  highlighted: ReadabilityCheckId | null;
  onHighlight: (check: ReadabilityCheckId | null) => void;
}) {
  const { t, i18n } = useTranslation('blog');
  const number = new Intl.NumberFormat(i18n.resolvedLanguage ?? 'en', {
    maximumFractionDigits: 1,
  });
  const { readability } = analysis;
  const rating = overall(readability.checks.map((check) => check.rating));
  const formulas = formulaNames(t, readability.readingEase.formula, readability.grade.formula);
  return (
    <section className="analysis-panel" aria-labelledby={`readability-panel-${language}`}>
      <h3 id={`readability-panel-${language}`}>
        <RatingMark rating={rating} /> {t('panels.readabilityTitle')}
      </h3>
      <dl className="readability-figures">
        <div>
          <dt>{formulas.ease}</dt>
          <dd>
            {readability.readingEase.score === null
              ? t('panels.tooShort')
              : number.format(readability.readingEase.score)}
          </dd>
        </div>
        <div>
          <dt>{formulas.grade}</dt>
          <dd>
            {readability.grade.score === null
              ? t('panels.tooShort')
              : number.format(readability.grade.score)}
          </dd>
        </div>
        <div>
          <dt>{t('panels.words')}</dt>
          <dd>{number.format(readability.words)}</dd>
        </div>
        <div>
          <dt>{t('panels.sentences')}</dt>
          <dd>{number.format(readability.sentences)}</dd>
        </div>
      </dl>
      <ul className="analysis-checks">
        {readability.checks.map((check) => (
          <CheckItem
            key={check.id}
            id={check.id}
            rating={ratingOf(check.rating)}
            values={{ ...readabilityValues(check, number), formula: formulas.ease }}
            flagged={check.flagged}
            highlighted={highlighted === check.id}
            onHighlight={(on) => onHighlight(on ? check.id : null)}
          />
        ))}
      </ul>
    </section>
  );
}

function formulaNames(
  t: TFunction<'blog'>,
  ease: 'flesch' | 'kandel-moles',
  grade: 'flesch-kincaid' | 'lix',
): { ease: string; grade: string } {
  return {
    ease: ease === 'flesch' ? t('formulas.flesch') : t('formulas.kandelMoles'),
    grade: grade === 'flesch-kincaid' ? t('formulas.fleschKincaid') : t('formulas.lix'),
  };
}
