import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { Shop, ShopDisconnection } from '../../../../shared/schemas/shops.ts';
import { useApiErrorText } from '../../../components/use-api-error-text.ts';
import { errorCodeOf } from '../../../lib/auth-errors.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { displayNameOf } from '../shop-presentation.ts';

/**
 * Asks before disconnecting a store, naming it and what goes with it (the change history, so no
 * undo, and the score trend), and disconnects it. The native <dialog> opened with
 * showModal(): the browser keeps focus inside it, makes the page behind it inert, closes it on
 * Escape and gives focus back to the button that opened it; Cancel has the focus first, so that
 * Enter never disconnects by accident. While the disconnection runs, it cannot be dismissed.
 */
export function DisconnectStoreDialog({
  shop,
  disconnect,
  onClosed,
  onDisconnected,
}: {
  shop: Shop;
  disconnect: (shopId: string) => Promise<ShopDisconnection>;
  /** The dialog was closed without a disconnection. */
  onClosed: () => void;
  onDisconnected: (result: ShopDisconnection, name: string) => void;
}) {
  const { t } = useTranslation('shops');
  const errorText = useApiErrorText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const lossesId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = displayNameOf(shop);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  async function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const result = await disconnect(shop.id);
      onDisconnected(result, name);
    } catch (failure) {
      setBusy(false);
      setError(errorText(errorCodeOf(failure), t('disconnect.failed')));
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog"
      aria-labelledby={titleId}
      aria-describedby={`${textId} ${lossesId}`}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClosed}
    >
      <form noValidate onSubmit={(event) => void confirm(event)}>
        <h2 id={titleId}>{t('disconnect.title', { name })}</h2>
        <p id={textId}>{t('disconnect.text', { domain: shop.shopDomain })}</p>
        <p id={lossesId}>{t('disconnect.losses')}</p>
        {error !== null && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <p className="form-status" role="status">
          {busy ? t('disconnect.working') : ''}
        </p>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            autoFocus
            onClick={() => dialogRef.current?.close()}
          >
            {t('disconnect.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={busy}>
            {t('disconnect.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
