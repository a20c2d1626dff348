import { severities } from '#shared/seo/check.ts';
import type { LanguageOverview } from '#shared/schemas/seo.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { checkName } from '../check-texts.ts';
import { pageListHref } from '../page-list-params.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { ScoreFigure } from './score-figure.tsx';
import { ScoreTrendChart } from './score-trend-chart.tsx';
import { SeverityMark } from './severity-mark.tsx';

/**
 * One language's audit: its score and trend, its findings by severity and by check, each a link
 * to the pages list filtered by it in that language.
 */
export function LanguageOverviewCard({
  shopId,
  overview,
  primary,
  format,
}: {
  shopId: string;
  overview: LanguageOverview;
  primary: boolean;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const { language } = overview;
  const languageName = format.language(language);
  // Inside a sentence a language's name takes no capital in French: "en français".
  const languageInSentence = format.languageInSentence(language);
  const titleId = `seo-language-${language}`;

  return (
    <section className="card seo-language" aria-labelledby={titleId}>
      <h2 id={titleId}>
        {languageName}
        {primary && <span className="muted seo-primary"> ({t('overview.primary')})</span>}
      </h2>
      <ScoreFigure score={overview.score} label={t('score.label')} format={format} />
      <ScoreTrendChart
        trend={overview.trend}
        languageInSentence={languageInSentence}
        format={format}
      />

      <h3>{t('overview.bySeverity')}</h3>
      <ul className="seo-severity-counts">
        {severities.map((severity) => (
          <li key={severity}>
            <AppLink
              to={pageListHref(shopId, { severity, language })}
              aria-label={t(`overview.severityLink.${severity}`, {
                count: overview.findingsBySeverity[severity],
                formatted: format.number(overview.findingsBySeverity[severity]),
                language: languageInSentence,
              })}
            >
              <SeverityMark severity={severity} />
              <span className="seo-count">
                {format.number(overview.findingsBySeverity[severity])}
              </span>{' '}
              {t(`severity.${severity}`, { count: overview.findingsBySeverity[severity] })}
            </AppLink>
          </li>
        ))}
      </ul>

      <h3>{t('overview.byCheck')}</h3>
      {overview.findingsByCheck.length === 0 ? (
        <p className="muted">{t('overview.noFindings')}</p>
      ) : (
        <ul className="seo-check-counts">
          {overview.findingsByCheck.map((entry) => (
            <li key={entry.checkId}>
              <SeverityMark severity={entry.severity} />
              <AppLink to={pageListHref(shopId, { check: entry.checkId, language })}>
                {checkName(tChecks, entry.checkId)}
              </AppLink>
              <span className="muted seo-check-pages">
                {t('overview.checkPages', {
                  count: entry.pages,
                  formatted: format.number(entry.pages),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
