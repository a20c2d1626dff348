import { useId, useState } from 'react';
import type { PlanId } from '#shared/plans.ts';
import type { AuditRun, SeoOverview } from '#shared/schemas/seo.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { reachedLimitOf, UpgradePrompt } from '#client/components/upgrade-prompt.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useStartAudit } from '../api/seo-queries.ts';
import { auditPercent, isAuditUnderWay } from '../seo-presentation.ts';
import { LeftOutPagesDialog } from './left-out-pages-dialog.tsx';
import type { SeoFormat } from '../use-seo-format.ts';

/**
 * The audit's state and "Audit now": never audited, the run under way with its progress (a bar
 * and its figures in a polite live region, as the overview is read again every moment), or when
 * the last run ended; how much of the store the storefront checks have read; past the plan's page
 * limit, how many pages were left out, with "See which" opening their list. A store the plan
 * pauses is not audited: "Audit now" then says what the plan allows and which plan allows more.
 */
export function AuditStatus({
  uid,
  shopId,
  lastRun,
  storefront,
  format,
  currentPlan,
}: {
  uid: string;
  shopId: string;
  lastRun: AuditRun | null;
  /** How much of the store the storefront passes have covered. */
  storefront: SeoOverview['storefront'];
  format: SeoFormat;
  /** The owner's plan, when the stores' list has said it. */
  currentPlan?: PlanId;
}) {
  const { t } = useTranslation('seo');
  const errorText = useApiErrorText();
  const start = useStartAudit(uid, shopId);
  const progressTextId = useId();
  const underWay = isAuditUnderWay(lastRun);
  const reached = start.isError ? reachedLimitOf(start.error) : null;
  const [showsLeftOut, setShowsLeftOut] = useState(false);

  return (
    <section className="card seo-audit" aria-labelledby="seo-audit-title">
      <div className="seo-audit-header">
        <h2 id="seo-audit-title">{t('audit.title')}</h2>
        <button
          type="button"
          className="button"
          disabled={underWay || start.isPending}
          onClick={() => start.mutate()}
        >
          {t('audit.start')}
        </button>
      </div>
      <div role="status" className="seo-audit-state">
        {lastRun === null && !start.isPending && <p>{t('audit.never')}</p>}
        {start.isPending && <p>{t('audit.starting')}</p>}
        {lastRun !== null && underWay && (
          <RunProgress run={lastRun} textId={progressTextId} format={format} />
        )}
        {lastRun !== null && !underWay && <LastRun run={lastRun} format={format} />}
      </div>
      {lastRun !== null && <StorefrontCoverage storefront={storefront} format={format} />}
      {reached !== null && (
        <UpgradePrompt reached={reached} {...(currentPlan !== undefined && { currentPlan })} />
      )}
      {start.isError && reached === null && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(start.error), t('audit.startFailed'))}
        </p>
      )}
      {lastRun !== null && lastRun.pagesLeftOut > 0 && (
        <p className="notice seo-page-limit">
          {t('audit.pagesLeftOut', {
            count: lastRun.pagesLeftOut,
            left: format.number(lastRun.pagesLeftOut),
            limit: format.number(lastRun.pageLimit),
          })}{' '}
          <button type="button" className="link-button" onClick={() => setShowsLeftOut(true)}>
            {t('audit.seeLeftOut')}
          </button>{' '}
          <AppLink to="/pricing">{t('audit.pricingLink')}</AppLink>
        </p>
      )}
      {lastRun !== null && showsLeftOut && (
        <LeftOutPagesDialog
          uid={uid}
          shopId={shopId}
          run={lastRun}
          format={format}
          {...(currentPlan !== undefined && { currentPlan })}
          onClose={() => setShowsLeftOut(false)}
        />
      )}
    </section>
  );
}

function RunProgress({
  run,
  textId,
  format,
}: {
  run: AuditRun;
  textId: string;
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  const percent = auditPercent(run);
  const text =
    run.state === 'queued'
      ? t('audit.queued')
      : percent === null
        ? t('audit.runningNoTotal')
        : t('audit.running', {
            count: run.progress.done,
            done: format.number(run.progress.done),
            total: format.number(run.progress.total),
            percent: format.percent(percent),
          });
  return (
    <div className="seo-audit-progress">
      <progress
        max={100}
        {...(percent !== null && run.state === 'running' && { value: percent })}
        aria-label={t('audit.progressLabel')}
        aria-describedby={textId}
      />
      <p id={textId}>{text}</p>
    </div>
  );
}

function LastRun({ run, format }: { run: AuditRun; format: SeoFormat }) {
  const { t } = useTranslation('seo');
  const at = format.dateTime(run.finishedAt ?? run.startedAt);
  return (
    <p>
      {run.state === 'failed'
        ? t('audit.failed', { date: at })
        : t('audit.lastRun', {
            date: at,
            count: run.pagesAudited,
            pages: format.number(run.pagesAudited),
          })}
    </p>
  );
}

function StorefrontCoverage({
  storefront,
  format,
}: {
  storefront: SeoOverview['storefront'];
  format: SeoFormat;
}) {
  const { t } = useTranslation('seo');
  return (
    <>
      <p>
        {storefront.lastCheckedAt === null
          ? t('storefront.never')
          : t('storefront.checked', {
              count: storefront.pages,
              checked: format.number(storefront.checked),
              pages: format.number(storefront.pages),
              date: format.dateTime(storefront.lastCheckedAt),
            })}
      </p>
      {storefront.unreachable > 0 && (
        <p className="notice">
          {t('storefront.unreachable', {
            count: storefront.unreachable,
            pages: format.number(storefront.unreachable),
          })}
        </p>
      )}
      {storefront.lastPass?.stopReason != null && (
        <p className="notice">
          {t(
            storefront.lastPass.stopReason === 'storefront_timeouts'
              ? 'storefront.stoppedTimeouts'
              : 'storefront.stoppedTimeLimit',
            { date: format.dateTime(storefront.lastPass.endedAt) },
          )}
        </p>
      )}
    </>
  );
}
