import type { BillingOverview } from '#shared/schemas/billing.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { PlanStanding } from '../billing-state.ts';
import type { BillingFormat } from '../use-billing-format.ts';

/**
 * The plan in force and its standing in words: active and when it renews, ending on a date,
 * a failed payment with the date the plan is kept until, or Free's limits applying until it is
 * paid; the price paid for the period when a discount applied to it, beside the plan's; with "Fix payment" (Stripe's portal) whenever a payment is owed.
 */
export function PlanSummary({
  overview,
  standing,
  format,
  openingPortal,
  onFixPayment,
}: {
  overview: BillingOverview;
  standing: PlanStanding;
  format: BillingFormat;
  openingPortal: boolean;
  onFixPayment: () => void;
}) {
  const { t } = useTranslation('subscription');
  const subscription = standing.kind === 'free' ? null : standing.subscription;
  const paymentOwed =
    standing.kind === 'past-due' || standing.kind === 'lapsed' || standing.kind === 'incomplete';

  function standingText(): string {
    switch (standing.kind) {
      case 'free':
        return t('subscription.standing.free');
      case 'active':
        return t('subscription.standing.active', {
          date: format.date(standing.subscription.currentPeriodEnd),
        });
      case 'cancelling':
        return t('subscription.standing.cancelling', {
          date: format.date(standing.subscription.currentPeriodEnd),
        });
      case 'past-due': {
        const plan = t(`subscription.plans.${standing.subscription.plan}`);
        const { graceEndsAt } = standing.subscription;
        return graceEndsAt === null
          ? t('subscription.standing.pastDueNoDate', { plan })
          : t('subscription.standing.pastDue', { plan, date: format.date(graceEndsAt) });
      }
      case 'lapsed':
        return t('subscription.standing.lapsed');
      case 'incomplete':
        return t('subscription.standing.incomplete');
    }
  }

  return (
    <section
      className="card subscription-plan"
      aria-labelledby="subscription-plan"
      data-standing={standing.kind}
    >
      <p className="muted">{t('subscription.currentPlan')}</p>
      <h2 id="subscription-plan" className="subscription-plan-name">
        {t(`subscription.plans.${overview.plan}`)}
      </h2>
      {subscription !== null && overview.plan !== 'free' && (
        <p className="subscription-plan-price">
          {subscription.discountedPriceCents === null
            ? t(`subscription.price.${subscription.interval}`, {
                price: format.price(subscription.plan, subscription.interval),
              })
            : t(`subscription.price.discounted.${subscription.interval}`, {
                paid: format.amount(subscription.plan, subscription.discountedPriceCents),
                price: format.price(subscription.plan, subscription.interval),
              })}
        </p>
      )}
      <p className={paymentOwed ? 'form-error' : undefined}>{standingText()}</p>
      {paymentOwed && (
        <div className="button-row subscription-plan-actions">
          <button type="button" className="button" disabled={openingPortal} onClick={onFixPayment}>
            {t('subscription.fixPayment')}
          </button>
        </div>
      )}
    </section>
  );
}
