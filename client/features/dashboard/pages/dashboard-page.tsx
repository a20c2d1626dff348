import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { StorePicker } from '#client/components/store-picker.tsx';
import { useUserName } from '#client/components/use-user-name.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useChosenStore } from '#client/lib/use-chosen-store.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useDashboard } from '../api/dashboard-queries.ts';
import { ChecklistCard } from '../components/checklist.tsx';
import {
  BlogSection,
  ChangesSection,
  FixNextSection,
  ScoresSection,
  SyncSection,
  TranslationDebtSection,
  UsageSection,
} from '../components/store-sections.tsx';
import '../dashboard.css';

export const namespaces: readonly Namespace[] = ['dashboard', 'seo-checks'];

/**
 * Where every sign-in lands: what changed, what to fix next and whether anything failed, for the
 * store chosen (the picker when there are several), from one call; before a store, the way to value.
 */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const name = useUserName();
  const chosen = useChosenStore();
  const dashboard = useDashboard(chosen.uid, chosen.shop?.id ?? null);
  return (
    <div className="page dashboard-page">
      <DocumentHead title={tCommon('routes.dashboard')} />
      <PageHeader title={tCommon('routes.dashboard')}>
        <p className="lead">{t('welcome', { name })}</p>
      </PageHeader>
      <QueryState query={dashboard} loading={t('loading')} failed={t('loadFailed')}>
        {(data) => {
          const { checklist } = data;
          const allDone = Object.values(checklist).every(Boolean);
          return (
            <>
              {chosen.shop !== null && (
                <StorePicker shops={chosen.shops} shop={chosen.shop} onChoose={chosen.choose} />
              )}
              {!allDone && <ChecklistCard checklist={checklist} />}
              {data.store === null ? (
                <section className="card" aria-labelledby="no-store-title">
                  <h2 id="no-store-title">{t('noStore.title')}</h2>
                  <p>{t('noStore.text')}</p>
                </section>
              ) : (
                <div className="dashboard-grid">
                  <ScoresSection store={data.store} />
                  <FixNextSection store={data.store} />
                  <ChangesSection store={data.store} />
                  <TranslationDebtSection store={data.store} />
                  <BlogSection store={data.store} />
                  <UsageSection dashboard={data} />
                  <SyncSection store={data.store} />
                </div>
              )}
              {data.store === null && <UsageSection dashboard={data} />}
            </>
          );
        }}
      </QueryState>
    </div>
  );
}
