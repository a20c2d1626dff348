import { useTranslation } from '#client/lib/use-translation.ts';
import { scoreRating } from '../seo-presentation.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/**
 * A score as a large number out of 100, with its rating in words beside it (the colour repeats the
 * words, never replaces them), read by a screen reader as one sentence.
 */
export function ScoreFigure({
  score,
  label,
  format,
  size = 'large',
}: {
  score: number | null;
  label: string;
  format: SeoFormat;
  size?: 'large' | 'small';
}) {
  const { t } = useTranslation('seo');
  const rating = scoreRating(score);
  const sentence =
    score === null
      ? t('score.noneSentence', { label })
      : t('score.sentence', { label, score: format.number(score), rating: t(`score.${rating}`) });
  return (
    <div className={`seo-score seo-score-${size} seo-rating-${rating}`}>
      <p className="visually-hidden">{sentence}</p>
      <div aria-hidden="true">
        <span className="seo-score-label">{label}</span>
        <span className="seo-score-value">
          {score === null ? '–' : format.number(score)}
          {score !== null && <span className="seo-score-max">/100</span>}
        </span>
        <span className="seo-score-rating">{t(`score.${rating}`)}</span>
      </div>
    </div>
  );
}
