import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { EmptyState } from '#client/components/empty-state.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['blog'];

/**
 * /blog is open to everyone (shared/routes.ts): a visitor learns what the blog is for and how to
 * start; a signed-in user without a connected store is pointed at /blog-no-shop.
 */
export default function BlogPage() {
  const { t } = useTranslation('blog');
  const { t: tCommon } = useTranslation();
  const auth = useAuthState();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.blog')} />
      <PageHeader title={tCommon('routes.blog')}>
        <p>{t('blog.intro')}</p>
      </PageHeader>
      {auth.status === 'signed-in' ? (
        <EmptyState
          title={t('blog.noShopTitle')}
          actions={
            <AppLink className="button" to="/blog-no-shop">
              {t('blog.noShopLink')}
            </AppLink>
          }
        >
          <p>{t('blog.noShopText')}</p>
        </EmptyState>
      ) : (
        <section className="card">
          <p>{t('blog.signedOutText')}</p>
          <p>
            <AppLink className="button" to="/login?redirect=%2Fblog">
              {t('blog.signInLink')}
            </AppLink>
          </p>
        </section>
      )}
    </div>
  );
}
