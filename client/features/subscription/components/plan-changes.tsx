import type { Subscription } from '#shared/schemas/billing.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { changesOnOffer, type PlannedChange } from '../billing-state.ts';

/**
 * The changes a renewing subscription offers (the other plan, the other billing period) and its
 * cancellation; each opens the confirmation that says what it will do.
 */
export function PlanChanges({
  subscription,
  busy,
  onPlan,
}: {
  subscription: Subscription;
  busy: boolean;
  onPlan: (change: PlannedChange) => void;
}) {
  const { t } = useTranslation('subscription');

  function labelOf(change: PlannedChange): string {
    switch (change.kind) {
      case 'upgrade':
      case 'downgrade':
        return t(`subscription.change.${change.kind}`, {
          plan: t(`subscription.plans.${change.plan}`),
        });
      case 'switch-interval':
        return t(`subscription.change.switchInterval.${change.interval}`);
      case 'cancel':
        return t('subscription.change.cancel');
    }
  }

  return (
    <section className="card subscription-changes" aria-labelledby="subscription-changes">
      <h2 id="subscription-changes">{t('subscription.change.title')}</h2>
      <div className="button-row">
        {changesOnOffer(subscription).map((change) => (
          <button
            key={change.kind}
            type="button"
            className={change.kind === 'upgrade' ? 'button' : 'button button-secondary'}
            disabled={busy}
            onClick={() => onPlan(change)}
          >
            {labelOf(change)}
          </button>
        ))}
      </div>
      <div className="button-row subscription-cancel">
        <button
          type="button"
          className="link-button"
          disabled={busy}
          onClick={() => onPlan({ kind: 'cancel' })}
        >
          {labelOf({ kind: 'cancel' })}
        </button>
      </div>
    </section>
  );
}
