import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { oauthCompletionMessageSchema, type Shop } from '#shared/schemas/shops.ts';
import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryFailed, QueryLoading } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  useDisconnectShop,
  useKeepShopActive,
  useRefreshShops,
  useShops,
} from '../api/shops-queries.ts';
import { ConnectStoreForm } from '../components/connect-store-form.tsx';
import { DisconnectStoreDialog } from '../components/disconnect-store-dialog.tsx';
import { ShopCard } from '../components/shop-card.tsx';
import { storeAllowance, storeOffered } from '../shop-presentation.ts';
import { useConnectStore, type ConnectionStatus } from '../use-connect-store.ts';
import { useDisconnectionText } from '../use-disconnection-text.ts';
import '#client/components/form-controls.css';
import '../shops.css';

export const namespaces: readonly Namespace[] = ['shops'];

/**
 * The owner's Shopify stores: connect one (Shopify's install screen in a popup), follow its first
 * import as it runs (the list is read again every moment while a store moves), see what Vitrine
 * holds of each and since when, reconnect one Shopify no longer lets Vitrine read, disconnect one,
 * and, when the plan allows fewer stores than are connected, choose the one that stays active.
 * Reached from an install started in Shopify (`?connect=<domain>`), it offers to connect that store:
 * the popup opens on the owner's click, the one moment a browser lets a page open one.
 */
export default function ShopsPage() {
  const { t } = useTranslation('shops');
  const { t: tCommon } = useTranslation();
  const errorText = useApiErrorText();
  const disconnectionText = useDisconnectionText();
  const auth = useAuthState();
  const uid = auth.status === 'signed-in' ? auth.user.uid : '';
  const shopsQuery = useShops(uid);
  const refreshShops = useRefreshShops(uid);
  const disconnectShop = useDisconnectShop(uid);
  const keepActive = useKeepShopActive(uid);
  const connection = useConnectStore(() => void refreshShops());
  const [toDisconnect, setToDisconnect] = useState<Shop | null>(null);
  // An object per outcome, so that a second one with the same words takes the focus too.
  const [outcome, setOutcome] = useState<{ text: string } | null>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const fullTabCompletion = useFullTabCompletion();
  const status =
    connection.status.kind === 'idle' && fullTabCompletion !== null
      ? fullTabCompletion
      : connection.status;

  // After a disconnection the store's card, and the button that had the focus, are gone; after a
  // store is kept active its button is: the outcome takes the focus.
  useEffect(() => {
    if (outcome !== null) outcomeRef.current?.focus();
  }, [outcome]);

  const list = shopsQuery.data;
  const allowance = list === undefined ? null : { ...storeAllowance(list), plan: list.plan };
  const [searchParams] = useSearchParams();
  const offeredShop = storeOffered(searchParams.get('connect'), list);

  function connect(shopDomain: string) {
    setOutcome(null);
    connection.connect(shopDomain);
  }

  function keepStoreActive(shop: Shop) {
    setOutcome(null);
    keepActive.mutate(shop.id, {
      onSuccess: () =>
        setOutcome({ text: t('store.keptActive', { name: shop.name ?? shop.shopDomain }) }),
    });
  }

  return (
    <div className="page">
      <DocumentHead title={tCommon('routes.shops')} />
      <PageHeader title={tCommon('routes.shops')}>
        <p>{t('shops.intro')}</p>
      </PageHeader>

      <ConnectStoreForm
        allowance={allowance}
        offeredShop={offeredShop}
        status={status}
        onConnect={connect}
        onCancel={connection.cancel}
      />

      <section className="shops-list-section" aria-labelledby="shops-list-title">
        <h2 id="shops-list-title">{t('shops.listTitle')}</h2>
        {outcome !== null && (
          <p ref={outcomeRef} className="form-success" role="status" tabIndex={-1}>
            {outcome.text}
          </p>
        )}
        {keepActive.isError && (
          <p className="form-error" role="alert">
            {errorText(errorCodeOf(keepActive.error), t('store.keepActiveFailed'))}
          </p>
        )}
        {shopsQuery.isPending && <QueryLoading text={t('shops.loading')} />}
        {shopsQuery.isError && (
          <QueryFailed
            error={shopsQuery.error}
            fallback={t('shops.loadFailed')}
            retrying={shopsQuery.isFetching}
            onRetry={() => void shopsQuery.refetch()}
          />
        )}
        {list !== undefined && list.shops.length === 0 && <NoStoreYet />}
        {list !== undefined && list.shops.length > 0 && (
          <ul className="shops-list">
            {list.shops.map((shop) => (
              <ShopCard
                key={shop.id}
                shop={shop}
                plan={list.plan}
                maxStores={list.maxStores}
                keepingActive={keepActive.isPending}
                onReconnect={(target) => connect(target.shopDomain)}
                onDisconnect={setToDisconnect}
                onKeepActive={keepStoreActive}
              />
            ))}
          </ul>
        )}
      </section>

      {toDisconnect !== null && (
        <DisconnectStoreDialog
          shop={toDisconnect}
          disconnect={disconnectShop.mutateAsync}
          onClosed={() => setToDisconnect(null)}
          onDisconnected={(result) => {
            setToDisconnect(null);
            setOutcome({ text: disconnectionText(result) });
          }}
        />
      )}
    </div>
  );
}

function NoStoreYet() {
  const { t } = useTranslation('shops');
  return (
    <div className="shops-empty">
      <p>
        <strong>{t('shops.emptyTitle')}</strong>
      </p>
      <p>{t('shops.emptyIntro')}</p>
      <ul className="checklist">
        <li>{t('shops.benefits.sync')}</li>
        <li>{t('shops.benefits.audit')}</li>
        <li>{t('shops.benefits.blog')}</li>
      </ul>
    </div>
  );
}

/**
 * The outcome of a connection made in a full tab (an install started from Shopify's side), which
 * /oauth/complete hands over in the navigation's state since there is no popup to post it.
 */
function useFullTabCompletion(): ConnectionStatus | null {
  const location = useLocation();
  const parsed = z.safeParse(oauthCompletionMessageSchema, location.state);
  if (!parsed.success) return null;
  const message = parsed.data;
  return message.result === 'connected'
    ? { kind: 'connected', shopDomain: message.shopDomain }
    : { kind: 'failed', error: { code: message.errorCode } };
}
