import { severities } from '#shared/seo/check.ts';
import { scoreRatingFloors, severityWeights } from '#shared/seo/scores.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

/**
 * How a score is worked out, in the owner's words, from the same weights the audit scores with
 * (docs/seo-scores.md), so that a score never reads as a verdict without its reasons.
 */
export function ScoreExplanation() {
  const { t } = useTranslation('seo');
  return (
    <details className="card seo-score-explanation">
      <summary>{t('scoreHelp.summary')}</summary>
      <p>{t('scoreHelp.start')}</p>
      <ul>
        {severities.map((severity) => (
          <li key={severity}>
            {t(`scoreHelp.weight.${severity}`, { count: severityWeights[severity] })}
          </li>
        ))}
      </ul>
      <p>{t('scoreHelp.store')}</p>
      <p>
        {t('scoreHelp.bands', {
          good: scoreRatingFloors.good,
          fair: scoreRatingFloors.fair,
          fairTop: scoreRatingFloors.good - 1,
        })}
      </p>
    </details>
  );
}
