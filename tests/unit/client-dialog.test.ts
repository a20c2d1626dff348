import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '#client/lib/i18n.ts';

/**
 * The one modal dialog of the client: named by its title and read with the texts it is given,
 * Close in the owner's language where it has one, and Close held back, saying why, while
 * something is being sent. Rendered to HTML as React renders it (the browser opens it:
 * tests/e2e/shops.spec.ts, seo-bulk.spec.ts, account-deletion.spec.ts, billing.spec.ts).
 */

interface DialogModule {
  Dialog: (props: {
    title: ReactNode;
    describedBy?: string;
    className?: string;
    open?: boolean;
    busy?: boolean;
    closeButton?: boolean;
    busyNote?: ReactNode;
    onClose: () => void;
    children: ReactNode;
  }) => ReactNode;
  DialogClose: (props: Record<string, unknown>) => ReactNode;
}
// A React component, which the Node typecheck of the tests does not compile: loaded by its path.
const dialogPath = '../../client/components/dialog.tsx';
const { Dialog, DialogClose } = (await import(dialogPath)) as DialogModule;

type DialogProps = Parameters<DialogModule['Dialog']>[0];

function render(props: Partial<DialogProps>): string {
  return renderToStaticMarkup(
    createElement(Dialog as never, {
      title: 'Disconnect Maison Exemple?',
      onClose: () => {},
      children: createElement('p', { id: 'text' }, 'Its change history goes with it.'),
      ...props,
    }),
  );
}

function attribute(html: string, element: string, name: string): string | undefined {
  const tag = new RegExp(`<${element}\\b[^>]*>`).exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

function textOfId(html: string, id: string): string | undefined {
  return new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html)?.[1];
}

/** The buttons, by their text, with the attributes that say whether they act. */
function buttons(html: string): Array<{ text: string; tag: string }> {
  return [...html.matchAll(/(<button\b[^>]*>)([^<]*)<\/button>/g)].map(
    ([, tag = '', text = '']) => ({
      text,
      tag,
    }),
  );
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
});

describe('Dialog', () => {
  it('is named by its title and read with the texts it names', async () => {
    await i18n.changeLanguage('en');
    const html = render({ describedBy: 'text' });
    const titleId = attribute(html, 'dialog', 'aria-labelledby') ?? '';
    expect(textOfId(html, titleId)).toBe('Disconnect Maison Exemple?');
    expect(textOfId(html, attribute(html, 'dialog', 'aria-describedby') ?? '')).toBe(
      'Its change history goes with it.',
    );
    // A confirmation closes with its own Cancel: no Close of the dialog's.
    expect(buttons(html)).toEqual([]);
    expect(attribute(html, 'dialog', 'class')).toBe('modal-dialog');
  });

  it('has Close beside its title in the owner’s language when asked', async () => {
    await i18n.changeLanguage('en');
    expect(buttons(render({ closeButton: true })).map(({ text }) => text)).toEqual(['Close']);
    await i18n.changeLanguage('fr');
    expect(buttons(render({ closeButton: true })).map(({ text }) => text)).toEqual(['Fermer']);
  });

  it('holds Close back while busy, saying why, and lets it act again once done', async () => {
    await i18n.changeLanguage('en');
    const note = 'The approval goes on if you close: wait until it is done.';
    const busy = render({ closeButton: true, busy: true, busyNote: note });
    const [close] = buttons(busy);
    expect(attribute(close?.tag ?? '', 'button', 'aria-disabled')).toBe('true');
    expect(textOfId(busy, attribute(close?.tag ?? '', 'button', 'aria-describedby') ?? '')).toBe(
      note,
    );

    const idle = render({ closeButton: true, busy: false, busyNote: note });
    const [open] = buttons(idle);
    expect(attribute(open?.tag ?? '', 'button', 'aria-disabled')).toBeUndefined();
    expect(idle).not.toContain(note);
  });

  it('gives a confirmation its Cancel, in the secondary look unless told otherwise', () => {
    const html = render({
      children: createElement(DialogClose as never, { autoFocus: true, children: 'Cancel' }),
    });
    const [cancel] = buttons(html);
    expect(cancel?.text).toBe('Cancel');
    expect(attribute(cancel?.tag ?? '', 'button', 'type')).toBe('button');
    expect(attribute(cancel?.tag ?? '', 'button', 'class')).toBe('button button-secondary');
  });
});
