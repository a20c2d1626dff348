import type { PlanId } from '#shared/plans.ts';
import type { SeoOverview } from '#shared/schemas/seo.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useSeoOverview } from '../api/seo-queries.ts';
import { AuditStatus } from '../components/audit-status.tsx';
import { ChangesSummary } from '../components/changes-summary.tsx';
import { LanguageOverviewCard } from '../components/language-overview-card.tsx';
import { ScoreExplanation } from '../components/score-explanation.tsx';
import { SeoStoreGate } from '../components/seo-store-gate.tsx';
import { TranslationCoverage } from '../components/translation-coverage.tsx';
import { WorstPages } from '../components/worst-pages.tsx';
import { useChosenStore } from '#client/lib/use-chosen-store.ts';
import { useSeoFormat, type SeoFormat } from '../use-seo-format.ts';
import '#client/components/form-controls.css';
import '../seo.css';

export const namespaces: readonly Namespace[] = ['seo', 'seo-checks'];

/**
 * The SEO overview of one store: its languages side by side (the primary one first), each with its
 * score, trend and findings, the translation coverage, the pages to fix first, the audit's own
 * state with "Audit now", and the changes: drafts awaiting approval and the latest approvals.
 */
export default function SeoOverviewPage() {
  const { t: tCommon } = useTranslation();
  const chosen = useChosenStore();
  return (
    <div className="page seo-page">
      <DocumentHead title={tCommon('routes.seo')} />
      <PageHeader title={tCommon('routes.seo')} />
      <SeoStoreGate chosen={chosen}>
        {(shop) => (
          <StoreOverview uid={chosen.uid} shop={shop} plan={chosen.shopsQuery.data?.plan} />
        )}
      </SeoStoreGate>
    </div>
  );
}

function StoreOverview({ uid, shop, plan }: { uid: string; shop: Shop; plan?: PlanId }) {
  const { t } = useTranslation('seo');
  const format = useSeoFormat();
  const overviewQuery = useSeoOverview(uid, shop.id);

  return (
    <QueryState
      query={overviewQuery}
      loading={t('overview.loading')}
      failed={t('overview.loadFailed')}
    >
      {(overview) => (
        <StoreOverviewBody uid={uid} shop={shop} plan={plan} overview={overview} format={format} />
      )}
    </QueryState>
  );
}

function StoreOverviewBody({
  uid,
  shop,
  plan,
  overview,
  format,
}: {
  uid: string;
  shop: Shop;
  plan: PlanId | undefined;
  overview: SeoOverview;
  format: SeoFormat;
}) {
  return (
    <>
      <AuditStatus
        uid={uid}
        shopId={shop.id}
        lastRun={overview.lastRun}
        storefront={overview.storefront}
        format={format}
        {...(plan !== undefined && { currentPlan: plan })}
      />
      {overview.languages.length > 0 && (
        <div className="seo-languages">
          {overview.languages.map((language) => (
            <LanguageOverviewCard
              key={language.language}
              shopId={shop.id}
              overview={language}
              primary={language.language === overview.primaryLanguage}
              format={format}
            />
          ))}
        </div>
      )}
      {overview.languages.length > 0 && <ScoreExplanation />}
      {overview.translationCoverage !== null && (
        <TranslationCoverage coverage={overview.translationCoverage} format={format} />
      )}
      {overview.lastRun !== null && (
        <WorstPages
          shopId={shop.id}
          pages={overview.worstPages}
          languages={overview.languages.map((language) => language.language)}
          format={format}
        />
      )}
      {overview.lastRun !== null && <ChangesSummary uid={uid} shopId={shop.id} format={format} />}
    </>
  );
}
