import { useId, useState, type FormEvent } from 'react';
import type { BillingStore, Subscription } from '#shared/schemas/billing.ts';
import { plans } from '#shared/plans.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog, DialogClose } from '#client/components/dialog.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import {
  defaultKeptStore,
  needsStoreChoice,
  planAfter,
  storeLimitOf,
  type PlannedChange,
} from '../billing-state.ts';
import type { BillingFormat } from '../use-billing-format.ts';

/** The key of a change in the texts: `switch-interval` reads as `switchInterval`. */
function textKeyOf(change: PlannedChange) {
  return change.kind === 'switch-interval' ? 'switchInterval' : change.kind;
}

/**
 * Says what a change of plan, or a cancellation, will do before the owner confirms it: the new
 * price, the limits that will apply, the end date of a cancellation. When the plan it leads to
 * allows fewer stores than are connected, the owner chooses the store that stays active (the
 * others are paused, their data kept), sent as `keepStoreId`.
 *
 * The app's modal dialog (client/components/dialog.tsx), as its other confirmations: focus stays
 * inside, the page behind is inert, Escape closes it; "Keep my current plan" has the focus first,
 * so that Enter never changes a subscription by accident. It cannot be dismissed while it sends.
 */
export function ConfirmChangeDialog({
  change,
  subscription,
  stores,
  format,
  send,
  onClosed,
  onSent,
}: {
  change: PlannedChange;
  subscription: Subscription;
  stores: readonly BillingStore[];
  format: BillingFormat;
  send: (change: PlannedChange, keepStoreId: string | undefined) => Promise<void>;
  /** The dialog was closed without a change sent. */
  onClosed: () => void;
  onSent: (change: PlannedChange) => void;
}) {
  const { t } = useTranslation('subscription');
  const errorText = useApiErrorText();
  const textId = useId();
  const storesName = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [keptStore, setKeptStore] = useState<string | null>(() => defaultKeptStore(stores));
  const choosesStore = needsStoreChoice(change, stores);
  const key = textKeyOf(change);
  const targetPlan = planAfter(change);
  const targetLimits = (plans.find((plan) => plan.id === targetPlan) ?? plans[0]).limits;
  const planName = t(`subscription.plans.${subscription.plan}`);
  const targetName = t(`subscription.plans.${targetPlan}`);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await send(change, choosesStore ? (keptStore ?? undefined) : undefined);
    } catch (failure) {
      setBusy(false);
      setError(errorText(errorCodeOf(failure), t('subscription.dialog.failed')));
      return;
    }
    // The screen takes it from here (it waits for Stripe's confirmation) and closes the dialog.
    onSent(change);
  }

  const title =
    change.kind === 'switch-interval'
      ? t(`subscription.dialog.title.switchInterval.${change.interval}`)
      : t(`subscription.dialog.title.${change.kind}`, { plan: targetName });
  const text =
    change.kind === 'cancel'
      ? t('subscription.dialog.text.cancel', {
          plan: planName,
          date: format.date(subscription.currentPeriodEnd),
        })
      : t(`subscription.dialog.text.${key as Exclude<typeof key, 'cancel'>}`, {
          plan: targetName,
          price: t(`subscription.price.${change.interval}`, {
            price: format.price(change.plan, change.interval),
          }),
        });
  const showsLimits = change.kind === 'downgrade' || change.kind === 'cancel';

  return (
    <Dialog
      title={title}
      describedBy={textId}
      busy={busy}
      onClose={() => {
        if (!busy) onClosed();
      }}
    >
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <p id={textId}>{text}</p>
        {showsLimits && (
          <>
            <p>{t('subscription.dialog.limitsOf', { plan: targetName })}</p>
            <ul className="checklist">
              <li>{t('subscription.limits.stores', { count: targetLimits.stores })}</li>
              <li>{t('subscription.limits.pages', { count: targetLimits.pagesAudited })}</li>
              <li>
                {targetLimits.blogPostsPerMonth === null
                  ? t('subscription.limits.postsUnlimited')
                  : t('subscription.limits.posts', { count: targetLimits.blogPostsPerMonth })}
              </li>
            </ul>
          </>
        )}
        {choosesStore && (
          <fieldset className="subscription-store-choice">
            <legend>{t('subscription.dialog.storeChoice.legend')}</legend>
            <p className="muted">
              {t('subscription.dialog.storeChoice.text', {
                plan: targetName,
                count: storeLimitOf(targetPlan),
                connected: format.number(stores.length),
              })}
            </p>
            {stores.map((store) => (
              <label key={store.id} className="subscription-store-option">
                <input
                  type="radio"
                  name={storesName}
                  value={store.id}
                  checked={keptStore === store.id}
                  disabled={busy}
                  onChange={() => setKeptStore(store.id)}
                />
                <span>{store.shopDomain}</span>
              </label>
            ))}
          </fieldset>
        )}
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="form-status" role="status">
          {busy ? t('subscription.dialog.sending') : ''}
        </p>
        <div className="button-row">
          <DialogClose disabled={busy} autoFocus>
            {t('subscription.dialog.back')}
          </DialogClose>
          <Button
            type="submit"
            variant={change.kind === 'cancel' ? 'danger' : 'primary'}
            disabled={busy}
          >
            {t(`subscription.dialog.confirm.${key}`)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
