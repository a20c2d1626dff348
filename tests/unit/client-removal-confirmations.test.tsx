// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DeleteAccountSection } from '#client/features/settings/components/delete-account-section.tsx';
import { DisconnectStoreDialog } from '#client/features/shops/components/disconnect-store-dialog.tsx';
import { useDisconnectionText } from '#client/features/shops/use-disconnection-text.ts';
import type { initI18n } from '#client/lib/i18n.ts';
import type { Shop, ShopDisconnection } from '#shared/schemas/shops.ts';
import { changeDomLanguage, initDomI18n } from '../support/dom-i18n.ts';

/**
 * What an owner reads before disconnecting a store or deleting the account, and after a
 * disconnection, rendered into a DOM with the real catalogues in both languages: what goes with a
 * store, what becomes of the stores and the plan in a deletion, and what to do in Shopify when
 * Vitrine could not remove its app there. The confirmations' dialogs are read as a screen reader
 * reads them as they open: their title, and the texts that describe them.
 */

afterEach(cleanup);

const noRecords = {
  products: 0,
  collections: 0,
  pages: 0,
  blogs: 0,
  articles: 0,
  media: 0,
  translations: 0,
};

const shop: Shop = {
  id: 'shop-1',
  shopDomain: 'maison-exemple.myshopify.com',
  name: 'Maison Exemple',
  primaryDomain: null,
  currency: 'EUR',
  locales: [],
  state: 'ready',
  errorCode: null,
  progress: null,
  counts: noRecords,
  partialCopy: [],
  connectedAt: '2026-11-23T10:00:00.000Z',
  lastSyncedAt: '2026-11-23T10:05:00.000Z',
  paused: false,
};

/** What the dialog's `aria-describedby` reads with its title as it opens. */
function descriptionOf(dialog: HTMLElement): string {
  const ids = dialog.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function renderDisconnectDialog(
  props: Partial<Parameters<typeof DisconnectStoreDialog>[0]> = {},
): HTMLElement {
  render(
    <DisconnectStoreDialog
      shop={shop}
      disconnect={() => Promise.reject(new Error('not in this test'))}
      onClosed={() => {}}
      onDisconnected={() => {}}
      {...props}
    />,
  );
  return screen.getByRole('dialog');
}

/** The account deletion's dialog, opened as the owner opens it. */
function openDeleteAccountDialog(usesPassword: boolean, open: string): HTMLElement {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <DeleteAccountSection uid="user-1" email="camille@example.com" usesPassword={usesPassword} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: open }));
  return screen.getByRole('dialog');
}

function disconnectionText(result: ShopDisconnection): string {
  return renderHook(() => useDisconnectionText()).result.current(result);
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initDomI18n('en', ['shops', 'settings']);
});

const inLanguage = (language: 'en' | 'fr') =>
  changeDomLanguage(i18n, language, ['shops', 'settings']);

describe('the confirmation of a disconnection', () => {
  it('says in English that the change history, and with it any undo, and the score trend go', async () => {
    await inLanguage('en');
    const dialog = renderDisconnectDialog();
    expect(screen.getByRole('dialog', { name: 'Disconnect Maison Exemple?' })).toBe(dialog);
    const text = descriptionOf(dialog);
    expect(text).toContain('the history of your changes to this store');
    expect(text).toContain('none of them can be undone from Vitrine any more');
    expect(text).toContain('the trend of its SEO score');
  });

  it('says so in French', async () => {
    await inLanguage('fr');
    const text = descriptionOf(renderDisconnectDialog());
    expect(text).toContain('l’historique de vos modifications de cette boutique');
    expect(text).toContain('aucune ne pourra plus être annulée depuis Vitrine');
    expect(text).toContain('l’évolution de son score SEO');
  });

  it('disconnects the store only when the owner confirms, and closes on Cancel', async () => {
    await inLanguage('en');
    const disconnect = vi.fn(() => Promise.reject(new Error('not in this test')));
    const onClosed = vi.fn();
    const dialog = renderDisconnectDialog({ disconnect, onClosed });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(disconnect).not.toHaveBeenCalled();
    expect(onClosed).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(false);
    cleanup();

    renderDisconnectDialog({ disconnect });
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(disconnect).toHaveBeenCalledWith('shop-1');
    // The failure is said in the dialog, which stays open for another try.
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
  });
});

describe('the confirmation of an account deletion', () => {
  it.each([true, false])(
    'says in English that the stores are disconnected and a paid plan ends at once (password: %s)',
    async (usesPassword) => {
      await inLanguage('en');
      const dialog = openDeleteAccountDialog(usesPassword, 'Delete my account…');
      expect(dialog.hasAttribute('open')).toBe(true);
      expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBe(dialog);
      const text = descriptionOf(dialog);
      expect(text).toContain('Your connected Shopify stores are disconnected');
      expect(text).toContain('A paid plan ends at once.');
    },
  );

  it('says so in French', async () => {
    await inLanguage('fr');
    const text = descriptionOf(openDeleteAccountDialog(true, 'Supprimer mon compte…'));
    expect(text).toContain('Vos boutiques Shopify connectées sont déconnectées');
    expect(text).toContain('Une offre payante prend fin immédiatement.');
  });
});

describe('the outcome of a disconnection', () => {
  const notConfirmed: ShopDisconnection = {
    shopDomain: 'maison-exemple.myshopify.com',
    uninstalled: false,
    removed: { ...noRecords, products: 3 },
  };

  it('tells the owner how to remove the app in Shopify when Shopify did not confirm its removal', async () => {
    await inLanguage('en');
    expect(disconnectionText(notConfirmed)).toBe(
      'maison-exemple.myshopify.com is disconnected. Removed from Vitrine: 3 products. ' +
        'Vitrine could not remove its app from the store in Shopify. If it still appears there, ' +
        'remove it in your Shopify admin: Settings → Apps and sales channels → Vitrine → Uninstall.',
    );
    await inLanguage('fr');
    expect(disconnectionText(notConfirmed)).toContain(
      'désinstallez-la depuis votre interface Shopify\u00a0: Paramètres → Applications et canaux de vente',
    );
  });

  it('says nothing of Shopify when the app was removed there', async () => {
    await inLanguage('en');
    expect(disconnectionText({ ...notConfirmed, uninstalled: true })).toBe(
      'maison-exemple.myshopify.com is disconnected. Removed from Vitrine: 3 products.',
    );
  });
});
