import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PlanId } from '#shared/plans.ts';
import { shopDomainFrom } from '#shared/shop-domain.ts';
import { AppLink } from '#client/components/app-link.tsx';
import { FormField } from '#client/components/form-field.tsx';
import { reachedLimitOf, UpgradePrompt } from '#client/components/upgrade-prompt.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { ConnectionStatus } from '../use-connect-store.ts';

export interface StoreAllowanceView {
  used: number;
  max: number;
  atLimit: boolean;
  plan: PlanId;
}

/**
 * "Connect a store": the address is checked (shared/shop-domain.ts) before anything opens, so a
 * wrong one is told under the field and no popup appears; a good one opens Shopify's install screen
 * in the popup. The store an install started in Shopify named (`offeredShop`) comes first, with a
 * button of its own that takes the focus. The connection's progress and outcome are told here, for a
 * Reconnect too, in a live region. At the plan's limit the form is disabled and says why; a
 * connection the API refuses at the limit (another store connected meanwhile) names the plan that
 * allows more (UpgradePrompt).
 */
export function ConnectStoreForm({
  allowance,
  offeredShop,
  status,
  onConnect,
  onCancel,
}: {
  allowance: StoreAllowanceView | null;
  offeredShop: string | null;
  status: ConnectionStatus;
  onConnect: (shopDomain: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('shops');
  const errorText = useApiErrorText();
  const addressRef = useRef<HTMLInputElement>(null);
  const offerRef = useRef<HTMLButtonElement>(null);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | null>(null);
  const atLimit = allowance?.atLimit ?? false;

  // The owner came here to connect that store: the button that does it has the focus.
  useEffect(() => {
    if (offeredShop !== null) offerRef.current?.focus();
  }, [offeredShop]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (atLimit) return;
    const shopDomain = shopDomainFrom(address);
    if (shopDomain === null) {
      setAddressError(errorText('invalid_shop_domain', t('connect.failed')));
      addressRef.current?.focus();
      return;
    }
    setAddressError(null);
    // In the submit's own handler: the popup opens while the browser still allows it.
    onConnect(shopDomain);
  }

  return (
    <section className="card shops-connect" aria-labelledby="shops-connect-title">
      <h2 id="shops-connect-title">{t('connect.title')}</h2>
      <p className="muted">{t('connect.text')}</p>
      {allowance !== null && (
        <p>
          {t('connect.planLimit', {
            count: allowance.max,
            used: allowance.used,
            max: allowance.max,
            plan: t(`plans.${allowance.plan}`),
          })}
        </p>
      )}
      {atLimit && (
        <p className="notice">
          {t('connect.atLimit')} <AppLink to="/pricing">{t('connect.plans')}</AppLink>
        </p>
      )}
      {offeredShop !== null && (
        <div className="notice shops-offer">
          <p>{t('connect.fromShopify', { shop: offeredShop })}</p>
          <button
            ref={offerRef}
            type="button"
            className="button"
            disabled={atLimit}
            // In the click's own handler: the popup opens while the browser still allows it.
            onClick={() => onConnect(offeredShop)}
          >
            {t('connect.submitShop', { shop: offeredShop })}
          </button>
        </div>
      )}
      <form noValidate onSubmit={handleSubmit}>
        <fieldset className="shops-connect-fields" disabled={atLimit}>
          <FormField label={t('connect.address')} hint={t('connect.hint')} error={addressError}>
            {(control) => (
              <input
                {...control}
                ref={addressRef}
                name="shop"
                type="text"
                inputMode="url"
                autoComplete="url"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={255}
                placeholder="maison-exemple.myshopify.com"
                value={address}
                onChange={(event) => setAddress(event.target.value)}
              />
            )}
          </FormField>
          <div className="button-row">
            <button type="submit" className="button">
              {t('connect.submit')}
            </button>
          </div>
        </fieldset>
      </form>
      <ConnectionStatusMessage
        status={status}
        onCancel={onCancel}
        {...(allowance !== null && { currentPlan: allowance.plan })}
      />
    </section>
  );
}

/** What became of the last connection started from this screen. */
function ConnectionStatusMessage({
  status,
  onCancel,
  currentPlan,
}: {
  status: ConnectionStatus;
  onCancel: () => void;
  currentPlan?: PlanId;
}) {
  const { t } = useTranslation('shops');
  return (
    <>
      <div className="shops-connect-status" role="status">
        {status.kind === 'waiting' && (
          <>
            <p>{t('connect.waiting', { shop: status.shopDomain })}</p>
            <button type="button" className="button button-secondary" onClick={onCancel}>
              {t('connect.cancel')}
            </button>
          </>
        )}
        {status.kind === 'connected' && (
          <p className="form-success">{t('connect.connected', { shop: status.shopDomain })}</p>
        )}
      </div>
      {status.kind === 'failed' && (
        <ConnectionFailure
          error={status.error}
          {...(currentPlan !== undefined && { currentPlan })}
        />
      )}
    </>
  );
}

/** Why the connection failed; at the plan's store limit, what the plan allows and which allows more. */
function ConnectionFailure({ error, currentPlan }: { error: unknown; currentPlan?: PlanId }) {
  const { t } = useTranslation('shops');
  const errorText = useApiErrorText();
  const reached = reachedLimitOf(error, 'stores');
  if (reached !== null) {
    return <UpgradePrompt reached={reached} {...(currentPlan !== undefined && { currentPlan })} />;
  }

  function failureText(): string {
    const code = errorCodeOf(error);
    switch (code) {
      case 'auth/popup-closed-by-user':
        return t('connect.popup.closed');
      case 'auth/popup-blocked':
        return t('connect.popup.blocked');
      case 'auth/cancelled-popup-request':
        return t('connect.popup.cancelled');
      default:
        return errorText(code, t('connect.failed'));
    }
  }

  return (
    <p className="form-error" role="alert">
      {failureText()}
    </p>
  );
}
