import { useId } from 'react';
import type { LanguageOverview } from '#shared/schemas/seo.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { trendPoints } from '../seo-presentation.ts';
import type { SeoFormat } from '../use-seo-format.ts';

const width = 240;
const height = 64;

/**
 * The score at the end of each finished audit, oldest first, as a small line: an inline SVG named
 * by its <title> and summed up by its <desc>, with every value in a table a screen reader can read
 * (hidden from sight, since the line says the same to the eye).
 */
export function ScoreTrendChart({
  trend,
  languageInSentence,
  format,
}: {
  trend: LanguageOverview['trend'];
  /** The language's name as it reads inside the title's sentence ("en français"). */
  languageInSentence: string;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const titleId = useId();
  const descId = useId();
  if (trend.length === 0) return <p className="muted seo-trend-empty">{t('trend.empty')}</p>;

  const points = trendPoints(
    trend.map((point) => point.score),
    width,
    height,
  );
  const first = trend[0]!;
  const last = trend.at(-1)!;
  const title = t('trend.title', { language: languageInSentence });
  const description = t('trend.description', {
    count: trend.length,
    from: format.date(first.at),
    to: format.date(last.at),
    first: format.number(first.score),
    last: format.number(last.score),
  });

  return (
    <figure className="seo-trend">
      <svg
        className="seo-trend-chart"
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>{title}</title>
        <desc id={descId}>{description}</desc>
        <line className="seo-trend-grid" x1="0" x2={width} y1={height / 2} y2={height / 2} />
        {points.length > 1 && (
          <polyline
            className="seo-trend-line"
            points={points.map((point) => `${point.x},${point.y}`).join(' ')}
            vectorEffect="non-scaling-stroke"
          />
        )}
        {points.map((point, index) => (
          <circle
            key={trend[index]!.at}
            className="seo-trend-point"
            cx={point.x}
            cy={point.y}
            r={index === points.length - 1 ? 3.5 : 2}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      <figcaption className="seo-trend-caption muted" aria-hidden="true">
        {description}
      </figcaption>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('trend.dateColumn')}</th>
            <th scope="col">{t('trend.scoreColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {trend.map((point) => (
            <tr key={point.at}>
              <td>{format.dateTime(point.at)}</td>
              <td>{format.number(point.score)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
