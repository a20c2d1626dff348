import { signUpPlan } from '../../../../shared/constants.ts';
import { plans } from '../../../../shared/plans.ts';
import { AppLink } from '../../../components/app-link.tsx';
import { DocumentHead } from '../../../components/document-head.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import type { Namespace } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

export const namespaces: readonly Namespace[] = ['subscription'];

/**
 * The plan shown is the sign-up plan, not read from the account: every account is on Free until
 * billing arrives, since the account's subscriptionPlan is always 'free' at sign-up (signUpPlan)
 * and nothing changes it yet. Its limits come from shared/plans.ts, the one definition the pricing
 * page and (later) the API use too.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const { t: tCommon } = useTranslation();
  const plan = plans.find((candidate) => candidate.id === signUpPlan) ?? plans[0];
  const { stores, pagesAudited, blogPostsPerMonth } = plan.limits;
  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.subscription')} />
      <PageHeader title={tCommon('routes.subscription')} />
      <section className="card plan-card">
        <p className="muted">{t('subscription.currentPlan')}</p>
        <h2 className="plan-name">{t(`subscription.plans.${plan.id}`)}</h2>
        <p>{t('subscription.freeText')}</p>
        <h3>{t('subscription.limitsTitle')}</h3>
        <ul className="checklist">
          <li>{t('subscription.stores', { count: stores })}</li>
          <li>{t('subscription.pages', { count: pagesAudited })}</li>
          <li>
            {blogPostsPerMonth === null
              ? t('subscription.postsUnlimited')
              : t('subscription.posts', { count: blogPostsPerMonth })}
          </li>
          {plan.features.map((feature) => (
            <li key={feature}>{t(`subscription.features.${feature}`)}</li>
          ))}
        </ul>
      </section>
      <section className="card">
        <p>{t('subscription.paidPlans')}</p>
        <p>
          <AppLink className="button" to="/pricing">
            {t('subscription.pricingLink')}
          </AppLink>
        </p>
      </section>
    </div>
  );
}
