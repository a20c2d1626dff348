import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useUserName } from '#client/components/use-user-name.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['dashboard'];

/** A new account's dashboard: what it will show, and that it starts from a connected store. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const name = useUserName();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.dashboard')} />
      <PageHeader title={tCommon('routes.dashboard')}>
        <p className="lead">{t('welcome', { name })}</p>
        <p>{t('dashboard.intro')}</p>
      </PageHeader>
      <EmptyState
        title={t('dashboard.emptyTitle')}
        actions={
          <AppLink className="button" to="/shops">
            {t('dashboard.shopsLink')}
          </AppLink>
        }
      >
        <p>{t('dashboard.emptyText')}</p>
      </EmptyState>
      <section className="card">
        <h2>{t('dashboard.nextTitle')}</h2>
        <ol className="steps">
          <li>{t('dashboard.steps.sync')}</li>
          <li>{t('dashboard.steps.audit')}</li>
          <li>{t('dashboard.steps.improve')}</li>
        </ol>
      </section>
    </div>
  );
}
