import { AppLink } from '#client/components/app-link.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { useBillingOverview } from '../api/billing-queries.ts';
import { paymentWarning } from '../billing-state.ts';

/**
 * The signed-in frame's warning that a renewal failed: until when the plan is kept, or that Free's
 * limits apply, with a link to the subscription screen, where "Fix payment" opens Stripe's portal.
 *
 * Cheap by design: the overview is read once when the frame mounts (once per page load, since the
 * frame stays across navigations; never on focus), nothing waits for it, and any failure to read
 * it shows nothing. The subscription screen reads the same overview, so the warning goes away as
 * soon as that screen sees the payment through.
 */
export function PaymentWarningBanner({ uid, shown }: { uid: string; shown: boolean }) {
  const { t, i18n } = useTranslation();
  const overviewQuery = useBillingOverview(uid);
  const warning = overviewQuery.data === undefined ? null : paymentWarning(overviewQuery.data);
  if (warning === null || !shown) return null;

  const locale = i18n.resolvedLanguage ?? 'en';
  const plan = t(`paymentBanner.plans.${warning.plan}`);
  const text =
    warning.kind === 'lapsed'
      ? t('paymentBanner.lapsed')
      : warning.graceEndsAt === null
        ? t('paymentBanner.pastDueNoDate', { plan })
        : t('paymentBanner.pastDue', {
            plan,
            date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(
              new Date(warning.graceEndsAt),
            ),
          });

  return (
    <div className="payment-warning" role="region" aria-label={t('paymentBanner.label')}>
      <p>
        {text} <AppLink to="/subscription">{t('paymentBanner.link')}</AppLink>
      </p>
    </div>
  );
}
