import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import type { Plan } from '#shared/plans.ts';
import { loginAddress } from '#shared/login-address.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { signUpThenCheckoutPath } from '../checkout-path.ts';

/**
 * Where a visitor, a Free owner and a subscriber go from a plan's card:
 * - a visitor signs up first, then lands on /subscription?start=<plan>-<interval>, which starts
 *   checkout at once (checkout-path.ts);
 * - a signed-in owner on Free starts checkout here;
 * - a subscriber changes plan on /subscription, since a second subscription would be refused.
 */
export type PlanActionKind = 'sign-up' | 'checkout' | 'manage' | 'none';

export function PlanAction({
  plan,
  interval,
  kind,
  current,
  busy,
  onCheckout,
}: {
  plan: Plan;
  interval: BillingInterval;
  kind: PlanActionKind;
  current: boolean;
  busy: boolean;
  onCheckout: (plan: PaidPlanId) => void;
}) {
  const { t } = useTranslation('marketing');
  const name = t(`pricing.plans.${plan.id}.name`);
  if (plan.id === 'free') {
    return kind === 'sign-up' ? (
      <AppLink className="button" to={loginAddress({ signUp: true })}>
        {t('pricing.startFree')}
      </AppLink>
    ) : null;
  }
  const paidPlan: PaidPlanId = plan.id;
  switch (kind) {
    case 'sign-up':
      return (
        <AppLink className="button" to={signUpThenCheckoutPath(paidPlan, interval)}>
          {t('pricing.choosePlan', { plan: name })}
        </AppLink>
      );
    case 'checkout':
      return (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => onCheckout(paidPlan)}
        >
          {t('pricing.choosePlan', { plan: name })}
        </button>
      );
    case 'manage':
      return (
        <AppLink className={current ? 'button button-secondary' : 'button'} to="/subscription">
          {current ? t('pricing.manageSubscription') : t('pricing.changePlan', { plan: name })}
        </AppLink>
      );
    case 'none':
      return null;
  }
}
