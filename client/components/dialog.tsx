import {
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  type ReactNode,
  type SyntheticEvent,
} from 'react';
import { useTranslation } from '#client/lib/use-translation.ts';
import { Button, type ButtonProps } from './button.tsx';

/**
 * The app's modal dialog: the native <dialog> opened with showModal(), so that the browser keeps
 * the focus inside it, makes the page behind it inert, closes it on Escape and gives the focus back
 * to what opened it. It is named by its title, and read with the texts `describedBy` names.
 *
 * It opens itself as it appears; `open` lets a dialog that stays in the page (its texts read in
 * advance) be opened and closed by its owner. While `busy` (something is being sent that the owner
 * must see through), it is held open: Escape does nothing and Close says why it waits. A
 * confirmation closes with its own Cancel (DialogClose below), or with a `method="dialog"` form
 * that closes it as it is sent; a panel has Close in its header (`closeButton`).
 */
export interface DialogProps {
  title: ReactNode;
  /** Ids of the texts read with the title as the dialog opens. */
  describedBy?: string;
  /** `modal-dialog` by default: a small centred box; a panel has its own. */
  className?: string;
  /** Whether the dialog is shown; it opens as it appears by default. */
  open?: boolean;
  /** Holds the dialog open while something is being sent. */
  busy?: boolean;
  /** Shows Close beside the title. */
  closeButton?: boolean;
  /** Said under the header while `busy` holds Close back. */
  busyNote?: ReactNode;
  /** The dialog closed (Escape, Close, Cancel, or `open` set to false). */
  onClose: () => void;
  children: ReactNode;
}

/** Closes the dialog around it, unless it is held open. */
const CloseContext = createContext<() => void>(() => {});

export function Dialog({
  title,
  describedBy,
  className = 'modal-dialog',
  open = true,
  busy = false,
  closeButton = false,
  busyNote,
  onClose,
  children,
}: DialogProps) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const busyNoteId = useId();
  const showsBusyNote = busy && busyNote !== undefined && busyNote !== null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function close(): void {
    if (!busy) dialogRef.current?.close();
  }

  function holdWhileBusy(event: SyntheticEvent<HTMLDialogElement>): void {
    if (busy) event.preventDefault();
  }

  const heading = <h2 id={titleId}>{title}</h2>;
  return (
    <dialog
      ref={dialogRef}
      className={className}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={holdWhileBusy}
      onClose={onClose}
    >
      {closeButton ? (
        <div className="dialog-header">
          {heading}
          <Button
            variant="secondary"
            size="small"
            aria-disabled={busy || undefined}
            aria-describedby={showsBusyNote ? busyNoteId : undefined}
            onClick={close}
          >
            {t('dialog.close')}
          </Button>
        </div>
      ) : (
        heading
      )}
      {showsBusyNote && (
        <p id={busyNoteId} className="form-hint">
          {busyNote}
        </p>
      )}
      <CloseContext value={close}>{children}</CloseContext>
    </dialog>
  );
}

/**
 * A button that closes the dialog it is in (Cancel, Keep my current plan), after what its own
 * `onClick` does; secondary unless told otherwise.
 */
export function DialogClose({ onClick, variant = 'secondary', ...props }: ButtonProps) {
  const close = useContext(CloseContext);
  return (
    <Button
      {...props}
      variant={variant}
      onClick={(event) => {
        onClick?.(event);
        close();
      }}
    />
  );
}
