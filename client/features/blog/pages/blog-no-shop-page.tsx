import { AppLink } from '../../../components/app-link.tsx';
import { DocumentHead } from '../../../components/document-head.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['blog'];

/** The blog without a connected store: why it waits for one. */
export default function BlogNoShopPage() {
  const { t } = useTranslation('blog');
  const { t: tCommon } = useTranslation();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.blog-no-shop')} />
      <PageHeader title={tCommon('routes.blog-no-shop')} />
      <EmptyState
        title={t('blog.noShopTitle')}
        actions={
          <AppLink className="button" to="/shops">
            {t('blogNoShop.shopsLink')}
          </AppLink>
        }
      >
        <p>{t('blogNoShop.text')}</p>
        <p className="notice">{t('blogNoShop.soon')}</p>
      </EmptyState>
    </div>
  );
}
