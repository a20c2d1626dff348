import { themeTitle } from '../../../../shared/seo/checks/page-title.ts';
import { useEffect, useId, useRef } from 'react';
import type { FindingView, PageDetail } from '../../../../shared/schemas/seo.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { usePageDetail } from '../api/seo-queries.ts';
import { findingTexts } from '../check-texts.ts';
import { resultDescription, resultTitle, truncateForResult } from '../seo-presentation.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { LoadFailed } from './load-failed.tsx';
import { ScoreFigure } from './score-figure.tsx';
import { SeverityMark } from './severity-mark.tsx';

/**
 * One page's audit, opened over the list from the address (`?page=<gid>`): in each language side
 * by side, its score, how it shows in a search result, its address and its findings, each with
 * what is wrong, why it matters and how to fix it. A modal <dialog>: the browser keeps the focus
 * inside, Escape closes it and gives the focus back to the row that opened it.
 */
export function PageDetailPanel({
  uid,
  shopId,
  pageId,
  format,
  onClosed,
}: {
  uid: string;
  shopId: string;
  pageId: string;
  format: SeoFormat;
  onClosed: () => void;
}) {
  const { t } = useTranslation('seo');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const detailQuery = usePageDetail(uid, shopId, pageId);
  const detail = detailQuery.data;
  const primary = detail?.languages.find((language) => language.primary) ?? detail?.languages[0];

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog ref={dialogRef} className="seo-detail" aria-labelledby={titleId} onClose={onClosed}>
      <div className="seo-detail-header">
        <h2 id={titleId}>
          {primary === undefined ? t('detail.title') : primary.title || detail?.handle}
        </h2>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => dialogRef.current?.close()}
        >
          {t('detail.close')}
        </button>
      </div>
      {detailQuery.isPending && (
        <p className="muted" role="status">
          {t('detail.loading')}
        </p>
      )}
      {detailQuery.isError && (
        <LoadFailed
          error={detailQuery.error}
          fallback={t('detail.loadFailed')}
          retrying={detailQuery.isFetching}
          onRetry={() => void detailQuery.refetch()}
        />
      )}
      {detail !== undefined && <DetailBody detail={detail} format={format} />}
    </dialog>
  );
}

function DetailBody({ detail, format }: { detail: PageDetail; format: SeoFormat }) {
  const { t } = useTranslation('seo');
  return (
    <>
      <p className="muted">
        {t(`kinds.${detail.kind}`)} · {detail.handle} ·{' '}
        {t('detail.auditedAt', { date: format.dateTime(detail.auditedAt) })}
      </p>
      <div className="seo-detail-languages">
        {detail.languages.map((view) => (
          <LanguageDetail
            key={view.language}
            view={view}
            shopName={detail.shopName}
            format={format}
          />
        ))}
      </div>
    </>
  );
}

type LanguageView = PageDetail['languages'][number];

function LanguageDetail({
  view,
  shopName,
  format,
}: {
  view: LanguageView;
  shopName: string;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const languageName = format.language(view.language);
  const headingId = useId();
  // As the theme prints it, with the shop's name after the title; a blank search title is unset.
  const renderedTitle = themeTitle(
    view.seoTitle !== null && view.seoTitle.trim() !== '' ? view.seoTitle : view.title,
    shopName,
  );
  return (
    <section className="seo-detail-language" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {languageName}
        {view.primary && <span className="muted"> ({t('overview.primary')})</span>}
      </h3>
      <ScoreFigure score={view.score} label={t('score.pageLabel')} format={format} size="small" />

      <h4>{t('detail.resultTitle')}</h4>
      <div className="seo-serp" lang={view.language}>
        <p className="seo-serp-site">
          {shopName}
          {view.url !== null && <span className="seo-serp-url">{view.url}</span>}
        </p>
        <p className="seo-serp-title">
          {truncateForResult(renderedTitle, resultTitle.maxWidthPx, resultTitle.fontSizePx)}
        </p>
        <p className="seo-serp-description">
          {view.seoDescription === null || view.seoDescription.trim() === '' ? (
            <span className="muted" lang={format.locale}>
              {t('detail.noDescription')}
            </span>
          ) : (
            truncateForResult(
              view.seoDescription,
              resultDescription.maxWidthPx,
              resultDescription.fontSizePx,
            )
          )}
        </p>
      </div>
      {view.url !== null && (
        <p className="seo-detail-url">
          {t('detail.url')}{' '}
          <a href={view.url} target="_blank" rel="noreferrer">
            {view.url}
          </a>
        </p>
      )}

      <h4>{t('detail.findingsTitle', { count: view.findings.length })}</h4>
      {view.findings.length === 0 ? (
        <p className="muted">{t('detail.noFindings')}</p>
      ) : (
        <ul className="seo-findings">
          {view.findings.map((finding, index) => (
            <FindingItem
              key={`${finding.checkId}-${finding.field ?? ''}-${index}`}
              finding={finding}
              format={format}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function FindingItem({ finding, format }: { finding: FindingView; format: SeoFormat }) {
  const { t } = useTranslation('seo');
  const { t: tChecks } = useTranslation('seo-checks');
  const texts = findingTexts(tChecks, finding, format);
  return (
    <li className={`seo-finding seo-finding-${finding.severity}`}>
      <p className="seo-finding-name">
        <SeverityMark severity={finding.severity} />
        <strong>{texts.name}</strong>{' '}
        <span className="seo-finding-severity">{t(`severityName.${finding.severity}`)}</span>
      </p>
      {texts.what !== '' && <p>{texts.what}</p>}
      <dl className="seo-finding-details">
        {texts.why !== '' && (
          <>
            <dt>{t('detail.why')}</dt>
            <dd>{texts.why}</dd>
          </>
        )}
        {texts.how !== '' && (
          <>
            <dt>{t('detail.how')}</dt>
            <dd>{texts.how}</dd>
          </>
        )}
        {finding.field !== undefined && (
          <>
            <dt>{t('detail.field')}</dt>
            <dd>{fieldName(t, finding.field)}</dd>
          </>
        )}
        {finding.excerpt !== undefined && finding.excerpt !== '' && (
          <>
            <dt>{t('detail.excerpt')}</dt>
            <dd>
              <q lang={finding.language}>{finding.excerpt}</q>
            </dd>
          </>
        )}
      </dl>
    </li>
  );
}

const knownFields = ['title', 'seoTitle', 'seoDescription', 'body', 'handle'] as const;

/** A field's name in words; `image:<gid>` is an image's alt text. */
function fieldName(t: ReturnType<typeof useTranslation<'seo'>>['t'], field: string): string {
  if (field.startsWith('image:')) return t('fields.image');
  const known = knownFields.find((candidate) => candidate === field);
  return known === undefined ? field : t(`fields.${known}`);
}
