import { AppLink } from '../../../components/app-link.tsx';
import { DocumentHead } from '../../../components/document-head.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['seo'];

/** The SEO overview of a new account: what the audit will check, once a store is connected. */
export default function SeoOverviewPage() {
  const { t } = useTranslation('seo');
  const { t: tCommon } = useTranslation();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.seo')} />
      <PageHeader title={tCommon('routes.seo')} />
      <EmptyState
        title={t('seo.emptyTitle')}
        actions={
          <AppLink className="button" to="/shops">
            {t('seo.shopsLink')}
          </AppLink>
        }
      >
        <p>{t('seo.text')}</p>
        <p>{t('seo.findings')}</p>
      </EmptyState>
    </div>
  );
}
