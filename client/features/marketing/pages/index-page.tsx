import { loginAddress } from '#shared/login-address.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { DocumentHead } from '#client/components/document-head.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import { TextList } from '../components/text-list.tsx';
import '../marketing.css';

export const namespaces = ['marketing'] as const;

/** "Create your free account" opens the sign-up form, not the sign-in. */
const signUpAddress = loginAddress({ signUp: true });

/** What Vitrine does for a store, in the order an owner meets it. */
const features = ['audit', 'findings', 'languages', 'fixes', 'blog', 'dashboard'] as const;

/** `/`: what Vitrine does for a Shopify store owner, and the way in (sign up, or see the plans). */
export default function IndexPage() {
  const { t } = useTranslation('marketing');

  return (
    <div className="marketing">
      <DocumentHead title={t('heads.index.title')} description={t('heads.index.description')} />

      <section className="marketing-hero" aria-labelledby="home-title">
        <h1 id="home-title">{t('home.hero.title')}</h1>
        <p className="marketing-lead">{t('home.hero.lead')}</p>
        <div className="marketing-actions">
          <AppLink className="button" to={signUpAddress}>
            {t('home.hero.signUp')}
          </AppLink>
          <AppLink className="button button-secondary" to="/pricing">
            {t('home.hero.seePricing')}
          </AppLink>
        </div>
        <p className="marketing-note">{t('home.hero.note')}</p>
      </section>

      <section className="marketing-section" aria-labelledby="home-features">
        <h2 id="home-features">{t('home.features.heading')}</h2>
        <ul className="marketing-features">
          {features.map((feature) => (
            <li key={feature} className="card">
              <h3>{t(`home.features.${feature}.title`)}</h3>
              <p>{t(`home.features.${feature}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="marketing-section" aria-labelledby="home-finding">
        <h2 id="home-finding">{t('home.finding.heading')}</h2>
        <p className="marketing-prose">{t('home.finding.intro')}</p>
        <figure className="card marketing-finding">
          <figcaption className="marketing-finding-page">{t('home.finding.page')}</figcaption>
          <dl>
            <dt>{t('home.finding.whatLabel')}</dt>
            <dd>{t('home.finding.what')}</dd>
            <dt>{t('home.finding.whyLabel')}</dt>
            <dd>{t('home.finding.why')}</dd>
            <dt>{t('home.finding.howLabel')}</dt>
            <dd>{t('home.finding.how')}</dd>
          </dl>
        </figure>
      </section>

      <section className="marketing-section" aria-labelledby="home-steps">
        <h2 id="home-steps">{t('home.steps.heading')}</h2>
        <TextList
          ordered
          className="marketing-steps"
          group={t('home.steps.items', { returnObjects: true })}
        />
      </section>

      <section className="marketing-section marketing-prose" aria-labelledby="home-plans">
        <h2 id="home-plans">{t('home.plans.heading')}</h2>
        <p>{t('home.plans.text')}</p>
        <p>
          <AppLink to="/pricing">{t('home.plans.link')}</AppLink>
        </p>
      </section>

      <section className="marketing-section marketing-closing" aria-labelledby="home-closing">
        <h2 id="home-closing">{t('home.closing.heading')}</h2>
        <p>{t('home.closing.text')}</p>
        <AppLink className="button" to={signUpAddress}>
          {t('home.closing.signUp')}
        </AppLink>
      </section>
    </div>
  );
}
