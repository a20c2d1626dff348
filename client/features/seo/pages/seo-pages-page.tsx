import { AppLink } from '../../../components/app-link.tsx';
import { DocumentHead } from '../../../components/document-head.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['seo'];

/** The list of audited pages, empty until a store is connected. */
export default function SeoPagesPage() {
  const { t } = useTranslation('seo');
  const { t: tCommon } = useTranslation();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.seo-pages')} />
      <PageHeader title={tCommon('routes.seo-pages')} />
      <EmptyState
        title={t('seoPages.emptyTitle')}
        actions={
          <AppLink className="button button-secondary" to="/seo">
            {t('seoPages.overviewLink')}
          </AppLink>
        }
      >
        <p>{t('seoPages.text')}</p>
      </EmptyState>
    </div>
  );
}
