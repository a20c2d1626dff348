import { useSearchParams } from 'react-router';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { ListPager } from '#client/components/list-pager.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useUserName } from '#client/components/use-user-name.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { entriesPerPage, useActivity } from '../api/activity-queries.ts';
import { ActivityItem } from '../components/activity-entry.tsx';
import '../dashboard.css';

export const namespaces: readonly Namespace[] = ['dashboard'];

/**
 * The account's activity: what happened across the owner's stores, newest first, paged on the
 * server, each entry saying who or what did it and leading to the thing it is about.
 */
export default function HomePage() {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const name = useUserName();
  const auth = useAuthState();
  const uid = auth.status === 'signed-in' ? auth.user.uid : '';
  const [searchParams, setSearchParams] = useSearchParams();
  const offset = Math.max(0, Number.parseInt(searchParams.get('from') ?? '0', 10) || 0);
  const activity = useActivity(uid, offset);
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.home')} />
      <PageHeader title={t('welcome', { name })}>
        <p>{t('activity.intro')}</p>
      </PageHeader>
      <QueryState
        query={activity}
        loading={t('activity.loading')}
        failed={t('activity.loadFailed')}
        isEmpty={(list) => list.total === 0}
        empty={
          <EmptyState
            title={t('home.emptyTitle')}
            actions={
              <>
                <AppLink className="button" to="/shops">
                  {t('activity.shopsLink')}
                </AppLink>
                <AppLink className="button button-secondary" to="/dashboard">
                  {t('home.dashboardLink')}
                </AppLink>
              </>
            }
          >
            <p>{t('activity.empty')}</p>
          </EmptyState>
        }
      >
        {(list) => (
          <section aria-labelledby="activity-title">
            <h2 id="activity-title">{t('activity.title')}</h2>
            <ol className="activity-list">
              {list.entries.map((entry) => (
                <ActivityItem key={entry.id} entry={entry} />
              ))}
            </ol>
            <ListPager
              label={t('activity.pagesLabel')}
              offset={offset}
              total={list.total}
              pageSize={entriesPerPage}
              onPage={(from) =>
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  if (from === 0) next.delete('from');
                  else next.set('from', String(from));
                  return next;
                })
              }
            />
          </section>
        )}
      </QueryState>
    </div>
  );
}
