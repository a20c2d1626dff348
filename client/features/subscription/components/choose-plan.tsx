import { useState } from 'react';
import {
  billingIntervals,
  paidPlanIds,
  type BillingInterval,
  type PaidPlanId,
} from '#shared/billing.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { BillingFormat } from '../use-billing-format.ts';

/**
 * For an owner without a subscription: the billing period, then a button per paid plan with its
 * price, which starts Stripe's Checkout.
 */
export function ChoosePlan({
  format,
  busy,
  onChoose,
}: {
  format: BillingFormat;
  busy: boolean;
  onChoose: (plan: PaidPlanId, interval: BillingInterval) => void;
}) {
  const { t } = useTranslation('subscription');
  const [interval, setInterval] = useState<BillingInterval>('month');
  return (
    <section className="card subscription-choose" aria-labelledby="subscription-choose">
      <h2 id="subscription-choose">{t('subscription.choose.title')}</h2>
      <fieldset className="subscription-intervals">
        <legend>{t('subscription.choose.intervalLegend')}</legend>
        {billingIntervals.map((option) => (
          <label key={option} className="subscription-interval">
            <input
              type="radio"
              name="subscription-interval"
              value={option}
              checked={interval === option}
              onChange={() => setInterval(option)}
            />
            <span>{t(`subscription.choose.intervals.${option}`)}</span>
          </label>
        ))}
      </fieldset>
      <ul className="subscription-offers">
        {paidPlanIds.map((plan) => (
          <li key={plan} className="subscription-offer">
            <span className="subscription-offer-price">
              {t(`subscription.price.${interval}`, { price: format.price(plan, interval) })}
            </span>
            <button
              type="button"
              className="button"
              disabled={busy}
              onClick={() => onChoose(plan, interval)}
            >
              {t('subscription.choose.choosePlan', { plan: t(`subscription.plans.${plan}`) })}
            </button>
          </li>
        ))}
      </ul>
      <p>
        <AppLink to="/pricing">{t('subscription.choose.pricingLink')}</AppLink>
      </p>
    </section>
  );
}
