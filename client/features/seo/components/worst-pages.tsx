import type { PageSummary } from '#shared/schemas/seo.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { pageListHref } from '../page-list-params.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/** The pages most in need of work, lowest score first, each a link to its detail. */
export function WorstPages({
  shopId,
  pages,
  languages,
  format,
}: {
  shopId: string;
  pages: readonly PageSummary[];
  languages: ReadonlyArray<'en' | 'fr'>;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  return (
    <section className="card seo-worst" aria-labelledby="seo-worst-title">
      <h2 id="seo-worst-title">{t('worst.title')}</h2>
      {pages.length === 0 ? (
        <p className="muted">{t('worst.empty')}</p>
      ) : (
        <ol className="seo-worst-list">
          {pages.map((page) => (
            <li key={page.id}>
              <AppLink to={pageListHref(shopId, { page: page.id })}>
                {page.title === '' ? page.handle : page.title}
              </AppLink>
              <span className="muted">
                {t(`kinds.${page.kind}`)}
                {languages.map((language) => (
                  <span key={language}>
                    {' · '}
                    {t('worst.score', {
                      language: language.toUpperCase(),
                      score:
                        page.scores[language] === null
                          ? '–'
                          : format.number(page.scores[language] ?? 0),
                    })}
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ol>
      )}
      <p>
        <AppLink to={pageListHref(shopId)}>{t('worst.allPages')}</AppLink>
      </p>
    </section>
  );
}
