import { useId, useState } from 'react';
import { changeStates, type BatchList, type ChangeList } from '#shared/schemas/seo-changes.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  useBatchWriteFollowUp,
  useStoreBatches,
  useStoreChanges,
  useUndo,
} from '../api/seo-change-queries.ts';
import { draftPages } from '../page-fixes.ts';
import { pageListHref } from '../page-list-params.ts';
import type { SeoFormat } from '../use-seo-format.ts';
import { QueryFailed } from '#client/components/query-state.tsx';
import { UndoBatchDialog } from './undo-batch-dialog.tsx';

/** The drafts read for the overview, and the pages of them it names. */
const draftsQuery = { state: 'draft', limit: 200 } as const;
const draftPagesShown = 5;
/** The latest approvals (and undos) the overview shows. */
const recentQuery = { limit: 3 };

/**
 * The store's changes in short, on the overview: the drafts awaiting approval with the pages they
 * are on (each a link to its detail), and the latest approvals with what became of them and Undo.
 */
export function ChangesSummary({
  uid,
  shopId,
  format,
}: {
  uid: string;
  shopId: string;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const drafts = useStoreChanges(uid, shopId, draftsQuery);
  const recent = useStoreBatches(uid, shopId, recentQuery);
  useBatchWriteFollowUp(uid, shopId, recent.data?.batches);
  const undo = useUndo(uid, shopId);
  const failed = drafts.isError ? drafts : recent.isError ? recent : null;
  return (
    <section className="card seo-changes" aria-labelledby="seo-changes-title">
      <h2 id="seo-changes-title">{t('changes.title')}</h2>
      {(drafts.isPending || recent.isPending) && failed === null && (
        <p className="muted" role="status">
          {t('changes.loading')}
        </p>
      )}
      {failed !== null && (
        <QueryFailed
          error={failed.error}
          fallback={t('changes.loadFailed')}
          retrying={failed.isFetching}
          onRetry={() => {
            void drafts.refetch();
            void recent.refetch();
          }}
        />
      )}
      {drafts.data !== undefined && recent.data !== undefined && (
        <ChangesSummaryBody
          shopId={shopId}
          drafts={drafts.data}
          recent={recent.data}
          format={format}
          undoing={undo.isPending}
          undoError={undo.error}
          onUndoBatch={(batchId) => undo.mutate({ batchId })}
        />
      )}
    </section>
  );
}

export function ChangesSummaryBody({
  shopId,
  drafts,
  recent,
  format,
  undoing,
  undoError,
  onUndoBatch,
}: {
  shopId: string;
  drafts: ChangeList;
  recent: BatchList;
  format: SeoFormat;
  undoing: boolean;
  undoError: unknown;
  onUndoBatch: (batchId: string) => void;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const recentTitleId = useId();
  const draftCount = drafts.counts.draft;
  const pages = draftPages(drafts.changes);
  const { batches } = recent;
  // The batch whose undo waits for the owner's confirmation, with how many changes it writes back.
  const [confirming, setConfirming] = useState<{ batchId: string; count: number } | null>(null);
  return (
    <>
      {confirming !== null && (
        <UndoBatchDialog
          count={confirming.count}
          format={format}
          onConfirm={() => onUndoBatch(confirming.batchId)}
          onClosed={() => setConfirming(null)}
        />
      )}
      {draftCount === 0 && batches.length === 0 && <p>{t('changes.intro')}</p>}
      {draftCount === 0 ? (
        <p className="muted">{t('changes.noDrafts')}</p>
      ) : (
        <>
          <p>{t('changes.drafts', { count: draftCount, formatted: format.number(draftCount) })}</p>
          <ul className="seo-changes-list">
            {pages.slice(0, draftPagesShown).map((page) => (
              <li key={page.pageId}>
                <AppLink to={pageListHref(shopId, { page: page.pageId })}>
                  {page.pageTitle === '' ? t('list.untitled') : page.pageTitle}
                </AppLink>{' '}
                <span className="muted">
                  ·{' '}
                  {t('changes.pageDrafts', {
                    count: page.drafts,
                    formatted: format.number(page.drafts),
                  })}
                </span>
              </li>
            ))}
          </ul>
          {pages.length > draftPagesShown && (
            <p className="muted">
              {t('changes.morePages', {
                count: pages.length - draftPagesShown,
                formatted: format.number(pages.length - draftPagesShown),
              })}
            </p>
          )}
        </>
      )}

      <h3 id={recentTitleId}>{t('changes.recentTitle')}</h3>
      {undoError !== null && undoError !== undefined && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(undoError), t('history.undoFailed'))}
        </p>
      )}
      {batches.length === 0 ? (
        <p className="muted">{t('changes.noRecent')}</p>
      ) : (
        <ul className="seo-changes-list" aria-labelledby={recentTitleId}>
          {batches.map((batch) => {
            const count = batch.changes;
            const date = format.dateTime(batch.approvedAt);
            const states = changeStates.filter((state) => batch.counts[state] > 0);
            return (
              <li key={batch.batchId} className="seo-changes-batch">
                <p>
                  {batch.approvedBy === null
                    ? t('changes.batchNoName', { count, formatted: format.number(count), date })
                    : t('changes.batch', {
                        count,
                        formatted: format.number(count),
                        date,
                        name: batch.approvedBy,
                      })}{' '}
                  <span className="muted">
                    (
                    {states
                      .map((state) =>
                        count === 1
                          ? t(`history.states.${state}`)
                          : t('changes.stateCount', {
                              state: t(`history.states.${state}`),
                              formatted: format.number(batch.counts[state]),
                            }),
                      )
                      .join(' · ')}
                    )
                  </span>
                </p>
                <p>
                  {batch.pages.map((page, index) => (
                    <span key={page.pageId}>
                      {index > 0 && ', '}
                      <AppLink to={pageListHref(shopId, { page: page.pageId })}>
                        {page.pageTitle === '' ? t('list.untitled') : page.pageTitle}
                      </AppLink>
                    </span>
                  ))}
                  {batch.pageCount > batch.pages.length && (
                    <span className="muted">
                      {' '}
                      {t('changes.batchMorePages', {
                        count: batch.pageCount - batch.pages.length,
                        formatted: format.number(batch.pageCount - batch.pages.length),
                      })}
                    </span>
                  )}
                </p>
                {batch.undoable > 0 && (
                  <button
                    type="button"
                    className="button button-secondary button-small"
                    aria-disabled={undoing || undefined}
                    onClick={() => {
                      if (!undoing) {
                        setConfirming({ batchId: batch.batchId, count: batch.undoable });
                      }
                    }}
                  >
                    {t(count > 1 ? 'history.undoBatch' : 'history.undo')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
