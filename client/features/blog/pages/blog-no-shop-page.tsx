import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

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
