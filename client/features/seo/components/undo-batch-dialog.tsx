import { useId } from 'react';
import { Button } from '#client/components/button.tsx';
import { Dialog, DialogClose } from '#client/components/dialog.tsx';
import { useTranslation } from '#client/lib/use-translation.ts';
import type { SeoFormat } from '../use-seo-format.ts';

/**
 * Asks before undoing a batch, with how many changes it writes back to Shopify, or a single change,
 * with the text it concerns ("Search title in English"). The app's modal dialog
 * (client/components/dialog.tsx), as every confirmation: focus kept inside, Escape closes it, focus
 * goes back to the Undo button; Cancel has the focus first, so that Enter never undoes by accident.
 * The undo itself and its failure are the caller's, which
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
  const textId = useId();
  const counted = { count, formatted: format.number(count) };

  return (
    <Dialog title={t('history.confirmUndo.title', counted)} describedBy={textId} onClose={onClosed}>
      {/* Sent, the form closes the dialog (`method="dialog"`). */}
      <form method="dialog" noValidate onSubmit={onConfirm}>
        <p id={textId}>
          {field === undefined
            ? t('history.confirmUndo.text', counted)
            : t('history.confirmUndo.textOfField', { field })}
        </p>
        <p>{t('history.confirmUndo.translations')}</p>
        <div className="button-row">
          <DialogClose autoFocus>{t('history.confirmUndo.cancel')}</DialogClose>
          <Button type="submit">{t('history.confirmUndo.confirm', counted)}</Button>
        </div>
      </form>
    </Dialog>
  );
}
