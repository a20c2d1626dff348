import { useTranslation } from '#client/lib/use-translation.ts';
import { billingPeriods, type BillingPeriod } from '../format-plan-price.ts';

/**
 * Monthly or yearly prices: two radio buttons styled as one switch, so that the choice is a single
 * tab stop, changes with the arrow keys and is announced as "1 of 2" by screen readers.
 */
export function BillingPeriodToggle({
  period,
  onChange,
}: {
  period: BillingPeriod;
  onChange: (period: BillingPeriod) => void;
}) {
  const { t } = useTranslation('marketing');
  return (
    <fieldset className="billing-toggle">
      <legend className="billing-toggle-legend">{t('pricing.billing.legend')}</legend>
      <div className="billing-toggle-options">
        {billingPeriods.map((option) => (
          <label key={option} className="billing-toggle-option">
            <input
              type="radio"
              name="billing-period"
              value={option}
              checked={period === option}
              onChange={() => onChange(option)}
            />
            <span>{t(`pricing.billing.${option}`)}</span>
            {option === 'yearly' && (
              <span className="billing-toggle-bonus">{t('pricing.billing.yearlyBonus')}</span>
            )}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
