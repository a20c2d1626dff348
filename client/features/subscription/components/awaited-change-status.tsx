import type { BillingOverview } from '#shared/schemas/billing.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { AwaitedState } from '../billing-state.ts';

/**
 * Where a change Stripe took stands: waiting for its confirmation (and, after a minute, that it
 * is taking longer than usual, with "Check again"), or done. A live region, so that the outcome is
 * announced without moving the focus.
 */
export function AwaitedChangeStatus({
  awaited,
  overview,
  checking,
  onCheckAgain,
}: {
  awaited: AwaitedState;
  overview: BillingOverview | undefined;
  checking: boolean;
  onCheckAgain: () => void;
}) {
  const { t } = useTranslation('subscription');
  const planName = t(
    `subscription.plans.${overview?.subscription?.plan ?? overview?.plan ?? 'free'}`,
  );
  return (
    <div className="subscription-awaited">
      <p className={awaited.kind === 'arrived' ? 'form-success' : 'form-status'} role="status">
        {awaited.kind === 'waiting' && t(`subscription.waiting.${awaited.change.kind}`)}
        {awaited.kind === 'arrived' &&
          t(`subscription.arrived.${awaited.change.kind}`, { plan: planName })}
      </p>
      {awaited.kind === 'waiting' && awaited.overdue && (
        <div className="notice">
          <p>{t('subscription.waiting.overdue')}</p>
          <button
            type="button"
            className="button button-secondary"
            disabled={checking}
            onClick={onCheckAgain}
          >
            {t('subscription.waiting.checkAgain')}
          </button>
        </div>
      )}
    </div>
  );
}
