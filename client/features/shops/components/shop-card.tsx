import { useId } from 'react';
import { plans, type PlanId } from '#shared/plans.ts';
import type { Shop } from '#shared/schemas/shops.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  countKinds,
  displayedStateOf,
  displayNameOf,
  offersReconnect,
  orderedLocales,
  problemOf,
} from '../shop-presentation.ts';
import { ImportProgress } from './import-progress.tsx';

/**
 * One connected store: its name and addresses, its state (the import's progress while it runs, the
 * last sync once ready and while a reconnected store imports again, why it needs the owner
 * otherwise, said once, with Reconnect), what Vitrine holds of it and in which languages, and
 * Disconnect. A store the plan pauses says so, with how many stores the plan allows and the button
 * that keeps this one active instead. A copy the plan bounds says how much of the store it holds and
 * how many pages the plan audits, with the plans that audit more when one does.
 */
export function ShopCard({
  shop,
  plan,
  maxStores,
  keepingActive = false,
  onReconnect,
  onDisconnect,
  onKeepActive,
}: {
  shop: Shop;
  /** The owner's plan. */
  plan: PlanId;
  /** How many stores the owner's plan keeps active. */
  maxStores: number;
  /** Whether the choice of this store as the active one is on its way. */
  keepingActive?: boolean;
  onReconnect: (shop: Shop) => void;
  onDisconnect: (shop: Shop) => void;
  onKeepActive: (shop: Shop) => void;
}) {
  const { t, i18n } = useTranslation('shops');
  const errorText = useApiErrorText();
  const titleId = useId();
  const name = displayNameOf(shop);
  const language = i18n.resolvedLanguage ?? 'en';
  const moving = shop.state === 'connecting' || shop.state === 'importing';
  const displayedState = displayedStateOf(shop);
  const problem = problemOf(shop);
  // A reason without words of its own would only repeat the state's name: it is left out.
  const reason =
    problem === null || problem.reasonCode === null ? '' : errorText(problem.reasonCode, '');

  return (
    <li className="card shop-card" aria-labelledby={titleId}>
      <div className="shop-card-header">
        <h3 id={titleId}>{name}</h3>
        <span className={`shop-state shop-state-${displayedState}`}>
          {t(`store.states.${displayedState}`)}
        </span>
      </div>
      {/* Until the import has read the store's name, the heading already shows its domain. */}
      {shop.name !== null && (
        <p className="muted shop-domains">
          {shop.shopDomain}
          {shop.primaryDomain !== null && shop.primaryDomain !== shop.shopDomain && (
            <> · {shop.primaryDomain}</>
          )}
        </p>
      )}

      {shop.paused && (
        <div className="notice shop-paused">
          <p>
            <strong>{t('store.paused', { count: maxStores })}</strong> {t('store.pausedText')}
          </p>
        </div>
      )}
      {moving && <ImportProgress shop={shop} name={name} />}
      {shop.partialCopy.length > 0 && <PartialCopyNotice shop={shop} plan={plan} />}
      {(displayedState === 'ready' || displayedState === 'reimporting') && (
        <p>
          {shop.lastSyncedAt === null
            ? t('store.notSyncedYet')
            : t('store.lastSynced', { date: formatDate(shop.lastSyncedAt, language) })}
        </p>
      )}
      {problem !== null && (
        <div className="shop-problem" role="alert">
          {reason !== '' && <p>{t('store.reason', { reason })}</p>}
          {problem.instruction !== null && (
            <p>
              {problem.instruction === 'reconnect'
                ? t('store.reconnectText')
                : t('store.errorText')}
            </p>
          )}
        </div>
      )}

      {displayedState !== 'connecting' && (
        <div className="shop-details">
          <h4>{t('store.countsTitle')}</h4>
          <ul className="shop-counts">
            {countKinds.map((kind) => (
              <li key={kind}>{t(`counts.${kind}`, { count: shop.counts[kind] })}</li>
            ))}
          </ul>
        </div>
      )}
      {shop.locales.length > 0 && (
        <div className="shop-details">
          <h4>{t('store.languagesTitle')}</h4>
          <ul className="shop-locales">
            {orderedLocales(shop.locales).map((locale) => (
              <li key={locale.locale}>
                {locale.url === null ? (
                  languageName(locale.locale, language, locale.name)
                ) : (
                  <a href={locale.url} rel="noreferrer">
                    {languageName(locale.locale, language, locale.name)}
                  </a>
                )}
                {locale.primary && <span className="muted"> ({t('store.primary')})</span>}
                {!locale.published && <span className="muted"> ({t('store.unpublished')})</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="button-row shop-actions">
        {shop.paused && (
          <button
            type="button"
            className="button"
            aria-label={t('store.keepActiveLabel', { name })}
            disabled={keepingActive}
            onClick={() => onKeepActive(shop)}
          >
            {t('store.keepActive')}
          </button>
        )}
        {offersReconnect(shop) && (
          <button
            type="button"
            className="button"
            aria-label={t('store.reconnectLabel', { name })}
            onClick={() => onReconnect(shop)}
          >
            {t('store.reconnect')}
          </button>
        )}
        <button
          type="button"
          className="button button-secondary"
          aria-label={t('store.disconnectLabel', { name })}
          onClick={() => onDisconnect(shop)}
        >
          {t('store.disconnect')}
        </button>
      </div>
    </li>
  );
}

/**
 * "N of M products copied: your plan audits up to P pages", for each kind the copy holds in part,
 * and the plans that audit more pages when there is one.
 */
function PartialCopyNotice({ shop, plan }: { shop: Shop; plan: PlanId }) {
  const { t } = useTranslation('shops');
  const pages = pagesAuditedBy(plan);
  const morePages = plans.some((other) => pagesAuditedBy(other.id) > pages);
  return (
    <div className="notice shop-partial-copy">
      {shop.partialCopy.map((part) => (
        <p key={part.kind}>
          {part.total === null
            ? t(`store.partialCopy.${part.kind}NoTotal`, { copied: part.copied, pages })
            : t(`store.partialCopy.${part.kind}`, {
                copied: part.copied,
                total: part.total,
                pages,
              })}
        </p>
      ))}
      {morePages && (
        <p>
          <AppLink to="/pricing">{t('store.partialCopy.upgrade')}</AppLink>
        </p>
      )}
    </div>
  );
}

function pagesAuditedBy(planId: PlanId): number {
  return plans.find((candidate) => candidate.id === planId)?.limits.pagesAudited ?? 0;
}

function formatDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(isoDate),
  );
}

/** The language's name in the reader's language (`fr` → "French" or "français"). */
function languageName(locale: string, language: string, fallback: string): string {
  try {
    return new Intl.DisplayNames([language], { type: 'language' }).of(locale) ?? fallback;
  } catch {
    return fallback;
  }
}
