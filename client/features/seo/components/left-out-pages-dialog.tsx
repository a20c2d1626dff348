import { useState } from 'react';
import { plans, type PlanId } from '#shared/plans.ts';
import type { AuditRun, LeftOutPages } from '#shared/schemas/seo.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog } from '#client/components/dialog.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { UpgradePrompt } from '#client/components/upgrade-prompt.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { leftOutSliceSize, useLeftOutPages } from '../api/seo-queries.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/**
 * The pages the audit left out past the plan's page limit, reached from the audit's "N pages left
 * out": how the audit chose the pages it read (docs/seo-checks.md), the plan that audits more, and
 * the list, a slice at a time, each page opening in Shopify's admin.
 */
export function LeftOutPagesDialog({
  uid,
  shopId,
  run,
  format,
  currentPlan,
  onClose,
}: {
  uid: string;
  shopId: string;
  run: AuditRun;
  format: SeoFormat;
  currentPlan?: PlanId;
  onClose: () => void;
}) {
  const { t } = useTranslation('seo');
  const [offset, setOffset] = useState(0);
  const slice = useLeftOutPages(uid, shopId, offset);
  // The cheapest plan that audits more pages than the owner's plan (the run's limit when the plan
  // is not known); none past the largest.
  const limit = plans.find((plan) => plan.id === currentPlan)?.limits.pagesAudited ?? run.pageLimit;
  const lifting = plans.find((plan) => plan.limits.pagesAudited > limit)?.id ?? null;

  return (
    <Dialog
      className="seo-detail seo-left-out"
      title={t('leftOut.title')}
      closeButton
      onClose={onClose}
    >
      <p>{t('leftOut.intro', { count: run.pageLimit, limit: format.number(run.pageLimit) })}</p>
      <UpgradePrompt
        role="status"
        reached={{ limit: 'pagesAudited', lifting }}
        {...(currentPlan !== undefined && { currentPlan })}
      />
      <QueryState
        query={slice}
        loading={t('leftOut.loading')}
        failed={t('leftOut.loadFailed')}
        isEmpty={(list) => list.total === 0}
        empty={<p>{t('leftOut.empty')}</p>}
      >
        {(list) => <LeftOutList list={list} format={format} onOffsetChange={setOffset} />}
      </QueryState>
    </Dialog>
  );
}

function LeftOutList({
  list,
  format,
  onOffsetChange,
}: {
  list: LeftOutPages;
  format: SeoFormat;
  onOffsetChange: (offset: number) => void;
}) {
  const { t } = useTranslation('seo');
  const last = list.offset + list.pages.length;
  return (
    <>
      <p className="muted">
        {t('leftOut.range', {
          count: list.total,
          from: format.number(list.offset + 1),
          to: format.number(last),
          total: format.number(list.total),
        })}
      </p>
      <ul className="seo-left-out-list">
        {list.pages.map((page) => (
          <li key={page.id}>
            <a href={page.adminUrl} target="_blank" rel="noreferrer">
              {page.title}
              <span className="visually-hidden"> {t('leftOut.inShopify')}</span>
            </a>{' '}
            <span className="muted">
              {t(`kinds.${page.kind}`)} · {page.handle}
            </span>
          </li>
        ))}
      </ul>
      <p className="seo-left-out-paging">
        <Button
          variant="secondary"
          size="small"
          disabled={list.offset === 0}
          onClick={() => onOffsetChange(Math.max(0, list.offset - leftOutSliceSize))}
        >
          {t('leftOut.previous')}
        </Button>{' '}
        <Button
          variant="secondary"
          size="small"
          disabled={last >= list.total}
          onClick={() => onOffsetChange(list.offset + leftOutSliceSize)}
        >
          {t('leftOut.next')}
        </Button>
      </p>
    </>
  );
}
