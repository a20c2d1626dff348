import { plans } from '../../../../shared/plans.ts';
import { DocumentHead } from '../../../components/document-head.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['shops'];

const freePlan = plans[0];

/**
 * No store can be connected yet (the Shopify connection is still to come): the screen says what
 * connecting will do and that it is coming, with no control that would pretend to work.
 */
export default function ShopsPage() {
  const { t } = useTranslation('shops');
  const { t: tCommon } = useTranslation();
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.shops')} />
      <PageHeader title={tCommon('routes.shops')} />
      <EmptyState title={t('shops.emptyTitle')}>
        <p>{t('shops.intro')}</p>
        <ul className="checklist">
          <li>{t('shops.benefits.sync')}</li>
          <li>{t('shops.benefits.audit')}</li>
          <li>{t('shops.benefits.blog')}</li>
        </ul>
        <p className="notice">{t('shops.soon')}</p>
        <p className="muted">{t('shops.planLimit', { count: freePlan.limits.stores })}</p>
      </EmptyState>
    </div>
  );
}
