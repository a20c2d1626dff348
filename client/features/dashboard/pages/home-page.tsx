import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useUserName } from '#client/components/use-user-name.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['dashboard'];

/** The signed-in home: a welcome, and where to go from here while no store is connected. */
export default function HomePage() {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const name = useUserName();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.home')} />
      <PageHeader title={t('welcome', { name })}>
        <p>{t('home.intro')}</p>
      </PageHeader>
      <EmptyState
        title={t('home.emptyTitle')}
        actions={
          <>
            <AppLink className="button" to="/dashboard">
              {t('home.dashboardLink')}
            </AppLink>
            <AppLink className="button button-secondary" to="/settings">
              {t('home.settingsLink')}
            </AppLink>
          </>
        }
      >
        <p>{t('home.emptyText')}</p>
      </EmptyState>
    </div>
  );
}
