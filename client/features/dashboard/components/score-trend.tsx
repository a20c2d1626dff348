import { useTranslation } from '#client/lib/use-translation.ts';

const width = 160;
const height = 40;

/**
 * A language's scores over its last audits as a small line, the last point being the score shown
 * beside it; a table says the same to screen readers.
 */
export function ScoreTrend({
  points,
  label,
}: {
  points: ReadonlyArray<{ at: string; score: number }>;
  label: string;
}) {
  const { t, i18n } = useTranslation('dashboard');
  if (points.length < 2) return <p className="form-hint">{t('scores.noTrend')}</p>;
  const step = width / (points.length - 1);
  const path = points
    .map((point, index) => {
      const x = Math.round(index * step * 10) / 10;
      const y = Math.round((height - (point.score / 100) * height) * 10) / 10;
      return `${index === 0 ? 'M' : 'L'}${x} ${y}`;
    })
    .join(' ');
  const date = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'medium' });
  return (
    <>
      <svg
        className="score-trend"
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        aria-hidden="true"
        focusable="false"
      >
        <path d={path} fill="none" stroke="currentColor" strokeWidth="2" />
      </svg>
      <table className="visually-hidden">
        <caption>{label}</caption>
        <thead>
          <tr>
            <th scope="col">{t('scores.auditDate')}</th>
            <th scope="col">{t('scores.score')}</th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.at}>
              <td>{date.format(new Date(point.at))}</td>
              <td>{point.score}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
