import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/**
 * Asks before undoing a batch, with how many changes it writes back to Shopify, or a single change,
 * with the text it concerns ("Search title in English"). The native <dialog>
 * opened with showModal(), as the store's disconnection asks (disconnect-store-dialog.tsx): focus
 * kept inside, Escape closes it, focus goes back to the Undo button; Cancel has the focus first, so
 * that Enter never undoes by accident. The undo itself and its failure are the caller's, which
 * shows them beside the batch.
 */
export function UndoBatchDialog({
  count,
  field,
  format,
  onConfirm,
  onClosed,
}: {
  /** The batch's changes that undo writes back. */
  count: number;
  /** The text a single change concerns, named as the history names it. */
  field?: string;
  format: SeoFormat;
  onConfirm: () => void;
  /** Closed, whether the owner confirmed or not. */
  onClosed: () => void;
}) {
  const { t } = useTranslation('seo');
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  const counted = { count, formatted: format.number(count) };

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog !== null && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal-dialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClose={onClosed}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm();
          dialogRef.current?.close();
        }}
      >
        <h2 id={titleId}>{t('history.confirmUndo.title', counted)}</h2>
        <p id={textId}>
          {field === undefined
            ? t('history.confirmUndo.text', counted)
            : t('history.confirmUndo.textOfField', { field })}
        </p>
        <p>{t('history.confirmUndo.translations')}</p>
        <div className="button-row">
          <button
            type="button"
            className="button button-secondary"
            autoFocus
            onClick={() => dialogRef.current?.close()}
          >
            {t('history.confirmUndo.cancel')}
          </button>
          <button type="submit" className="button">
            {t('history.confirmUndo.confirm', counted)}
          </button>
        </div>
      </form>
    </dialog>
  );
}
