import type { ReactNode } from 'react';
import type { Language } from '#shared/constants.ts';
import type { Plan } from '#shared/plans.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { displayedPlanPrice, formatCount, type BillingPeriod } from '../format-plan-price.ts';

/**
 * One plan of the pricing grid: its price for the chosen period, its limits and what it adds, and
 * what the visitor can do about it (`action`, which the page picks: sign up, check out, or change
 * plan). A signed-in owner sees which plan is theirs.
 */
export function PlanCard({
  plan,
  period,
  language,
  current,
  action,
}: {
  plan: Plan;
  period: BillingPeriod;
  language: Language;
  /** True on the owner's plan now in force. */
  current: boolean;
  action: ReactNode;
}) {
  const { t } = useTranslation('marketing');
  const name = t(`pricing.plans.${plan.id}.name`);
  const price = displayedPlanPrice(plan, period, language);
  const isFree = plan.monthlyPriceCents === 0;
  const count = (value: number) => ({ count: value, formatted: formatCount(value, language) });
  const { stores, pagesAudited, blogPostsPerMonth } = plan.limits;
  const priceNote = isFree
    ? t('pricing.price.noPaymentDetails')
    : price.yearlySaving !== null
      ? t('pricing.price.yearlySaving', { amount: price.yearlySaving })
      : null;

  return (
    <li className="card plan-card" data-current={current}>
      <h2 id={`plan-${plan.id}`} className="plan-card-name">
        {name}
        {current && (
          <>
            {' '}
            <span className="plan-card-current">{t('pricing.currentPlan')}</span>
          </>
        )}
      </h2>
      <p className="plan-card-tagline">{t(`pricing.plans.${plan.id}.tagline`)}</p>
      <p className="plan-card-price">
        <span className="plan-card-amount">{price.amount}</span>{' '}
        <span className="plan-card-period">
          {t(period === 'monthly' ? 'pricing.price.perMonth' : 'pricing.price.perYear')}
        </span>
      </p>
      {/* Present even when empty: every card fills the same six rows of the pricing grid. */}
      <p className="plan-card-price-note">{priceNote}</p>
      <ul className="plan-card-includes" aria-label={t('pricing.includedLabel', { plan: name })}>
        <li>{t('pricing.limits.stores', count(stores))}</li>
        <li>{t('pricing.limits.pagesAudited', count(pagesAudited))}</li>
        <li>
          {blogPostsPerMonth === null
            ? t('pricing.limits.blogPostsUnlimited')
            : t('pricing.limits.blogPosts', count(blogPostsPerMonth))}
        </li>
        {plan.features.map((feature) => (
          <li key={feature}>{t(`pricing.features.${feature}`)}</li>
        ))}
      </ul>
      <div className="plan-card-action">{action}</div>
    </li>
  );
}
