import type { SeoOverview } from '#shared/schemas/seo.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { coverageOf } from '../seo-presentation.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/**
 * How much of the store's translatable fields the second language covers: a bar of four parts for
 * the eye, and each part's count and share in words (the list is what a screen reader reads; the
 * bar repeats it).
 */
export function TranslationCoverage({
  coverage,
  format,
}: {
  coverage: NonNullable<SeoOverview['translationCoverage']>;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const parts = coverageOf(coverage);
  const languageName = format.languageInSentence(coverage.language);
  return (
    <section className="card seo-coverage" aria-labelledby="seo-coverage-title">
      <h2 id="seo-coverage-title">{t('coverage.title', { language: languageName })}</h2>
      <p>
        {t('coverage.fields', {
          count: coverage.fields,
          formatted: format.number(coverage.fields),
        })}
      </p>
      <div className="seo-coverage-bar" aria-hidden="true">
        {parts
          .filter(({ count }) => count > 0)
          .map(({ part, count }) => (
            <span
              key={part}
              className={`seo-coverage-part seo-coverage-${part}`}
              style={{ flexGrow: count }}
            />
          ))}
      </div>
      <ul className="seo-coverage-legend">
        {parts.map(({ part, count, percent }) => (
          <li key={part}>
            <span className={`seo-coverage-swatch seo-coverage-${part}`} aria-hidden="true" />
            {t(`coverage.parts.${part}`, {
              count,
              formatted: format.number(count),
              percent: format.percent(percent),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}
