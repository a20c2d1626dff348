import { useId } from 'react';
import type { BillingOverview, LimitUsage } from '#shared/schemas/billing.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { BillingFormat } from '../use-billing-format.ts';

type MeterKey = 'stores' | 'pagesAudited' | 'blogPosts';

/**
 * One limit's usage: the words ("1 of 5 stores") and a <meter> they name, so that a screen reader
 * announces the same sentence the eye reads. A limit the plan does not set has words and no meter.
 */
function UsageMeter({
  meter,
  usage,
  format,
}: {
  meter: MeterKey;
  usage: LimitUsage;
  format: BillingFormat;
}) {
  const { t } = useTranslation('subscription');
  const labelId = useId();
  if (usage.limit === null) {
    return (
      <li className="usage-meter">
        <span>{t(`subscription.usage.${meter}Unlimited`, { count: usage.used })}</span>
      </li>
    );
  }
  return (
    <li className="usage-meter">
      <span id={labelId}>
        {t(`subscription.usage.${meter}`, { used: format.number(usage.used), count: usage.limit })}
      </span>
      <meter
        aria-labelledby={labelId}
        min={0}
        max={Math.max(usage.limit, 1)}
        value={Math.min(usage.used, Math.max(usage.limit, 1))}
        high={usage.limit * 0.8}
        optimum={0}
      />
    </li>
  );
}

/** Usage against each limit of the plan in force, and the stores paused beyond its store limit. */
export function UsageMeters({
  overview,
  format,
}: {
  overview: BillingOverview;
  format: BillingFormat;
}) {
  const { t } = useTranslation('subscription');
  const paused = overview.stores.filter((store) => store.paused);
  return (
    <section className="card subscription-usage" aria-labelledby="subscription-usage">
      <h2 id="subscription-usage">{t('subscription.usage.title')}</h2>
      <ul className="usage-meters">
        <UsageMeter meter="stores" usage={overview.usage.stores} format={format} />
        <UsageMeter meter="pagesAudited" usage={overview.usage.pagesAudited} format={format} />
        <UsageMeter meter="blogPosts" usage={overview.usage.blogPostsThisMonth} format={format} />
      </ul>
      {overview.storesPaused > 0 && (
        <div className="notice">
          <p>{t('subscription.usage.storesPaused', { count: overview.storesPaused })}</p>
          {paused.length > 0 && (
            <ul>
              {paused.map((store) => (
                <li key={store.id}>
                  {t('subscription.usage.paused', { store: store.shopDomain })}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
