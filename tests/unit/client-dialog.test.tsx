// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogClose, type DialogProps } from '#client/components/dialog.tsx';
import type { initI18n } from '#client/lib/i18n.ts';
import { initDomI18n } from '../support/dom-i18n.ts';

/**
 * The one modal dialog of the client: named by its title and read with the texts it is given,
 * Close in the owner's language where it has one, and Close held back, saying why, while
 * something is being sent. Rendered into a DOM, where it opens as it appears and closes on Close
 * or Cancel (the browser opens it too: tests/e2e/shops.spec.ts, seo-bulk.spec.ts,
 * account-deletion.spec.ts, billing.spec.ts).
 */

afterEach(cleanup);

function renderDialog(props: Partial<DialogProps> = {}): HTMLElement {
  render(
    <Dialog title="Disconnect Maison Exemple?" onClose={() => {}} {...props}>
      {props.children ?? <p id="text">Its change history goes with it.</p>}
    </Dialog>,
  );
  return screen.getByRole('dialog');
}

/** The texts of the elements an `aria-*` attribute names by their ids. */
function textsNamedBy(element: HTMLElement, attribute: string): Array<string | null | undefined> {
  const ids = element.getAttribute(attribute)?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent);
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en');
});

describe('Dialog', () => {
  it('is named by its title and read with the texts it names', async () => {
    await i18n.changeLanguage('en');
    const dialog = renderDialog({ describedBy: 'text' });
    expect(screen.getByRole('dialog', { name: 'Disconnect Maison Exemple?' })).toBe(dialog);
    expect(textsNamedBy(dialog, 'aria-labelledby')).toEqual(['Disconnect Maison Exemple?']);
    expect(textsNamedBy(dialog, 'aria-describedby')).toEqual(['Its change history goes with it.']);
    // A confirmation closes with its own Cancel: no Close of the dialog's.
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(dialog.className).toBe('modal-dialog');
  });

  it('opens as it appears', () => {
    expect(renderDialog().hasAttribute('open')).toBe(true);
  });

  it('has Close beside its title in the owner’s language when asked', async () => {
    await i18n.changeLanguage('en');
    renderDialog({ closeButton: true });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Close']);
    cleanup();
    await i18n.changeLanguage('fr');
    renderDialog({ closeButton: true });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Fermer']);
  });

  it('closes on Close, and tells its owner', async () => {
    await i18n.changeLanguage('en');
    const onClose = vi.fn();
    const dialog = renderDialog({ closeButton: true, onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('holds Close back while busy, saying why, and lets it act again once done', async () => {
    await i18n.changeLanguage('en');
    const note = 'The approval goes on if you close: wait until it is done.';
    const onClose = vi.fn();
    const busy = renderDialog({ closeButton: true, busy: true, busyNote: note, onClose });
    const held = screen.getByRole('button', { name: 'Close' });
    expect(held.getAttribute('aria-disabled')).toBe('true');
    expect(textsNamedBy(held, 'aria-describedby')).toEqual([note]);
    fireEvent.click(held);
    expect(busy.hasAttribute('open')).toBe(true);
    expect(onClose).not.toHaveBeenCalled();
    cleanup();

    const idle = renderDialog({ closeButton: true, busy: false, busyNote: note });
    const free = screen.getByRole('button', { name: 'Close' });
    expect(free.hasAttribute('aria-disabled')).toBe(false);
    expect(free.hasAttribute('aria-describedby')).toBe(false);
    expect(idle.textContent).not.toContain(note);
  });

  it('gives a confirmation its Cancel, in the secondary look unless told otherwise', () => {
    const onCancel = vi.fn();
    const onClose = vi.fn();
    const dialog = renderDialog({
      onClose,
      children: (
        <DialogClose autoFocus onClick={onCancel}>
          Cancel
        </DialogClose>
      ),
    });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(screen.getAllByRole('button')).toEqual([cancel]);
    expect(cancel.getAttribute('type')).toBe('button');
    expect(cancel.className).toBe('button button-secondary');
    // Cancel does what it is given, then closes the dialog.
    fireEvent.click(cancel);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
