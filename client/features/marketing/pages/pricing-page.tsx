import { useState } from 'react';
import type { Plan } from '../../../../shared/plans.ts';
import type { StaticPagePayload } from '../../../../shared/static-pages.ts';
import { DocumentHead } from '../../../components/document-head.tsx';
import { useStaticPagePayload } from '../../../lib/static-page-payload.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { BillingPeriodToggle } from '../components/billing-period-toggle.tsx';
import { PlanCard } from '../components/plan-card.tsx';
import type { BillingPeriod } from '../format-plan-price.ts';
import { usePageLanguage } from '../use-page-language.ts';
import '../marketing.css';

export const namespaces = ['marketing'] as const;

const questions = ['card', 'upgrade', 'yearly', 'pages'] as const;

function plansOf(payload: StaticPagePayload): readonly Plan[] {
  if (payload.path !== '/pricing') {
    throw new Error(`The pricing page was given the payload of ${payload.path}`);
  }
  return payload.data.plans;
}

/**
 * `/pricing`: the plans of shared/plans.ts, as the page's payload carries them, with prices for
 * the period the visitor picks (monthly first, as the prerendered page shows it).
 */
export default function PricingPage() {
  const { t } = useTranslation('marketing');
  const language = usePageLanguage();
  const plans = plansOf(useStaticPagePayload());
  const [period, setPeriod] = useState<BillingPeriod>('monthly');

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
          <PlanCard key={plan.id} plan={plan} period={period} language={language} />
        ))}
      </ul>
      <p className="marketing-prose pricing-paid-soon">{t('pricing.paidSoon')}</p>

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
