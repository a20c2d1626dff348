import { useId, useState, type FormEvent } from 'react';
import type { Shop, ShopDisconnection } from '#shared/schemas/shops.ts';
import { Button } from '#client/components/button.tsx';
import { Dialog, DialogClose } from '#client/components/dialog.tsx';
import { useApiErrorText } from '#client/components/use-api-error-text.ts';
import { errorCodeOf } from '#client/lib/auth-errors.ts';
import { useTranslation } from '#client/lib/use-translation.ts';
import { displayNameOf } from '../shop-presentation.ts';

/**
 * Asks before disconnecting a store, naming it and what goes with it (the change history, so no
 * undo, and the score trend), and disconnects it. The app's modal dialog
 * (client/components/dialog.tsx): the browser keeps focus inside it, makes the page behind it
 * inert, closes it on Escape and gives focus back to the button that opened it; Cancel has the
 * focus first, so that Enter never disconnects by accident. While the disconnection runs, it
 * cannot be dismissed.
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
  const textId = useId();
  const lossesId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = displayNameOf(shop);

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
    <Dialog
      title={t('disconnect.title', { name })}
      describedBy={`${textId} ${lossesId}`}
      busy={busy}
      onClose={onClosed}
    >
      <form noValidate onSubmit={(event) => void confirm(event)}>
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
          <DialogClose disabled={busy} autoFocus>
            {t('disconnect.cancel')}
          </DialogClose>
          <Button type="submit" variant="danger" disabled={busy}>
            {t('disconnect.confirm')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
