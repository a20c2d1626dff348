import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { BillingInterval, PaidPlanId } from '#shared/billing.ts';
import type { BillingOverview } from '#shared/schemas/billing.ts';
import { DocumentHead } from '#client/components/document-head.tsx';
import { PageHeader } from '#client/components/page-header.tsx';
import { QueryState } from '#client/components/query-state.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useAuthState } from '#client/lib/auth-session.ts';
import type { Namespace } from '#client/lib/i18n.ts';
import { usePageRestored } from '#client/lib/use-page-restored.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  useCancelSubscription,
  useChangeSubscription,
  useResumeSubscription,
  useStartCheckout,
  useStartPortalSession,
} from '../api/billing-queries.ts';
import {
  awaitedChangeOf,
  changesHeldBy,
  checkoutToStart,
  planStanding,
  queryAfterArrival,
  type PlannedChange,
} from '../billing-state.ts';
import { AwaitedChangeStatus } from '../components/awaited-change-status.tsx';
import { ChoosePlan } from '../components/choose-plan.tsx';
import { ConfirmChangeDialog } from '../components/confirm-change-dialog.tsx';
import { PlanChanges } from '../components/plan-changes.tsx';
import { PlanSummary } from '../components/plan-summary.tsx';
import { UsageMeters } from '../components/usage-meters.tsx';
import { useAwaitedChange } from '../use-awaited-change.ts';
import { useBillingFormat, type BillingFormat } from '../use-billing-format.ts';
import '#client/components/form-controls.css';
import '../subscription.css';

export const namespaces: readonly Namespace[] = ['subscription'];

