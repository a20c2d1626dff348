import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import type { Plan } from '#shared/plans.ts';
import type { StaticPagePayload } from '#shared/static-pages.ts';
import { DocumentHead } from '#client/components/document-head.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useStaticPagePayload } from '#client/lib/static-page-payload.tsx';
import { usePageRestored } from '#client/lib/use-page-restored.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { BillingPeriodToggle } from '../components/billing-period-toggle.tsx';
import { PlanAction, type PlanActionKind } from '../components/plan-action.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import type { BillingPeriod } from '../format-plan-price.ts';
import { loadBillingApi } from '../load-billing-api.ts';
import { hasRunningSubscription, useOwnerBilling } from '../use-owner-billing.ts';
import { usePageLanguage } from '../use-page-language.ts';
import '#client/components/form-controls.css';
import '../marketing.css';

export const namespaces = ['marketing'] as const;

const questions = ['card', 'upgrade', 'yearly', 'pages'] as const;

function plansOf(payload: StaticPagePayload): readonly Plan[] {
  if (payload.path !== '/pricing') {
    throw new Error(`The pricing page was given the payload of ${payload.path}`);
  }
  return payload.data.plans;
}

const intervalOf: Record<BillingPeriod, BillingInterval> = { monthly: 'month', yearly: 'year' };

type CheckoutState = { kind: 'idle' } | { kind: 'starting' } | { kind: 'failed'; message: string };

/**
 * `/pricing`: the plans of shared/plans.ts, as the page's payload carries them, with prices for
 * the period the visitor picks (monthly first, as the prerendered page shows it), and the way to
 * each paid plan: through sign-up for a visitor, straight to Stripe's Checkout for a signed-in
 * owner on Free, to the subscription screen for a subscriber.
 */
export default function PricingPage() {
  const { t } = useTranslation('marketing');
  const errorText = useApiErrorText();
  const navigate = useNavigate();
  const language = usePageLanguage();
  const plans = plansOf(useStaticPagePayload());
  const [period, setPeriod] = useState<BillingPeriod>('monthly');
  const auth = useAuthState();
  const billing = useOwnerBilling();
  const [checkout, setCheckout] = useState<CheckoutState>({ kind: 'idle' });
  // Back from Stripe through the browser's cache, the page would still be on its way out.
  usePageRestored(() =>
    setCheckout((current) => (current.kind === 'starting' ? { kind: 'idle' } : current)),
  );
  const signedIn = auth.status === 'signed-in';
  const subscribed = hasRunningSubscription(billing);

  function actionFor(plan: Plan): PlanActionKind {
    if (!signedIn) return 'sign-up';
    if (plan.id === 'free') return 'none';
    return subscribed ? 'manage' : 'checkout';
  }

  async function goToCheckout(plan: PaidPlanId): Promise<void> {
    if (checkout.kind === 'starting') return;
    setCheckout({ kind: 'starting' });
    let url: string;
    try {
      const { startCheckout } = await loadBillingApi();
      url = await startCheckout(plan, intervalOf[period]);
    } catch (failure) {
      const code = errorCodeOf(failure);
      if (code === 'subscription_exists') {
        // Subscribed already (in another tab, or before the plan could be read): change plan there.
        await navigate('/subscription');
        return;
      }
      setCheckout({ kind: 'failed', message: errorText(code, t('pricing.checkoutFailed')) });
      return;
    }
    // The page stays as it is, "Taking you to checkout…", until Stripe's page replaces it (and
    // is reset if the browser's Back brings it back from its cache).
    window.location.assign(url);
  }

  return (
    <div className="marketing">
      <DocumentHead title={t('heads.pricing.title')} description={t('heads.pricing.description')} />

      <header className="marketing-hero marketing-hero-compact">
        <h1>{t('pricing.title')}</h1>
        <p className="marketing-lead">{t('pricing.lead')}</p>
      </header>

      <BillingPeriodToggle period={period} onChange={setPeriod} />

      <ul className="pricing-grid">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            period={period}
            language={language}
            current={billing?.plan === plan.id}
            action={
              <PlanAction
                plan={plan}
                interval={intervalOf[period]}
                kind={actionFor(plan)}
                current={billing?.plan === plan.id}
                busy={checkout.kind === 'starting'}
                onCheckout={(paidPlan) => void goToCheckout(paidPlan)}
              />
            }
          />
        ))}
      </ul>
      <div className="marketing-prose pricing-checkout">
        <p className="form-status" role="status">
          {checkout.kind === 'starting' ? t('pricing.redirecting') : ''}
        </p>
        {checkout.kind === 'failed' && (
          <p className="form-error" role="alert">
            {checkout.message}
          </p>
        )}
      </div>

      <section className="marketing-section marketing-prose" aria-labelledby="pricing-faq">
        <h2 id="pricing-faq">{t('pricing.faq.heading')}</h2>
        {questions.map((question) => (
          <div key={question} className="marketing-question">
            <h3>{t(`pricing.faq.${question}.question`)}</h3>
            <p>{t(`pricing.faq.${question}.answer`)}</p>
          </div>
        ))}
      </section>
    </div>
  );
}
