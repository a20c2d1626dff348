import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadNamespaces } from '#client/lib/i18n.ts';
import type { Shop, ShopDisconnection } from '#shared/schemas/shops.ts';

/**
 * What an owner reads before disconnecting a store or deleting the account, and after a
 * disconnection, rendered with the real catalogues in both languages: what goes with a store, what
 * becomes of the stores and the plan in a deletion, and what to do in Shopify when Vitrine could not
 * remove its app there.
 */

// React components and hooks, which the Node typecheck of the tests does not compile: loaded by path.
const disconnectDialogPath = '../../client/features/shops/components/disconnect-store-dialog.tsx';
const deleteAccountPath = '../../client/features/settings/components/delete-account-section.tsx';
const disconnectionTextPath = '../../client/features/shops/use-disconnection-text.ts';
const { DisconnectStoreDialog } = (await import(disconnectDialogPath)) as {
  DisconnectStoreDialog: (props: object) => ReactNode;
};
const { DeleteAccountSection } = (await import(deleteAccountPath)) as {
  DeleteAccountSection: (props: object) => ReactNode;
};
const { useDisconnectionText } = (await import(disconnectionTextPath)) as {
  useDisconnectionText: () => (result: ShopDisconnection) => string;
};

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

/** The element's text as it reads on screen, its tags dropped. */
function textOf(element: ReactNode): string {
  return renderToStaticMarkup(element)
    .replaceAll(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replaceAll('&amp;', '&')
    .replaceAll(/\s+/g, ' ');
}

function disconnectDialogText(): string {
  return textOf(
    createElement(DisconnectStoreDialog as never, {
      shop,
      disconnect: () => Promise.reject(new Error('not in this test')),
      onClosed: () => {},
      onDisconnected: () => {},
    }),
  );
}

function deleteAccountDialogText(usesPassword: boolean): string {
  return textOf(
    createElement(
      QueryClientProvider,
      { client: new QueryClient() },
      createElement(DeleteAccountSection as never, {
        uid: 'user-1',
        email: 'camille@example.com',
        usesPassword,
      }),
    ),
  );
}

function disconnectionText(result: ShopDisconnection): string {
  let text = '';
  function Probe() {
    text = useDisconnectionText()(result);
    return null;
  }
  renderToStaticMarkup(createElement(Probe));
  return text;
}

let i18n: Awaited<ReturnType<typeof initI18n>>;
beforeAll(async () => {
  i18n = await initI18n('en');
  await loadNamespaces(['shops', 'settings']);
});

async function inLanguage(language: 'en' | 'fr'): Promise<void> {
  await i18n.changeLanguage(language);
  await loadNamespaces(['shops', 'settings']);
}

describe('the confirmation of a disconnection', () => {
  it('says in English that the change history, and with it any undo, and the score trend go', async () => {
    await inLanguage('en');
    const text = disconnectDialogText();
    expect(text).toContain('the history of your changes to this store');
    expect(text).toContain('none of them can be undone from Vitrine any more');
    expect(text).toContain('the trend of its SEO score');
  });

  it('says so in French', async () => {
    await inLanguage('fr');
    const text = disconnectDialogText();
    expect(text).toContain('l’historique de vos modifications de cette boutique');
    expect(text).toContain('aucune ne pourra plus être annulée depuis Vitrine');
    expect(text).toContain('l’évolution de son score SEO');
  });
});

describe('the confirmation of an account deletion', () => {
  it.each([true, false])(
    'says in English that the stores are disconnected and a paid plan ends at once (password: %s)',
    async (usesPassword) => {
      await inLanguage('en');
      const text = deleteAccountDialogText(usesPassword);
      expect(text).toContain('Your connected Shopify stores are disconnected');
      expect(text).toContain('A paid plan ends at once.');
    },
  );

  it('says so in French', async () => {
    await inLanguage('fr');
    const text = deleteAccountDialogText(true);
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