/**
 * The owner's subscription: the plan in force and its standing, usage against each limit, and what
 * can be done: choose a paid plan (Stripe's Checkout), change plan or period, cancel at the end of
 * the period or resume, and manage billing in Stripe's customer portal.
 *
 * Stripe's verified events, not the answers of these calls, change the plan: after a change is
 * accepted, or back from Checkout (`?checkout=success`), the screen reads the overview again until
 * it shows the change. `?checkout=cancelled` says that no payment was taken. `?start=pro-month`
 * (from the pricing page, through sign-up) starts Checkout at once, once. The address loses these
 * on arrival: the screen keeps them in memory, so a reload neither waits nor starts again.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation('subscription');
  const { t: tCommon } = useTranslation();
  const errorText = useApiErrorText();
  const format = useBillingFormat();
  const auth = useAuthState();
  const uid = auth.status === 'signed-in' ? auth.user.uid : '';
  const [searchParams, setSearchParams] = useSearchParams();
  // What the address said on arrival: kept once the query is removed from it.
  const [checkoutReturn] = useState(() => searchParams.get('checkout'));
  const { overviewQuery, awaited, waitFor, checkAgain } = useAwaitedChange(
    uid,
    checkoutReturn === 'success' ? { kind: 'checkout' } : null,
  );
  const checkout = useStartCheckout();
  const portal = useStartPortalSession();
  const resume = useResumeSubscription();
  const change = useChangeSubscription();
  const cancel = useCancelSubscription();
  const [planned, setPlanned] = useState<PlannedChange | null>(null);
  const [leaving, setLeaving] = useState<'checkout' | 'portal' | 'payment' | null>(null);
  const startedFromAddress = useRef(false);
  // Back from Stripe through the browser's cache, the page would still be on its way out.
  usePageRestored(() => setLeaving(null));

  function goToCheckout(plan: PaidPlanId, interval: BillingInterval): void {
    if (checkout.isPending || leaving !== null) return;
    checkout.mutate(
      { plan, interval },
      {
        onSuccess: (url) => {
          setLeaving('checkout');
          window.location.assign(url);
        },
      },
    );
  }

  function openPortal(): void {
    if (portal.isPending || leaving !== null) return;
    portal.mutate(undefined, {
      onSuccess: (url) => {
        setLeaving('portal');
        window.location.assign(url);
      },
    });
  }

  // The address loses `?start=` and `?checkout=` first: coming back from Stripe (the browser's
  // Back) does not start another Checkout, and a reload (or a bookmark) of the return from
  // Checkout does not wait again for a payment that may never be confirmed.
  useEffect(() => {
    if (startedFromAddress.current) return;
    startedFromAddress.current = true;
    const start = checkoutToStart(searchParams.get('start'));
    if (queryAfterArrival(searchParams) !== null) {
      setSearchParams((current) => queryAfterArrival(current) ?? current, { replace: true });
    }
    if (start !== null) goToCheckout(start.plan, start.interval);
    // Once, on arrival: later changes of the address are the screen's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function send(planChange: PlannedChange, keepStoreId: string | undefined): Promise<void> {
    const keep = keepStoreId === undefined ? {} : { keepStoreId };
    if (planChange.kind === 'cancel') {
      await cancel.mutateAsync(keep);
      return;
    }
    const paymentUrl = await change.mutateAsync({
      plan: planChange.plan,
      interval: planChange.interval,
      ...keep,
    });
    // Stripe holds the change until its invoice is paid: the owner pays it on Stripe's page, and
    // the plan stays as it was until then.
    if (paymentUrl !== null) {
      setLeaving('payment');
      window.location.assign(paymentUrl);
    }
  }

  const checkoutStatus = (
    <>
      <p className="form-status" role="status">
        {checkout.isPending || leaving === 'checkout'
          ? t('subscription.choose.startingCheckout')
          : ''}
        {portal.isPending || leaving === 'portal' ? t('subscription.openingPortal') : ''}
        {leaving === 'payment' ? t('subscription.openingPayment') : ''}
      </p>
      {checkout.isError && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(checkout.error), t('subscription.choose.checkoutFailed'))}
        </p>
      )}
      {portal.isError && (
        <p className="form-error" role="alert">
          {errorText(errorCodeOf(portal.error), t('subscription.portalFailed'))}
        </p>
      )}
      {checkoutReturn === 'cancelled' && (
        <p className="notice">{t('subscription.checkoutCancelled')}</p>
      )}
    </>
  );

  return (
    <div className="page subscription-page">
      <DocumentHead title={tCommon('routes.subscription')} />
      <PageHeader title={tCommon('routes.subscription')} />
      {checkoutStatus}
      <AwaitedChangeStatus
        awaited={awaited}
        overview={overviewQuery.data}
        checking={overviewQuery.isFetching}
        onCheckAgain={checkAgain}
      />
      <QueryState
        query={overviewQuery}
        loading={t('subscription.loading')}
        failed={t('subscription.loadFailed')}
      >
        {(overview) => (
          <SubscriptionDetails
            overview={overview}
            format={format}
            busy={
              checkout.isPending ||
              portal.isPending ||
              resume.isPending ||
              leaving !== null ||
              // One change at a time, until Stripe has confirmed this one or is overdue.
              changesHeldBy(awaited)
            }
            openingPortal={portal.isPending || leaving === 'portal'}
            resumeError={
              resume.isError
                ? errorText(errorCodeOf(resume.error), t('subscription.change.resumeFailed'))
                : null
            }
            onChoose={goToCheckout}
            onPortal={openPortal}
            onPlan={setPlanned}
            onResume={() =>
              resume.mutate(undefined, { onSuccess: () => waitFor({ kind: 'resume' }) })
            }
          />
        )}
      </QueryState>
      {planned !== null && overviewQuery.data?.subscription != null && (
        <ConfirmChangeDialog
          change={planned}
          subscription={overviewQuery.data.subscription}
          stores={overviewQuery.data.stores}
          format={format}
          send={send}
          onClosed={() => setPlanned(null)}
          onSent={(sent) => {
            setPlanned(null);
            waitFor(awaitedChangeOf(sent));
          }}
        />
      )}
    </div>
  );
}

function SubscriptionDetails({
  overview,
  format,
  busy,
  openingPortal,
  resumeError,
  onChoose,
  onPortal,
  onPlan,
  onResume,
}: {
  overview: BillingOverview;
  format: BillingFormat;
  busy: boolean;
  openingPortal: boolean;
  resumeError: string | null;
  onChoose: (plan: PaidPlanId, interval: BillingInterval) => void;
  onPortal: () => void;
  onPlan: (change: PlannedChange) => void;
  onResume: () => void;
}) {
  const { t } = useTranslation('subscription');
  const standing = planStanding(overview);
  return (
    <>
      <PlanSummary
        overview={overview}
        standing={standing}
        format={format}
        openingPortal={openingPortal}
        onFixPayment={onPortal}
      />
      <UsageMeters overview={overview} format={format} />
      {standing.kind === 'free' && <ChoosePlan format={format} busy={busy} onChoose={onChoose} />}
      {standing.kind === 'active' && (
        <PlanChanges subscription={standing.subscription} busy={busy} onPlan={onPlan} />
      )}
      {standing.kind === 'cancelling' && (
        <section className="card" aria-labelledby="subscription-resume">
          <h2 id="subscription-resume">{t('subscription.change.resume')}</h2>
          <p>
            {t('subscription.change.resumeText', {
              plan: t(`subscription.plans.${standing.subscription.plan}`),
              date: format.date(standing.subscription.currentPeriodEnd),
            })}
          </p>
          {resumeError !== null && (
            <p className="form-error" role="alert">
              {resumeError}
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button" disabled={busy} onClick={onResume}>
              {t('subscription.change.resume')}
            </button>
          </div>
        </section>
      )}
      {standing.kind !== 'free' && (
        <section className="card" aria-labelledby="subscription-billing">
          <h2 id="subscription-billing">{t('subscription.manageBilling')}</h2>
          <p className="muted">{t('subscription.manageBillingText')}</p>
          <div className="button-row">
            <button
              type="button"
              className="button button-secondary"
              disabled={openingPortal}
              onClick={onPortal}
            >
              {t('subscription.manageBilling')}
            </button>
          </div>
        </section>
      )}
    </>
  );
}
